import { useSuspenseQuery } from "@tanstack/react-query";
import { CalendarRange, ExternalLink } from "lucide-react";
import { buttonClassName } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { TournamentPlan } from "./plan/tournament-plan";
import { TournamentSubHeader } from "./sub-page-header";
import { tournamentQueryOptions } from "./tournament-queries";

/**
 * /tournament/{id}/plan (spec 001 section 2.10): the organiser's plan page (planUrl, an https or http link they gave)
 * embedded in a sandboxed frame that sends no referrer (https only; an http link opens outside), with the way to open it outside; without a link
 * the tournament's own generated plan (issue 29, plan/tournament-plan.tsx). The Content-Security-Policy lets https pages be framed (server/http/security-headers.ts).
 */
export function PlanScreen({ tournamentId }: { tournamentId: number }) {
  useLocale();
  const { data: tournament } = useSuspenseQuery(tournamentQueryOptions(tournamentId));
  const planUrl = tournament.planUrl;
  // Only https pages may be framed (the Content-Security-Policy's frame-src); a plain http link opens outside.
  const embeddable = planUrl?.startsWith("https://") ?? false;
  const open = planUrl ? (
    <a href={planUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "outline", className: "shrink-0" })}>
      <ExternalLink aria-hidden className="size-4.5" />
      {m.tteam_plan_open()}
    </a>
  ) : null;
  return (
    <div className="flex min-h-[calc(100dvh-8rem)] flex-col pb-4">
      <TournamentSubHeader tournamentId={tournamentId} title={m.tteam_plan_title()} subtitle={tournament.name} aside={embeddable ? open : null} />
      {planUrl && !embeddable ? (
        <div className="flex flex-1 flex-col items-center justify-center px-6 py-12 text-center" data-testid="plan-outside">
          <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
            <CalendarRange aria-hidden className="size-10" />
          </div>
          <p className="max-w-sm text-[16px] text-slate-700">{m.tteam_plan_outside_only()}</p>
          <div className="mt-5">{open}</div>
        </div>
      ) : planUrl ? (
        <div className="flex flex-1 flex-col gap-2 px-4">
          <iframe
            src={planUrl}
            title={m.tteam_plan_frame_title({ name: tournament.name })}
            sandbox="allow-scripts allow-same-origin allow-popups"
            referrerPolicy="no-referrer"
            loading="lazy"
            className="min-h-[70dvh] w-full flex-1 rounded-2xl border border-slate-200 bg-white"
            data-testid="plan-frame"
          />
          <p className="text-[13px] leading-snug text-slate-600">{m.tteam_plan_hint()}</p>
        </div>
      ) : (
        <TournamentPlan tournament={tournament} />
      )}
    </div>
  );
}
