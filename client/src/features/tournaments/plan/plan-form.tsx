import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { berlinDateTimeToInstant, berlinTimeOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { PLAN, type PlanFormat, type TPlanPage } from "@shared/schemas/tournament-plans";
import type { TTournament } from "@shared/schemas/tournaments";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { Notice } from "@client/components/notice";
import { Stepper } from "@client/components/stepper";
import { TextField } from "@client/components/text-field";
import { showToast } from "@client/components/toast";
import { errorMessage } from "@client/lib/errors";
import { formatShortDate } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

const MATCH_MINUTES = [8, 10, 12, 15, 20, 25, 30, 45];
const BREAK_MINUTES = [0, 2, 3, 5, 10, 15];

/**
 * "Spielplan erstellen" (issue 29): the organiser picks the format, groups, match length, break, pitches and the first
 * kick-off (on the tournament's first day, Berlin time); the server draws from the teams holding a place.
 */
export function PlanForm({ tournament, page, onDone }: { tournament: TTournament; page: TPlanPage; onDone?: () => void }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const previous = page.plan;
  const maxGroups = Math.max(1, Math.min(PLAN.groupCountMax, Math.floor(page.teamCount / PLAN.groupSizeMin)));
  const [format, setFormat] = useState<PlanFormat>(previous?.format ?? (page.teamCount >= 6 ? "groups" : "league"));
  const [groupCount, setGroupCount] = useState(Math.min(previous?.groupCount ?? (page.teamCount >= 12 ? 4 : 2), maxGroups));
  const [matchMinutes, setMatchMinutes] = useState(previous?.matchMinutes ?? 12);
  const [breakMinutes, setBreakMinutes] = useState(previous?.breakMinutes ?? 3);
  const [pitches, setPitches] = useState(previous?.pitches ?? 2);
  const [kickoff, setKickoff] = useState(berlinTimeOfDay(previous?.startsAt ?? tournament.startTime));
  const generate = useMutation(trpc.tournaments.generatePlan.mutationOptions());
  const day = berlinDay(tournament.startTime);

  async function submit() {
    try {
      const next = await generate.mutateAsync({
        tournamentId: tournament.id,
        format,
        groupCount,
        matchMinutes,
        breakMinutes,
        pitches,
        startsAt: berlinDateTimeToInstant(day, /^\d{2}:\d{2}$/.test(kickoff) ? kickoff : berlinTimeOfDay(tournament.startTime)),
      });
      queryClient.setQueryData(trpc.tournaments.plan.queryKey({ tournamentId: tournament.id }), next);
      showToast(m.tplan_created());
      onDone?.();
    } catch {
      // shown below
    }
  }

  return (
    <section className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="plan-form" aria-labelledby="plan-form-title">
      <div className="flex items-start gap-3">
        <div className="inline-flex size-11 shrink-0 items-center justify-center rounded-2xl bg-pitch-100 text-pitch-700">
          <CalendarPlus aria-hidden className="size-6" />
        </div>
        <div>
          <h2 id="plan-form-title" className="text-xl font-extrabold text-slate-900">
            {m.tplan_create_title()}
          </h2>
          <p className="mt-1 text-[15px] leading-snug text-slate-700">{m.tplan_create_text({ count: page.teamCount })}</p>
        </div>
      </div>
      <div className="mt-5 flex flex-col gap-5">
        <ChoiceChips<PlanFormat>
          label={m.tplan_format()}
          value={format}
          onValueChange={setFormat}
          size="lg"
          choices={[
            { value: "groups", label: m.tplan_format_groups() },
            { value: "league", label: m.tplan_format_league() },
          ]}
        />
        {format === "groups" ? (
          <div>
            <Stepper label={m.tplan_group_count()} value={groupCount} min={1} max={maxGroups} onValueChange={setGroupCount} />
            <p className="mt-1 text-[13px] text-slate-600">{m.tplan_groups_hint()}</p>
          </div>
        ) : (
          <p className="-mt-2 text-[13px] text-slate-600">{m.tplan_league_hint()}</p>
        )}
        <Stepper label={m.tplan_pitches()} value={pitches} min={1} max={PLAN.pitchesMax} onValueChange={setPitches} />
        <ChoiceChips<number>
          label={m.tplan_match_minutes()}
          value={matchMinutes}
          onValueChange={setMatchMinutes}
          scroll
          choices={MATCH_MINUTES.map((n) => ({ value: n, label: String(n) }))}
        />
        <ChoiceChips<number>
          label={m.tplan_break_minutes()}
          value={breakMinutes}
          onValueChange={setBreakMinutes}
          scroll
          choices={BREAK_MINUTES.map((n) => ({ value: n, label: String(n) }))}
        />
        <TextField
          label={m.tplan_first_kickoff()}
          type="time"
          step={300}
          value={kickoff}
          onValueChange={setKickoff}
          name="firstKickoff"
          hint={m.tplan_kickoff_day({ day: formatShortDate(tournament.startTime, locale) })}
        />
        {generate.isError ? <Notice tone="error">{errorMessage(generate.error)}</Notice> : null}
        <Button size="lg" block loading={generate.isPending} onClick={() => void submit()}>
          {m.tplan_create_submit()}
        </Button>
      </div>
    </section>
  );
}
