import { m } from "@client/paraglide/messages";

/** Grey blocks in the shape of a card, while its content loads. */
export function CardPlaceholder() {
  return (
    <div aria-hidden className="rounded-3xl border border-slate-200 bg-white p-4">
      <div className="flex gap-3.5">
        <div className="size-[4.5rem] animate-pulse rounded-2xl bg-slate-100" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
        </div>
      </div>
      <div className="mt-4 h-2 animate-pulse rounded-full bg-slate-100" />
    </div>
  );
}

/**
 * One grey block in the size of what loads (a map, a calendar). `busy`: it stands for the whole screen
 * and tells screen readers it loads; otherwise it is hidden from them.
 */
export function BlockPlaceholder({ className, busy = false }: { className: string; busy?: boolean }) {
  return busy ? (
    <div className={`animate-pulse rounded-2xl ${className}`} aria-busy="true" aria-label={m.common_loading()} />
  ) : (
    <div aria-hidden className={`animate-pulse rounded-2xl ${className}`} />
  );
}

/** Placeholder cards in a column while a list loads; one status for screen readers. */
export function ListPlaceholder({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-label={m.common_loading()} className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <CardPlaceholder key={i} />
      ))}
    </div>
  );
}

/**
 * A page still loading: a title and placeholder cards inside the shell, so header and tab bar stand
 * at once (issue 11) and the real page replaces the blocks without moving the shell. A screen high,
 * so the footer waits below it instead of jumping down when the page comes (layout shift).
 */
export function PagePlaceholder() {
  return (
    <div role="status" aria-label={m.common_loading()} data-testid="page-placeholder" className="min-h-dvh space-y-3 px-4 pt-5 pb-24">
      <div aria-hidden className="mb-5 h-8 w-2/3 animate-pulse rounded-lg bg-slate-200/70" />
      <CardPlaceholder />
      <CardPlaceholder />
      <CardPlaceholder />
    </div>
  );
}
