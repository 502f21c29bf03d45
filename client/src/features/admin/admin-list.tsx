import type { UseQueryResult } from "@tanstack/react-query";
import { ChevronDown, RefreshCw, TriangleAlert } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { errorMessage } from "@client/lib/errors";
import { m } from "@client/paraglide/messages";
import { ADMIN_PAGE_SIZE } from "./admin-queries";

type Page<T> = { items: T[]; total: number };

/** A list that could not be loaded: the reason and "Erneut versuchen" in place. */
export function ListError({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <EmptyState icon={<TriangleAlert aria-hidden className="size-7" />}>
      <p role="alert" className="text-[16px] font-semibold text-slate-800">
        {m.admin_load_failed()}
      </p>
      <p className="mt-1 max-w-xs text-[14px] leading-snug text-slate-600">{errorMessage(error)}</p>
      <Button className="mt-4" variant="outline" loading={retrying} onClick={onRetry}>
        <RefreshCw aria-hidden className="size-5" />
        {m.common_retry()}
      </Button>
    </EmptyState>
  );
}

/** An empty list: an icon, what is missing and, optionally, what to do (a create button). */
export function EmptyList({ icon, title, hint, children }: { icon: ReactNode; title: string; hint?: string; children?: ReactNode }) {
  return (
    <EmptyState icon={icon}>
      <p className="text-[16px] font-semibold text-slate-800">{title}</p>
      {hint ? <p className="mt-1 max-w-xs text-[14px] leading-snug text-slate-600">{hint}</p> : null}
      {children}
    </EmptyState>
  );
}

function LaterPage<T, E>({
  offset,
  usePage,
  renderItems,
}: {
  offset: number;
  usePage: (offset: number) => UseQueryResult<Page<T>, E>;
  renderItems: (items: T[]) => ReactNode;
}) {
  const page = usePage(offset);
  if (page.isPending) return <ListPlaceholder rows={1} />;
  if (page.isError) return <ListError error={page.error} retrying={page.isFetching} onRetry={() => void page.refetch()} />;
  return <>{renderItems(page.data.items)}</>;
}

/**
 * A console list in pages of ADMIN_PAGE_SIZE (users, news, reports, payments, the audit log): the first page
 * decides between placeholder, error, empty state and rows; "Mehr laden" adds the next page below while rows
 * remain. `usePage(offset)` is the list's query hook (a `useQuery` of its options at that offset).
 */
export function PagedList<T, E = unknown>({
  usePage,
  renderItems,
  empty,
  resetKey,
}: {
  usePage: (offset: number) => UseQueryResult<Page<T>, E>;
  renderItems: (items: T[]) => ReactNode;
  empty: ReactNode;
  /** a new search or filter starts again at the first page */
  resetKey?: string;
}) {
  const [more, setMore] = useState<{ key: string | undefined; pages: number }>({ key: resetKey, pages: 0 });
  const extraPages = more.key === resetKey ? more.pages : 0;
  const first = usePage(0);
  if (first.isPending) return <ListPlaceholder rows={3} />;
  if (first.isError) return <ListError error={first.error} retrying={first.isFetching} onRetry={() => void first.refetch()} />;
  if (first.data.total === 0 || first.data.items.length === 0) return <>{empty}</>;
  const shown = (extraPages + 1) * ADMIN_PAGE_SIZE;
  return (
    <div className="space-y-3">
      {renderItems(first.data.items)}
      {Array.from({ length: extraPages }, (_, index) => (
        <LaterPage key={index} offset={(index + 1) * ADMIN_PAGE_SIZE} usePage={usePage} renderItems={renderItems} />
      ))}
      {shown < first.data.total ? (
        <Button variant="outline" block onClick={() => setMore({ key: resetKey, pages: extraPages + 1 })}>
          <ChevronDown aria-hidden className="size-5" />
          {m.admin_load_more({ count: String(Math.min(ADMIN_PAGE_SIZE, first.data.total - shown)) })}
        </Button>
      ) : null}
    </div>
  );
}

/** A small rounded label on a row (Admin, Gesperrt, Offen…). */
export function Chip({ tone = "slate", children, testId }: { tone?: "slate" | "pitch" | "amber" | "red" | "sky"; children: ReactNode; testId?: string }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    pitch: "bg-pitch-100 text-pitch-800",
    amber: "bg-amber-100 text-amber-900",
    red: "bg-red-100 text-red-800",
    sky: "bg-sky-100 text-sky-900",
  } as const;
  return (
    <span data-testid={testId} className={`inline-flex items-center rounded-full px-2 py-0.5 text-[12px] font-bold ${tones[tone]}`}>
      {children}
    </span>
  );
}
