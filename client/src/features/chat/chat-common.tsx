import { Ban, CalendarDays, SendHorizontal } from "lucide-react";
import { useId, type FormEvent, type ReactNode } from "react";
import { MESSAGE_MAX_LENGTH, MESSAGE_PREVIEW_LENGTH } from "@shared/constants";
import { cleanMessageText, messageSegments, messageTextProblem } from "@shared/rules/message-text";
import { Avatar } from "@client/components/avatar";
import { Button } from "@client/components/button";
import { inputClassName } from "@client/components/text-field";
import { validationMessage } from "@client/lib/errors";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { useMessageCatalogue } from "@client/lib/messages";

/** A message text: plain text and only the allowed links (shared/rules/message-text.ts), never raw HTML. */
export function MessageText({ text, onDark = false }: { text: string; onDark?: boolean }) {
  return (
    <p className="text-[16px] leading-snug break-words whitespace-pre-line">
      {messageSegments(text, [window.location.hostname]).map((segment, index) =>
        segment.kind === "link" ? (
          <a
            key={index}
            href={segment.href}
            rel="noopener noreferrer"
            className={`font-semibold underline underline-offset-2 ${onDark ? "text-white" : "text-pitch-700"}`}
          >
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}

/** The preview of a latest message, truncated at 40 characters (spec 000 section 9). */
export function previewText(text: string): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length > MESSAGE_PREVIEW_LENGTH ? `${chars.slice(0, MESSAGE_PREVIEW_LENGTH).join("")}…` : chars.join("");
}

/** The problem of a draft, if any: empty or longer than 500 characters after cleaning. */
export function draftProblem(text: string): "message_required" | "message_too_long" | null {
  return messageTextProblem(cleanMessageText(text));
}

export function UnreadBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span aria-label={label} className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-[12px] leading-6 font-bold text-white tabular-nums">
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** The look of a row's link in the chat's Sessions tab. */
export const SESSION_ROW_LINK = "flex min-h-18 items-center gap-3 px-4 py-3 hover:bg-slate-50";

/** When the latest message came: the time today, the day otherwise ("Mo., 23. Nov."). */
export function messageWhen(at: Date, locale: string, now: Date): string {
  const day = formatShortDate(at, locale);
  return day === formatShortDate(now, locale) ? formatTime(at, locale) : day;
}

/**
 * The inside of a row in the chat's Sessions tab, a game chat or a tournament channel: the icon in its round tone, the
 * title and when the latest message came (bold while unread), the preview (or `emptyText` in italics) with the unread
 * count, and the start, struck through behind a "cancelled" mark when cancelled (`startLabel` read out before it).
 */
export function SessionRowContent(props: {
  icon: ReactNode;
  iconTone: string;
  title: string;
  latestAt: Date | null;
  preview: string | null;
  emptyText: string;
  unread: number;
  startTime: Date;
  cancelled: boolean;
  cancelledTestId?: string;
  startLabel?: string;
}) {
  const { locale } = useLocale();
  const { unread, preview, cancelled } = props;
  return (
    <>
      <span className={`inline-flex size-12 shrink-0 items-center justify-center rounded-full ${props.iconTone}`}>{props.icon}</span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate text-[16px] ${unread ? "font-extrabold text-slate-900" : "font-bold text-slate-800"}`}>{props.title}</span>
          {props.latestAt ? (
            <span className={`shrink-0 text-[12px] tabular-nums ${unread ? "font-bold text-pitch-700" : "text-slate-500"}`}>{messageWhen(props.latestAt, locale, new Date())}</span>
          ) : null}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={`truncate text-[14px] ${unread ? "font-semibold text-slate-900" : preview !== null ? "text-slate-700" : "text-slate-500 italic"}`}>
            {preview ?? props.emptyText}
          </span>
          <UnreadBadge count={unread} label={m.chat_unread_count({ count: unread })} />
        </span>
        <span className="mt-0.5 flex items-center gap-1 truncate text-[12px] text-slate-500">
          {cancelled ? (
            <span data-testid={props.cancelledTestId} className="mr-1 inline-flex items-center gap-1 rounded-md bg-red-50 px-1.5 py-0.5 font-bold text-red-800 ring-1 ring-red-200">
              <Ban aria-hidden className="size-3.5 shrink-0" />
              {m.chat_game_cancelled()}
            </span>
          ) : null}
          <CalendarDays aria-hidden className="size-3.5 shrink-0" />
          {props.startLabel ? <span className="sr-only">{props.startLabel}</span> : null}
          <span className={cancelled ? "line-through" : undefined}>
            {formatShortDate(props.startTime, locale)}, {formatTime(props.startTime, locale)}
          </span>
        </span>
      </span>
    </>
  );
}

/** One message: the sender's avatar and name on the left, the viewer's own on the right in green. */
export function Bubble({
  mine,
  name,
  imageUrl,
  time,
  unread = false,
  children,
}: {
  mine: boolean;
  name: string;
  imageUrl: string | null;
  time: string;
  unread?: boolean;
  children: ReactNode;
}) {
  return (
    <li className={`flex items-end gap-2 ${mine ? "flex-row-reverse" : ""}`}>
      {mine ? null : <Avatar name={name} imageUrl={imageUrl} size="sm" alt="" />}
      <div
        className={`max-w-[80%] rounded-2xl px-3.5 py-2 ${
          mine ? "rounded-br-md bg-pitch-600 text-white" : `rounded-bl-md bg-white text-slate-900 shadow-sm ${unread ? "ring-2 ring-pitch-500" : "ring-1 ring-slate-200"}`
        }`}
      >
        {mine ? null : <p className="text-[13px] font-bold text-pitch-700">{name}</p>}
        {children}
        <p className={`mt-0.5 text-right text-[12px] tabular-nums ${mine ? "text-pitch-100" : "text-slate-500"}`}>
          {unread ? <span className="mr-1.5 font-bold text-pitch-700">{m.chat_unread_marker()}</span> : null}
          {time}
        </p>
      </div>
    </li>
  );
}

/** A centred line for system messages ("Lena spielt mit"). */
export function SystemLine({ children }: { children: ReactNode }) {
  return (
    <li className="flex justify-center">
      <span className="rounded-full bg-slate-200/70 px-3 py-1 text-center text-[13px] font-medium text-slate-700">{children}</span>
    </li>
  );
}

/** The sticky send box above the tab bar: a growing text area, a counter and the send button. */
export function SendBox({
  value,
  onValueChange,
  onSend,
  pending,
  error,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  onSend: () => void;
  pending: boolean;
  error: string | null;
  /** extra fields above the text (the guest's name) */
  children?: ReactNode;
}) {
  useMessageCatalogue();
  const id = useId();
  const problem = draftProblem(value);
  const length = [...cleanMessageText(value)].length;
  const tooLong = problem === "message_too_long";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!problem && !pending) onSend();
  }

  return (
    <form noValidate onSubmit={submit} className="sticky bottom-[var(--bottom-bar-height,4.5rem)] z-10 border-t border-slate-200 bg-white/95 px-3 pt-2 pb-3 backdrop-blur">
      {children}
      {error ? (
        <p role="alert" className="mb-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {m.chat_message_label()}
        </label>
        <textarea
          id={id}
          value={value}
          rows={1}
          placeholder={m.chat_message_placeholder()}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
          }}
          aria-invalid={tooLong || undefined}
          className={`${inputClassName} max-h-36 min-h-11 resize-none py-2.5 leading-snug [field-sizing:content] ${tooLong ? "border-red-600" : "border-slate-300"}`}
        />
        <Button type="submit" loading={pending} disabled={problem !== null} aria-label={m.chat_send()} className="size-11 shrink-0 !px-0">
          {pending ? null : <SendHorizontal aria-hidden className="size-5" />}
        </Button>
      </div>
      {length > MESSAGE_MAX_LENGTH - 100 ? (
        <p className={`mt-1 text-right text-sm tabular-nums ${tooLong ? "font-semibold text-red-700" : "text-slate-500"}`}>
          {tooLong ? `${validationMessage("message_too_long")} ` : null}
          {length}/{MESSAGE_MAX_LENGTH}
        </p>
      ) : null}
    </form>
  );
}
