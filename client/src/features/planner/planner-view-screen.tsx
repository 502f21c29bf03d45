import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarClock, CalendarPlus, Check, Copy, MessageCircle, Repeat, Send, ShieldX, SquareStop, Trophy } from "lucide-react";
import { useEffect, useState } from "react";
import { gameDurationFor, nextOccurrence } from "@shared/rules/planner";
import { berlinDay } from "@shared/rules/berlin-time";
import type { TPlanner } from "@shared/schemas/planner";
import { Button, buttonClassName } from "@client/components/button";
import { NoPermission } from "@client/components/no-permission";
import { NotFoundState } from "@client/components/not-found-state";
import { Notice } from "@client/components/notice";
import { PagePlaceholder } from "@client/components/page-placeholder";
import { showToast } from "@client/components/toast";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { copyToClipboard, shareActionClass } from "@client/features/games/share-actions";
import { telegramShareUrl, whatsappShareUrl } from "@client/features/games/game-share";
import { intervalName, pollUrl, slotWords, votersText } from "./planner-format";
import { plannerQueryOptions } from "./planner-queries";
import { plannerStatusLine } from "./planner-list-screen";

/** What the create-game form is opened with to make the weekly session (routes/_authed/create.game.tsx). */
export function convertSearch(planner: TPlanner, now: Date) {
  const slot = planner.slots.find((s) => s.id === planner.leadingSlotId);
  if (!slot) return null;
  const start = nextOccurrence(slot.weekday, slot.startTime, now);
  return {
    ...(planner.court ? { courtId: planner.court.id } : {}),
    day: berlinDay(start),
    time: slot.startTime,
    duration: gameDurationFor(slot.durationMinutes),
    weekly: 1 as const,
    plannerId: planner.id,
  };
}

function ShareBox({ planner }: { planner: TPlanner }) {
  const url = pollUrl(planner.pollPath);
  const text = `${m.planner_share_text({ title: planner.title })} ${url}`;
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const preferred = planner.shareChannel;
  return (
    <section className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
      <h2 className="text-[18px] font-extrabold tracking-tight text-slate-900">{m.planner_view_share_title()}</h2>
      <p data-testid="planner-link" className="mt-1 truncate text-[14px] text-slate-600">
        {url}
      </p>
      <div className={`mt-3 flex gap-2 ${preferred === "TELEGRAM" ? "flex-row-reverse" : ""}`}>
        <a href={whatsappShareUrl(text)} target="_blank" rel="noopener noreferrer" className={shareActionClass} aria-label={m.planner_share_whatsapp()}>
          <MessageCircle aria-hidden className="size-5 text-pitch-600" />
          WhatsApp
        </a>
        <a href={telegramShareUrl(url, text)} target="_blank" rel="noopener noreferrer" className={shareActionClass} aria-label={m.planner_share_telegram()}>
          <Send aria-hidden className="size-5 text-sky-600" />
          Telegram
        </a>
        <button type="button" className={shareActionClass} onClick={async () => setCopied(await copyToClipboard(url))}>
          {copied ? <Check aria-hidden className="size-5 text-pitch-600" /> : <Copy aria-hidden className="size-5 text-slate-700" />}
          {copied ? m.planner_link_copied() : m.planner_copy_link()}
        </button>
      </div>
    </section>
  );
}

function SlotResult({ planner, slot }: { planner: TPlanner; slot: TPlanner["slots"][number] }) {
  const leads = planner.leadingSlotId === slot.id;
  return (
    <li data-testid="planner-slot" className={`rounded-3xl border bg-white p-4 shadow-sm shadow-slate-900/5 ${leads ? "border-pitch-500 ring-2 ring-pitch-500/30" : "border-slate-200"}`}>
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
          {leads ? <Trophy aria-hidden className="size-5" /> : <CalendarClock aria-hidden className="size-5" />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-[17px] leading-snug font-extrabold text-slate-900">{slotWords(slot, planner.interval)}</p>
          <p className="mt-0.5 text-[15px] font-semibold text-slate-800">
            {m.planner_yes_count({ count: String(slot.yesCount) })} · {m.planner_no_count({ count: String(slot.noCount) })}
          </p>
          {leads ? (
            <span className="mt-1.5 inline-flex rounded-full bg-pitch-100 px-2.5 py-0.5 text-[13px] font-bold text-pitch-800">
              {planner.ended ? m.planner_poll_winner() : m.planner_poll_leader()}
            </span>
          ) : null}
          <p className="mt-2 text-[14px] leading-snug break-words text-slate-700">
            {m.planner_names_yes({ names: slot.yesNames.length ? slot.yesNames.join(", ") : m.planner_nobody_yet() })}
          </p>
          {slot.noNames.length ? <p className="mt-0.5 text-[14px] leading-snug break-words text-slate-600">{m.planner_names_no({ names: slot.noNames.join(", ") })}</p> : null}
        </div>
      </div>
    </li>
  );
}

function ConvertBox({ planner }: { planner: TPlanner }) {
  if (planner.status === "CONVERTED") {
    return (
      <Notice tone="success">
        <p className="font-semibold">{m.planner_converted()}</p>
        {planner.gameTemplateId ? (
          <Link to="/weekly-sessions/$id" params={{ id: String(planner.gameTemplateId) }} className={buttonClassName({ className: "mt-3", variant: "secondary" })}>
            <Repeat aria-hidden className="size-5" />
            {m.planner_to_session()}
          </Link>
        ) : null}
      </Notice>
    );
  }
  const search = convertSearch(planner, new Date());
  if (!search) return <Notice tone="info">{m.planner_poll_no_winner()}</Notice>;
  return (
    <section className="rounded-3xl border border-pitch-200 bg-pitch-50 p-4">
      <Link to="/create/game" search={search} className={buttonClassName({ block: true, size: "lg" })} data-testid="planner-convert">
        <CalendarPlus aria-hidden className="size-5" />
        {m.planner_convert()}
      </Link>
      <p className="mt-2 text-[14px] leading-snug text-pitch-900">{m.planner_convert_hint()}</p>
      {planner.interval !== 0 ? <p className="mt-2 text-[14px] leading-snug text-amber-900">{m.planner_convert_interval_note({ interval: intervalName(planner.interval) })}</p> : null}
    </section>
  );
}

/** /planner/{id} (issue 26): per slot the yes count and the names, the leader; share, close early, turn the winner into a weekly session. */
export function PlannerViewScreen({ id }: { id: number }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const planner = useQuery(plannerQueryOptions(id));
  const close = useMutation(trpc.planner.close.mutationOptions());

  if (planner.isPending) return <PagePlaceholder />;
  if (planner.isError) {
    const code = appErrorCode(planner.error);
    const back = (className: string) => (
      <Link to="/planner" className={className}>
        {m.planner_back_to_list()}
      </Link>
    );
    if (code === "FORBIDDEN") return <NoPermission title={m.planner_no_permission()} back={back} signInRedirect={`/planner/${id}`} />;
    if (code === "PLANNER_NOT_FOUND") return <NotFoundState icon={<ShieldX aria-hidden className="size-10" />} title={m.planner_poll_not_found()} to="/" action={m.game_to_feed()} />;
    return (
      <div className="px-4 pt-6">
        <Notice tone="error">{errorMessage(planner.error)}</Notice>
      </div>
    );
  }
  const p = planner.data;
  return (
    <div className="pb-8">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
        <Link to="/planner" className="text-[14px] font-semibold text-pitch-700">
          ← {m.planner_back_to_list()}
        </Link>
        <h1 className="mt-2 text-[26px] leading-tight font-extrabold tracking-tight break-words text-slate-900">{p.title}</h1>
        <p data-testid="planner-status" className="mt-1 text-[15px] font-semibold text-slate-700">
          {plannerStatusLine(p, locale)} · {votersText(p.voterCount)}
        </p>
        {p.court || p.region ? <p className="text-[14px] text-slate-600">{[p.court?.name, p.region?.name].filter(Boolean).join(" · ")}</p> : null}
      </div>
      <div className="space-y-4 px-4">
        {p.ended ? <ConvertBox planner={p} /> : <ShareBox planner={p} />}
        <ul className="space-y-3">
          {p.slots.map((slot) => (
            <SlotResult key={slot.id} planner={p} slot={slot} />
          ))}
        </ul>
        {!p.ended ? (
          <>
            {close.error ? <Notice tone="error">{errorMessage(close.error)}</Notice> : null}
            <Button
              variant="danger"
              block
              loading={close.isPending}
              onClick={async () => {
                try {
                  const closed = await close.mutateAsync({ id: p.id });
                  queryClient.setQueryData(plannerQueryOptions(p.id).queryKey, closed);
                  void queryClient.invalidateQueries({ queryKey: trpc.planner.mine.pathKey() });
                  showToast(m.planner_closed_toast());
                } catch {
                  void planner.refetch();
                }
              }}
            >
              <SquareStop aria-hidden className="size-5" />
              {m.planner_close()}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
