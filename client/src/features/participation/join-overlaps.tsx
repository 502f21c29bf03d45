import { useQuery } from "@tanstack/react-query";
import { CalendarClock } from "lucide-react";
import type { TCalendarOverlap } from "@shared/schemas/calendar-feed";
import { formatTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

function overlapTitle(overlap: TCalendarOverlap): string {
  if (overlap.kind === "booking") return m.join_overlap_booking({ court: overlap.title });
  // a busy time of the own Google calendar: Google's free/busy has no title
  if (overlap.kind === "google") return m.join_overlap_google();
  return overlap.role === "WAITING" ? m.join_overlap_waiting({ title: overlap.title }) : overlap.title;
}

/**
 * The join step's clash warning (issue 29; server/domains/calendar-feed/README.md "Overlap warning"): the signed-in
 * user's own games (playing, waiting, organising), court bookings and (when connected on the profile) busy times of
 * their Google calendar at the same time, computed by the server.
 * A booking or a game they only organise just informs (joining stays possible); a game they already play or wait for
 * makes the server refuse the join (ALREADY_IN_GAME_AT_TIME), which the hint says before the tap. Nothing shows while
 * it loads or when the question fails.
 */
export function JoinOverlaps({ gameId }: { gameId: number }) {
  const { locale } = useLocale();
  const overlaps = useQuery(trpc.calendarFeed.overlaps.queryOptions({ gameId }, { staleTime: 0 }));
  if (!overlaps.data?.length) return null;
  return (
    <div role="note" aria-label={m.join_overlap_title()} data-testid="join-overlaps" className="flex gap-2.5 rounded-2xl bg-amber-50 px-3.5 py-3 text-amber-950 ring-1 ring-amber-200">
      <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 space-y-1 text-[15px] leading-snug">
        <ul className="space-y-1 font-semibold">
          {overlaps.data.map((overlap) => (
            <li key={`${overlap.kind}-${overlap.id}`} className="break-words">
              {m.join_overlap_line({ title: overlapTitle(overlap), from: formatTime(overlap.startTime, locale), to: formatTime(overlap.endTime, locale) })}
            </li>
          ))}
        </ul>
        <p className="text-[14px] text-amber-900">{overlaps.data.some((o) => o.blocksJoin) ? m.join_overlap_blocks() : m.join_overlap_hint()}</p>
      </div>
    </div>
  );
}
