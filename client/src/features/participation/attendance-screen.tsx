import { useMutation, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { UserRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import { RELIABILITY_FEEDBACK } from "@shared/constants";
import { playersIn } from "@shared/rules/player-list";
import { organiserCheckInWindow } from "@shared/rules/check-in";
import { rateProblem, ratingWindow, type ReliabilityFeedback } from "@shared/rules/reliability";
import type { TGame } from "@shared/schemas/games";
import { Avatar } from "@client/components/avatar";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { messageByKey, useLoadedMessageCatalogue } from "@client/lib/messages";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { formatDateTime, formatTime } from "@client/lib/format/dates";
import { participantName } from "@client/lib/format/players";
import { gameQueryOptions } from "@client/features/games/game-query";
import { ManageHeader, NoPermission } from "@client/features/games/manage/manage-common";
import { trpc } from "@client/lib/trpc";
import { PaymentCodeBadge } from "./cash-request";
import { CheckInList, checkInsQueryOptions } from "./check-in-list";
import { useGameRefresh } from "./use-game-refresh";

type Person = { id: number; firstName: string; profileImageUrl: string | null } | null;

function PersonName({ player, name, guestProfileId }: { player: Person; name: string; guestProfileId?: number | null }) {
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      {player ? (
        <Avatar name={name} imageUrl={player.profileImageUrl} size="sm" alt="" />
      ) : (
        <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-600">
          <UserRound aria-hidden className="size-4" />
        </span>
      )}
      {player ? (
        <Link to="/user/$id" params={{ id: String(player.id) }} className="truncate text-[15px] font-semibold text-slate-900 hover:underline">
          {name}
        </Link>
      ) : guestProfileId ? (
        <Link to="/guest/$id" params={{ id: String(guestProfileId) }} className="truncate text-[15px] font-semibold text-slate-900 hover:underline">
          {name}
        </Link>
      ) : (
        <span className="truncate text-[15px] font-semibold text-slate-900">{name}</span>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-[18px] font-extrabold tracking-tight text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

const FEEDBACK_LABELS: Record<ReliabilityFeedback, () => string> = {
  CAME: m.attendance_feedback_CAME,
  CAME_LATE: m.attendance_feedback_CAME_LATE,
  DID_NOT_COME: m.attendance_feedback_DID_NOT_COME,
};
const feedbackLabel = (value: ReliabilityFeedback) => FEEDBACK_LABELS[value]();

function extras(p: { playerCount: number; playsHimself?: boolean }): string | null {
  const n = p.playerCount - (p.playsHimself === false ? 0 : 1);
  return n > 0 ? m.game_player_extras({ count: String(n) }) : null;
}

/** When the player checked in (issue 29), on the rating row: the organiser sees why a choice is pre-filled. */
function CheckInLine({ checkIn, locale }: { checkIn: { checkedInAt: Date | null; late: boolean } | undefined; locale: string }) {
  if (!checkIn?.checkedInAt) return <p className="pl-9.5 text-[13px] text-slate-500">{m.attendance_not_checked_in()}</p>;
  const time = formatTime(checkIn.checkedInAt, locale);
  return (
    <p data-testid="attendance-check-in" className={`pl-9.5 text-[13px] font-semibold ${checkIn.late ? "text-amber-800" : "text-pitch-800"}`}>
      {checkIn.late ? m.attendance_checked_in_late({ time }) : m.attendance_checked_in({ time })}
    </p>
  );
}

/**
 * /game/{id}/attendance-list (spec 000 sections 2, 4): participants with the attendance rating
 * ("came" by default), the waiting list and the cancellations, for the creator and admins.
 */
export function AttendanceScreen({ gameId }: { gameId: number }) {
  useLoadedMessageCatalogue(); // the rating window's notice shows at once
  const { locale } = useLocale();
  const { data: game } = useSuspenseQuery(gameQueryOptions(gameId));
  const now = useNow();
  const refresh = useGameRefresh(gameId);
  const [feedback, setFeedback] = useState<Record<number, ReliabilityFeedback>>({});
  const send = useMutation(trpc.participation.sendFeedback.mutationOptions());
  // Check-ins (issue 29): the one-tap list, and the rating pre-filled from them (shared/rules/check-in.ts checkInFeedback)
  const checkInWindow = organiserCheckInWindow({ start: game.startTime, end: game.endTime, now });
  const checkIns = useQuery({ ...checkInsQueryOptions(gameId), enabled: game.viewer.canManage && checkInWindow !== "notYet" });

  if (!game.viewer.canManage) return <NoPermission game={game} />;
  const checkInOf = new Map((checkIns.data?.participations ?? []).map((c) => [c.participationId, c]));

  const active = game.participations.filter((p) => !p.queue);
  const waiting = game.participations.filter((p) => p.queue);
  const window = ratingWindow({ start: game.startTime, durationMinutes: game.durationMinutes, now, isAdmin: game.viewer.isAdmin });
  const problem = rateProblem({ cancelled: game.cancelledAt !== null, activeParticipations: active.length, window });
  // The organiser does not rate his own attendance, nor a rater his own (the server skips them too).
  const isOrganiser = (p: TGame["participations"][number]) => p.player?.id === game.creator.id;
  const isOwn = (p: TGame["participations"][number]) => p.id === game.viewer.participation?.id;
  const ratable = (p: TGame["participations"][number]) => !isOrganiser(p) && !isOwn(p);
  // An explicit choice wins, then a rating already sent, then the check-in's pre-fill, then "came" (spec 000 section 4).
  const valueOf = (p: TGame["participations"][number]): ReliabilityFeedback =>
    feedback[p.id] ?? p.organizerReliabilityFeedback ?? checkInOf.get(p.id)?.prefill ?? "CAME";
  const prefilled = active.some((p) => ratable(p) && !p.organizerReliabilityFeedback && checkInOf.get(p.id)?.prefill);

  async function save() {
    try {
      await send.mutateAsync({ gameId, feedback: active.filter(ratable).map((p) => ({ participationId: p.id, reliabilityFeedback: valueOf(p) })) });
      await refresh();
    } catch {
      // shown below
    }
  }

  return (
    <div className="pb-6">
      <ManageHeader game={game} title={m.attendance_title()} back={{ to: "manage" }} />
      <div className="space-y-6 px-4 pt-2">
        {checkInWindow === "closed" || game.cancelledAt ? null : <CheckInList game={game} now={now} />}
        {problem ? <Notice tone="info">{messageByKey(`error_${problem}`) ?? m.error_UNEXPECTED()}</Notice> : null}
        {!problem && game.receivedOrganizerReliabilityFeedback && !send.isSuccess ? <Notice tone="info">{m.attendance_rated()}</Notice> : null}
        {!problem && prefilled && !send.isSuccess ? <Notice tone="info">{m.attendance_prefilled()}</Notice> : null}
        <Section title={m.attendance_players({ count: String(playersIn(game.participations)) })}>
          {active.length === 0 ? (
            <p className="text-[15px] text-slate-600">{m.attendance_none()}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {active.map((p) => {
                const name = participantName(p);
                return (
                  <li key={p.id} className="space-y-2.5 px-4 py-3">
                    <div className="flex items-center justify-between gap-2">
                      <PersonName player={p.player} name={name} guestProfileId={p.guestProfileId} />
                      <span className="flex shrink-0 items-center gap-1.5">
                        {extras(p) ? <span className="shrink-0 rounded-full bg-pitch-100 px-1.5 text-[12px] font-bold text-pitch-800">{extras(p)}</span> : null}
                        <PaymentCodeBadge code={p.paymentCode} />
                      </span>
                    </div>
                    {checkIns.data && !problem && ratable(p) ? <CheckInLine checkIn={checkInOf.get(p.id)} locale={locale} /> : null}
                    {problem ? null : !ratable(p) ? (
                      <p className="text-[13px] text-slate-500">{isOrganiser(p) ? m.attendance_not_rated_self() : m.attendance_not_rated_own()}</p>
                    ) : (
                      <ChoiceChips
                        label={m.attendance_feedback_label({ name })}
                        hideLabel
                        value={valueOf(p)}
                        onValueChange={(value) => setFeedback((f) => ({ ...f, [p.id]: value }))}
                        choices={RELIABILITY_FEEDBACK.map((value) => ({ value, label: feedbackLabel(value) }))}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {problem || active.length === 0 ? null : (
            <div className="space-y-3 pt-2">
              {send.isError ? <Notice tone="error">{errorMessage(send.error)}</Notice> : null}
              {send.isSuccess ? <Notice tone="success">{m.attendance_saved()}</Notice> : null}
              <Button size="lg" block loading={send.isPending || checkIns.isLoading} onClick={() => void save()}>
                {m.attendance_save()}
              </Button>
            </div>
          )}
        </Section>
        <Section title={m.attendance_waiting({ count: String(waiting.length) })}>
          {waiting.length === 0 ? (
            <p className="text-[15px] text-slate-600">{m.attendance_none()}</p>
          ) : (
            <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {waiting.map((p) => (
                <li key={p.id} className="px-4 py-3">
                  <PersonName player={p.player} name={participantName(p)} guestProfileId={p.guestProfileId} />
                </li>
              ))}
            </ol>
          )}
        </Section>
        <Section title={m.attendance_cancelled({ count: String(game.cancelledParticipations.length) })}>
          {game.cancelledParticipations.length === 0 ? (
            <p className="text-[15px] text-slate-600">{m.attendance_none()}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {game.cancelledParticipations.map((p) => (
                <li key={p.id} className="px-4 py-3">
                  <PersonName player={p.player} name={p.player?.firstName ?? p.firstName ?? m.game_player_guest()} />
                  <p className="mt-1 flex flex-wrap items-center gap-1.5 pl-9.5 text-[13px] text-slate-600">
                    {m.attendance_cancelled_at({ when: formatDateTime(p.cancelledAt, locale) })}
                    {p.removed ? <span className="rounded-full bg-red-100 px-1.5 font-bold text-red-800">{m.attendance_removed()}</span> : null}
                    {p.shortNotice ? <span className="rounded-full bg-amber-100 px-1.5 font-bold text-amber-900">{m.attendance_short_notice()}</span> : null}
                    <PaymentCodeBadge code={p.paymentCode} />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}
