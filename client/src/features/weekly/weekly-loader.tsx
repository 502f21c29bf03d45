import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, RefreshCw, SearchX, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { TGameTemplate } from "@shared/schemas/weekly";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { PagePlaceholder } from "@client/components/page-placeholder";
import { appErrorCode } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { weeklyQueryOptions } from "./weekly-queries";

/** Not found, or somebody else's session (the server answers both alike). */
export function WeeklyNotFound() {
  return (
    <div className="px-4 pt-8">
      <EmptyState icon={<SearchX aria-hidden className="size-7" />}>
        <p className="text-[16px] font-semibold text-slate-800">{m.error_WEEKLY_SESSION_NOT_FOUND()}</p>
        <Link to="/weekly-sessions" className={buttonClassName({ variant: "secondary", className: "mt-4" })}>
          <ArrowLeft aria-hidden className="size-5" />
          {m.weekly_back()}
        </Link>
      </EmptyState>
    </div>
  );
}

/**
 * Loads a weekly session for its pages: a skeleton at once, a retry in place when the call fails, the
 * not-found state for unknown (or foreign) ids, else `children` with the session. Fresh on every visit
 * and when the tab becomes visible again, since its state moves with the clock.
 */
export function WeeklyLoader({ id, children }: { id: number; children: (template: TGameTemplate) => ReactNode }) {
  useLocale();
  const query = useQuery(weeklyQueryOptions(id));
  useRefetchOnVisible(() => void query.refetch());
  if (query.isPending) return <PagePlaceholder />;
  if (query.isError) {
    const code = appErrorCode(query.error);
    if (code === "WEEKLY_SESSION_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") return <WeeklyNotFound />;
    return (
      <div className="px-4 pt-8">
        <EmptyState icon={<TriangleAlert aria-hidden className="size-7" />}>
          <p role="alert" className="text-[16px] font-semibold text-slate-800">
            {m.weekly_detail_error()}
          </p>
          <Button className="mt-4" variant="outline" loading={query.isFetching} onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden className="size-5" />
            {m.common_retry()}
          </Button>
        </EmptyState>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
