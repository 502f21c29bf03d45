import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Megaphone, RefreshCw, SendHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { TOURNAMENT_TEAM, type TChannel, type TChannelMessage } from "@shared/schemas/tournament-teams";
import { Avatar } from "@client/components/avatar";
import { Button } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { NoPermission } from "@client/components/no-permission";
import { Notice } from "@client/components/notice";
import { inputClassName } from "@client/components/text-field";
import { showToast } from "@client/components/toast";
import { MessageText } from "@client/features/chat/chat-common";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { TournamentSubHeader } from "../sub-page-header";
import { tournamentQueryOptions } from "../tournament-queries";
import { channelQueryOptions } from "./channel-queries";

/** Refusals that mean "not for you" (spec 001 sections 6, 8: "Fehlende Berechtigung."); a visitor is offered to sign in. */
const NO_PERMISSION = new Set(["FORBIDDEN", "UNAUTHENTICATED"]);

function NoChannelPermission({ tournamentId }: { tournamentId: number }) {
  return (
    <NoPermission
      title={m.error_FORBIDDEN()}
      signInRedirect={`/tournament/${tournamentId}/channel`}
      back={(className) => (
        <Link to="/tournament/$id" params={{ id: String(tournamentId) }} className={className}>
          {m.tournament_back_to_page()}
        </Link>
      )}
    />
  );
}

/**
 * Marks each unread message read once at least half of it was on screen (spec 001 section 2.10: "marked read
 * automatically for the current user when displayed"); the Chat badge is asked again afterwards.
 */
function useMarkReadWhenShown(tournamentId: number) {
  const queryClient = useQueryClient();
  const mark = useMutation(trpc.tournaments.markChannelMessageRead.mutationOptions());
  const requested = useRef(new Set<number>());
  const observer = useRef<IntersectionObserver | null>(null);
  const pending = useRef(new Map<Element, number>());

  useEffect(() => {
    observer.current = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = pending.current.get(entry.target);
          if (!entry.isIntersecting || id === undefined || requested.current.has(id)) continue;
          requested.current.add(id);
          observer.current?.unobserve(entry.target);
          mark.mutate(
            { tournamentChannelMessageId: id },
            {
              onSuccess: () => {
                void queryClient.invalidateQueries({ queryKey: trpc.chat.unreadCount.queryKey() });
                void queryClient.invalidateQueries({ queryKey: channelQueryOptions(tournamentId).queryKey });
              },
              // tried again the next time it is shown
              onError: () => requested.current.delete(id),
            },
          );
        }
      },
      { threshold: 0.5 },
    );
    for (const element of pending.current.keys()) observer.current.observe(element);
    return () => observer.current?.disconnect();
    // the mutation object changes every render; its mutate is stable enough for fire-and-forget marks
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, tournamentId]);

  return (id: number) => (element: HTMLElement | null) => {
    if (!element) return;
    pending.current.set(element, id);
    observer.current?.observe(element);
  };
}

function MessageItem({ message, isNew, observe }: { message: TChannelMessage; isNew: boolean; observe?: (element: HTMLElement | null) => void }) {
  const { locale } = useLocale();
  const name = message.sender?.firstName ?? m.tchannel_unknown_sender();
  return (
    <li
      ref={observe}
      data-testid="channel-message"
      data-message-id={message.id}
      data-read={message.read ? "true" : "false"}
      className={`rounded-3xl border p-4 ${isNew ? "border-pitch-600 bg-pitch-50 ring-1 ring-pitch-600" : "border-slate-200 bg-white"}`}
    >
      <div className="mb-2 flex items-center gap-2.5">
        <Avatar name={name} imageUrl={message.sender?.profileImageUrl ?? null} size="sm" alt="" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-[15px] font-bold text-slate-900">{name}</p>
          <p className="text-[13px] text-slate-600 tabular-nums">
            <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt, locale)}</time>
          </p>
        </div>
        {isNew ? <span className="shrink-0 rounded-full bg-pitch-600 px-2.5 text-[12px] leading-6 font-bold text-white">{m.tchannel_new()}</span> : null}
      </div>
      <MessageText text={message.message} />
    </li>
  );
}

/** The organiser's and admins' message box: the hint, who receives it, a counter, send disabled while empty. */
function Composer({ tournamentId }: { tournamentId: number }) {
  const id = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const send = useMutation(trpc.tournaments.sendChannelMessage.mutationOptions());
  const length = [...text.trim()].length;
  const tooLong = length > TOURNAMENT_TEAM.channelMessageMax;
  const empty = length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || tooLong || send.isPending) return;
    try {
      await send.mutateAsync({ tournamentId, message: text });
      setText("");
      showToast(m.tchannel_sent());
      await queryClient.invalidateQueries({ queryKey: channelQueryOptions(tournamentId).queryKey });
    } catch {
      // shown in place; the text stays for another try
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm">
      <label htmlFor={id} className="block text-[15px] font-bold text-slate-900">
        {m.tchannel_message_label()}
      </label>
      <p id={hintId} className="mt-1 text-[14px] leading-snug text-slate-700">
        {m.tchannel_hint()} {m.tchannel_audience()}
      </p>
      <textarea
        id={id}
        value={text}
        rows={3}
        aria-describedby={hintId}
        aria-invalid={tooLong || undefined}
        placeholder={m.tchannel_placeholder()}
        onChange={(event) => setText(event.target.value)}
        className={`${inputClassName} mt-3 max-h-60 min-h-24 resize-none py-2.5 leading-snug [field-sizing:content] ${tooLong ? "border-red-600" : "border-slate-300"}`}
      />
      <div className="mt-2 flex items-center justify-between gap-3">
        <p className={`text-sm tabular-nums ${tooLong ? "font-semibold text-red-700" : "text-slate-500"}`}>
          {length}/{TOURNAMENT_TEAM.channelMessageMax}
        </p>
        <Button type="submit" loading={send.isPending} disabled={empty || tooLong}>
          <SendHorizontal aria-hidden className="size-5" />
          {m.tchannel_send()}
        </Button>
      </div>
      {send.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(send.error)}</Notice>
        </div>
      ) : null}
    </form>
  );
}

function Messages({ channel, tournamentId }: { channel: TChannel; tournamentId: number }) {
  const observe = useMarkReadWhenShown(tournamentId);
  // What was unread when first shown stays marked "Neu" for this visit, also after the server has the read mark.
  const [unreadOnArrival] = useState(() => new Set<number>());
  for (const message of channel.messages) if (!message.read && !unreadOnArrival.has(message.id)) unreadOnArrival.add(message.id);
  const newestFirst = [...channel.messages].reverse();
  if (newestFirst.length === 0) {
    return (
      <EmptyState icon={<Megaphone aria-hidden className="size-7" />}>
        <p className="text-[16px] font-semibold text-slate-800">{channel.canPost ? m.tchannel_empty_can_post() : m.tchannel_empty()}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" aria-label={m.tchannel_messages_label()}>
      {newestFirst.map((message) => (
        <MessageItem key={message.id} message={message} isNew={unreadOnArrival.has(message.id)} observe={message.read ? undefined : observe(message.id)} />
      ))}
    </ul>
  );
}

/**
 * /tournament/{id}/channel (spec 001 sections 2.10, 5, 6, 8): the tournament's name with the way back, the news
 * newest first (sender, time, message; unread ones marked "Neu" and marked read once shown) and, for the organiser
 * and admins, the message box with its hint. Users without a paid team read "Fehlende Berechtigung.".
 */
export function ChannelScreen({ tournamentId }: { tournamentId: number }) {
  useLocale();
  const { data: tournament } = useSuspenseQuery(tournamentQueryOptions(tournamentId));
  const query = useQuery(channelQueryOptions(tournamentId));
  useRefetchOnVisible(() => void query.refetch());
  const code = appErrorCode(query.error);
  if (code && NO_PERMISSION.has(code)) return <NoChannelPermission tournamentId={tournamentId} />;
  const channel = query.data;
  return (
    <div className="pb-8">
      <TournamentSubHeader tournamentId={tournamentId} title={tournament.name} subtitle={m.tchannel_subtitle()} />
      <div className="space-y-4 px-4">
        {channel?.canPost ? <Composer tournamentId={tournamentId} /> : null}
        {channel ? (
          <Messages channel={channel} tournamentId={tournamentId} />
        ) : query.isError ? (
          <div className="space-y-2">
            <Notice tone="error">
              {m.tchannel_load_failed()} {errorMessage(query.error)}
            </Notice>
            <Button variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden className="size-5" />
              {m.common_retry()}
            </Button>
          </div>
        ) : (
          <p role="status" className="py-10 text-center text-[15px] font-semibold text-slate-600">
            {m.common_loading()}
          </p>
        )}
      </div>
    </div>
  );
}
