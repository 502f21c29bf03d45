import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import {
  BellRing,
  CalendarCheck2,
  CalendarClock,
  CalendarOff,
  CalendarX2,
  ChevronRight,
  MapPin,
  Power,
  Share2,
  SlidersHorizontal,
  Trash2,
} from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { playerCountOptions } from "@shared/rules/game-form";
import type { TGameTemplate } from "@shared/schemas/weekly";
import { Button, buttonClassName } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { SwitchField } from "@client/components/switch-field";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { playerCountLabel } from "@client/features/games/form/game-form";
import { formatTime } from "@client/lib/format/dates";
import { ShareActionRow } from "@client/features/games/share-actions";
import { formatWeekdayDate, weeklyTitle, weeklyWhen } from "./weekly-format";
import { WeeklyHeader } from "./weekly-header";
import { WeeklyLoader } from "./weekly-loader";
import { weeklyQueryOptions, useWeeklyUpdated } from "./weekly-queries";

/**
 * The share link: always the session's next game (spec 000 section 2, /weekly-sessions/{id}/latest); a
 * private session's link carries the session's key (server/domains/weekly/README.md).
 */
export function weeklyLatestUrl(id: number, origin: string, shareKey: string | null = null): string {
  return `${origin}/weekly-sessions/${id}/latest${shareKey ? `?key=${encodeURIComponent(shareKey)}` : ""}`;
}

function Card({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
      <h2 className="mb-3 flex items-center gap-2.5 text-[18px] font-extrabold tracking-tight text-slate-900">
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

const BOX_TONES = {
  amber: "bg-amber-50 text-amber-950 ring-amber-200",
  sky: "bg-sky-50 text-sky-950 ring-sky-200",
  pitch: "bg-pitch-50 text-pitch-950 ring-pitch-200",
  slate: "bg-slate-50 text-slate-900 ring-slate-200",
} as const;

function StateBox({ tone, icon, title, text, children }: { tone: keyof typeof BOX_TONES; icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div data-testid="weekly-confirmation" className={`rounded-3xl p-4 ring-1 ${BOX_TONES[tone]}`}>
      <p className="flex items-center gap-2 text-[18px] leading-tight font-extrabold">
        {icon}
        {title}
      </p>
      <p className="mt-1.5 text-[15px] leading-snug">{text}</p>
      {children}
    </div>
  );
}

/**
 * The confirmation box (spec 000 section 4, weekly sessions): "takes place" creates next week's game
 * (with the organiser's places), "does not take place" skips the week; before the window the hint says
 * when it opens; with next week's game its start and a link; deactivated: a note and "Aktivieren".
 * A refused answer shows its message here, and the box asks the server again.
 */
function ConfirmationBox({ template }: { template: TGameTemplate }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const weeklyUpdated = useWeeklyUpdated();
  const { state } = template;
  const [playerCount, setPlayerCount] = useState(template.organiserPlayerCount);
  const [skipOpen, setSkipOpen] = useState(false);
  // what the last answer did, shown while the box stays in the state it led to
  const [done, setDone] = useState<{ text: string; kind: TGameTemplate["state"]["kind"] } | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const create = useMutation(trpc.games.create.mutationOptions());
  const update = useMutation(trpc.weekly.update.mutationOptions());
  // another week (or new details): the choice starts from the organiser's places again
  const week = state.nextStart.getTime();
  useEffect(() => setPlayerCount(template.organiserPlayerCount), [week, template.organiserPlayerCount]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: weeklyQueryOptions(template.id).queryKey });
  const refused = (error: unknown) => {
    setProblem(error);
    void refresh();
  };

  async function takesPlace() {
    setProblem(null);
    setDone(null);
    try {
      await create.mutateAsync({ gameTemplateId: template.id, startTime: state.nextStart, playerCount });
      setDone({ text: m.weekly_takes_place_done({ date: formatWeekdayDate(state.nextStart, locale) }), kind: "scheduled" });
      await refresh();
      weeklyUpdated(null);
    } catch (error) {
      refused(error);
    }
  }

  async function skip() {
    setProblem(null);
    setDone(null);
    try {
      const updated = await update.mutateAsync({ id: template.id, latestStartTime: state.nextStart });
      setSkipOpen(false);
      setDone({ text: m.weekly_skip_done({ date: formatWeekdayDate(state.nextStart, locale) }), kind: "waiting" });
      weeklyUpdated(updated);
    } catch (error) {
      setSkipOpen(false);
      refused(error);
    }
  }

  async function activate() {
    setProblem(null);
    setDone(null);
    try {
      weeklyUpdated(await update.mutateAsync({ id: template.id, isActive: true }));
    } catch (error) {
      refused(error);
    }
  }

  const date = formatWeekdayDate(state.nextStart, locale);
  const time = formatTime(state.nextStart, locale);
  let box: ReactNode;
  if (state.kind === "open") {
    const counts = playerCountOptions(template.playsHimself).filter((count) => template.maxPlayers === null || count <= template.maxPlayers);
    box = (
      <StateBox tone="amber" icon={<BellRing aria-hidden className="size-5 shrink-0" />} title={m.weekly_open_title()} text={m.weekly_open_text({ date, time })}>
        <div className="mt-4 space-y-3">
          <SelectField
            label={m.weekly_player_count()}
            value={String(playerCount)}
            onValueChange={(value) => setPlayerCount(Number(value))}
            options={counts.map((count) => ({ value: String(count), label: playerCountLabel(count, template.playsHimself) }))}
            placeholder={m.weekly_player_count()}
          />
          <div className="flex flex-col gap-2">
            <Button size="lg" block loading={create.isPending} disabled={update.isPending} onClick={() => void takesPlace()}>
              <CalendarCheck2 aria-hidden className="size-5" />
              {m.weekly_takes_place()}
            </Button>
            <Button size="lg" variant="outline" block disabled={create.isPending} onClick={() => setSkipOpen(true)}>
              <CalendarX2 aria-hidden className="size-5" />
              {m.weekly_not_take_place()}
            </Button>
          </div>
        </div>
      </StateBox>
    );
  } else if (state.kind === "waiting") {
    const opensAt = state.opensAt ?? state.nextStart;
    box = (
      <StateBox
        tone="sky"
        icon={<CalendarClock aria-hidden className="size-5 shrink-0" />}
        title={m.weekly_waiting_title({ date: formatWeekdayDate(opensAt, locale), time: formatTime(opensAt, locale) })}
        text={m.weekly_waiting_text({ next: date, nextTime: time })}
      />
    );
  } else if (state.kind === "scheduled") {
    box = (
      <StateBox tone="pitch" icon={<CalendarCheck2 aria-hidden className="size-5 shrink-0" />} title={m.weekly_scheduled_title()} text={m.weekly_scheduled_text({ date, time })}>
        {state.gameId !== null ? (
          <Link to="/game/$id" params={{ id: String(state.gameId) }} className={buttonClassName({ block: true, size: "lg", className: "mt-4" })}>
            {m.weekly_to_game()}
            <ChevronRight aria-hidden className="size-5" />
          </Link>
        ) : null}
      </StateBox>
    );
  } else {
    box = (
      <StateBox tone="slate" icon={<CalendarOff aria-hidden className="size-5 shrink-0" />} title={m.weekly_deactivated_title()} text={m.weekly_deactivated_text()}>
        <Button className="mt-4" size="lg" block loading={update.isPending} onClick={() => void activate()}>
          <Power aria-hidden className="size-5" />
          {m.weekly_activate()}
        </Button>
      </StateBox>
    );
  }

  return (
    <div className="space-y-3">
      {done && done.kind === state.kind ? <Notice tone="success">{done.text}</Notice> : null}
      {problem ? <Notice tone="error">{errorMessage(problem)}</Notice> : null}
      {box}
      <Modal open={skipOpen} onClose={() => setSkipOpen(false)} title={m.weekly_skip_title()}>
        <p className="text-[15px] leading-relaxed text-slate-700">{m.weekly_skip_text({ date })}</p>
        <div className="mt-5 flex flex-col gap-2">
          <Button size="lg" variant="destructive" block loading={update.isPending} onClick={() => void skip()}>
            {m.weekly_not_take_place()}
          </Button>
          <Button variant="ghost" block onClick={() => setSkipOpen(false)}>
            {m.common_cancel()}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

/** Active or deactivated, and the regulars' head start (spec 000 section 4; the head start is beyond the old product). */
function Settings({ template }: { template: TGameTemplate }) {
  const weeklyUpdated = useWeeklyUpdated();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.weekly.update.mutationOptions());
  const save = (input: { isActive?: boolean; regularsHeadStart?: boolean }) =>
    update.mutate(
      { id: template.id, ...input },
      {
        onSuccess: (updated) => weeklyUpdated(updated),
        onError: () => void queryClient.invalidateQueries({ queryKey: weeklyQueryOptions(template.id).queryKey }),
      },
    );
  return (
    <Card title={m.weekly_settings()} icon={<SlidersHorizontal aria-hidden className="size-4.5" />}>
      <div className="space-y-5">
        <SwitchField
          label={m.weekly_active_switch()}
          hint={m.weekly_active_switch_hint()}
          checked={template.isActive}
          disabled={update.isPending}
          onCheckedChange={(isActive) => save({ isActive })}
        />
        <SwitchField
          label={m.weekly_headstart_label()}
          hint={m.weekly_headstart_hint()}
          checked={template.regularsHeadStart}
          disabled={update.isPending}
          onCheckedChange={(regularsHeadStart) => save({ regularsHeadStart })}
        />
        {update.isError ? <Notice tone="error">{errorMessage(update.error)}</Notice> : null}
      </div>
    </Card>
  );
}

const rowClass = "flex min-h-16 w-full items-center gap-3 rounded-2xl px-2 py-2 text-left hover:bg-slate-50";

function EditLinks({ template }: { template: TGameTemplate }) {
  return (
    <nav className="rounded-3xl border border-slate-200 bg-white p-2 shadow-sm shadow-slate-900/5" aria-label={m.weekly_settings()}>
      <Link to="/weekly-sessions/$id/edit-details" params={{ id: String(template.id) }} className={rowClass}>
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
          <SlidersHorizontal aria-hidden className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[16px] font-bold text-slate-900">{m.weekly_edit_details()}</span>
          <span className="block truncate text-[14px] text-slate-600">{m.weekly_edit_details_text()}</span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
      </Link>
      {template.viewer.canEditCourt ? (
        <Link to="/weekly-sessions/$id/edit-court" params={{ id: String(template.id) }} className={rowClass}>
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
            <MapPin aria-hidden className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block text-[16px] font-bold text-slate-900">{m.weekly_edit_court()}</span>
            {template.court ? <span className="block truncate text-[14px] text-slate-600">{m.weekly_edit_court_text({ court: template.court.name })}</span> : null}
          </span>
          <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
        </Link>
      ) : null}
    </nav>
  );
}

/** The share link, copied or sent with a ready-made text (the game share modal's actions). */
function ShareLink({ template }: { template: TGameTemplate }) {
  const { locale } = useLocale();
  const url = weeklyLatestUrl(template.id, window.location.origin, template.shareKey);
  const when = template.court ? `${weeklyWhen(template, locale)}, ${template.court.name}` : weeklyWhen(template, locale);
  return (
    <Card title={m.weekly_share_title()} icon={<Share2 aria-hidden className="size-4.5" />} testId="weekly-share">
      <p className="-mt-1 mb-3 text-[14px] leading-snug text-slate-600">{m.weekly_share_hint()}</p>
      {template.gameType === "PRIVATE" ? (
        <p data-testid="weekly-private-note" className="mb-3 rounded-xl bg-amber-50 p-3 text-[14px] leading-snug text-amber-900 ring-1 ring-amber-200">
          {m.weekly_private_note()}
        </p>
      ) : null}
      <input
        readOnly
        aria-label={m.weekly_share_title()}
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mb-3 min-h-11 w-full truncate rounded-xl border border-slate-200 bg-slate-50 px-3 text-[14px] text-slate-700"
      />
      <ShareActionRow title={weeklyTitle(template)} text={m.weekly_share_text({ when, url })} url={url} />
    </Card>
  );
}

/** Delete with a confirmation: the session ends, its games stay; back to the list. */
function DeleteSession({ template }: { template: TGameTemplate }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const weeklyUpdated = useWeeklyUpdated();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.weekly.delete.mutationOptions());
  async function confirm() {
    try {
      await remove.mutateAsync({ id: template.id });
      setOpen(false);
      queryClient.removeQueries({ queryKey: weeklyQueryOptions(template.id).queryKey });
      weeklyUpdated(null);
      await navigate({ to: "/weekly-sessions" });
    } catch {
      // shown in the dialog
    }
  }
  return (
    <>
      <Button variant="danger" block onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="size-5" />
        {m.weekly_delete()}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={m.weekly_delete_title()}>
        <p className="text-[15px] leading-relaxed text-slate-700">{m.weekly_delete_text()}</p>
        {remove.isError ? (
          <div className="mt-3">
            <Notice tone="error">{errorMessage(remove.error)}</Notice>
          </div>
        ) : null}
        <div className="mt-5 flex flex-col gap-2">
          <Button size="lg" variant="destructive" block loading={remove.isPending} onClick={() => void confirm()}>
            <Trash2 aria-hidden className="size-5" />
            {m.weekly_delete_confirm()}
          </Button>
          <Button variant="ghost" block onClick={() => setOpen(false)}>
            {m.common_cancel()}
          </Button>
        </div>
      </Modal>
    </>
  );
}

/** Asks the server again once the confirmation window opens or next week's game has started. */
function useRefreshAtStateChange(template: TGameTemplate) {
  const queryClient = useQueryClient();
  const now = useNow(15_000);
  const { state } = template;
  const changesAt = state.kind === "waiting" ? state.opensAt : state.kind === "deactivated" ? null : state.nextStart;
  const due = changesAt !== null && now.getTime() >= changesAt.getTime();
  useEffect(() => {
    if (due) void queryClient.invalidateQueries({ queryKey: weeklyQueryOptions(template.id).queryKey });
  }, [due, queryClient, template.id]);
}

function WeeklyDetail({ template }: { template: TGameTemplate }) {
  useRefreshAtStateChange(template);
  return (
    <div className="pb-8">
      <WeeklyHeader template={template} back="list" />
      <div className="space-y-4 px-4">
        <ConfirmationBox template={template} />
        <Settings template={template} />
        <EditLinks template={template} />
        <ShareLink template={template} />
        <DeleteSession template={template} />
      </div>
    </div>
  );
}

/** /weekly-sessions/{id} (spec 000 sections 2 and 4). */
export function WeeklyDetailScreen({ id }: { id: number }) {
  return <WeeklyLoader id={id}>{(template) => <WeeklyDetail template={template} />}</WeeklyLoader>;
}
