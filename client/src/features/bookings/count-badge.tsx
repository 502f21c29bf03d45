/** A small round count (waiting requests); the text beside it says what is counted, so it is hidden from screen readers. */
export function CountBadge({ count, className = "", ring = "ring-white" }: { count: number; className?: string; ring?: string }) {
  return (
    <span
      aria-hidden
      data-count-badge={count}
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-[12px] leading-none font-bold text-white tabular-nums ring-2 ${ring} ${className}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}
