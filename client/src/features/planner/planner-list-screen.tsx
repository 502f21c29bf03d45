import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CalendarSearch, ChevronRight, Plus, RefreshCw, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { TPlanner } from "@shared/schemas/planner";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { votersText } from "./planner-format";
import { myPlannersQueryOptions } from "./planner-queries";

export function plannerStatusLine(p: Pick<TPlanner, "status" | "ended" | "pollEndsAt">, locale: string): string {
  if (p.status === "CONVERTED") return m.planner_status_converted();
  return p.ended ? m.planner_status_ended() : m.planner_status_open({ date: formatDateTime(p.pollEndsAt, locale) });
}

function PlannerCard({ planner }: { planner: TPlanner }) {
  const { locale } = useLocale();
  return (
    <Link
      to="/planner/$id"
      params={{ id: String(planner.id) }}
      data-testid="planner-card"
      className="flex items-center gap-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm shadow-slate-900/5 hover:border-pitch-300"
    >
      <span className={`inline-flex size-14 shrink-0 items-center justify-center rounded-2xl text-white ${planner.ended ? "bg-amber-500" : "bg-gradient-to-br from-pitch-600 to-pitch-800"}`}>
        <CalendarSearch aria-hidden className="size-7" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[17px] font-extrabold tracking-tight text-slate-900">{planner.title}</span>
        <span className="block truncate text-[14px] font-semibold text-slate-700">{plannerStatusLine(planner, locale)}</span>
        <span className="block truncate text-[13px] text-slate-600">{votersText(planner.voterCount)}</span>
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
    </Link>
  );
}

/** /planner (issue 26): the organiser's running polls and the ended ones awaiting their weekly session; "Neue Umfrage". */
export function PlannerListScreen() {
  useLocale();
  const planners = useQuery(myPlannersQueryOptions());
  let body: ReactNode;
  if (planners.isPending) body = <ListPlaceholder rows={2} />;
  else if (planners.isError) {
    body = (
      <EmptyState icon={<TriangleAlert aria-hidden className="size-7" />}>
        <p role="alert" className="text-[16px] font-semibold text-slate-800">
          {m.planner_load_error()}
        </p>
        <Button className="mt-4" variant="outline" loading={planners.isFetching} onClick={() => void planners.refetch()}>
          <RefreshCw aria-hidden className="size-5" />
          {m.common_retry()}
        </Button>
      </EmptyState>
    );
  } else if (planners.data.length === 0) {
    body = (
      <EmptyState icon={<CalendarSearch aria-hidden className="size-7" />}>
        <p className="text-[16px] font-semibold text-slate-800">{m.planner_empty()}</p>
        <p className="mt-1 max-w-xs text-[14px] leading-snug text-slate-600">{m.planner_empty_hint()}</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="space-y-3">
        {planners.data.map((planner) => (
          <li key={planner.id}>
            <PlannerCard planner={planner} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="pb-8">
      <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-5 pb-4">
        <h1 className="text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{m.planner_list_title()}</h1>
        <p className="mt-1 text-[15px] leading-snug text-slate-600">{m.planner_list_subtitle()}</p>
        <Link to="/planner/new" className={buttonClassName({ className: "mt-4", block: true, size: "lg" })}>
          <Plus aria-hidden className="size-5" />
          {m.planner_new()}
        </Link>
      </div>
      <div className="px-4">{body}</div>
    </div>
  );
}
