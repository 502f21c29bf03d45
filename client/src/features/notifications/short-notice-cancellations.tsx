import { Link } from "@tanstack/react-router";
import { Check, UserMinus } from "lucide-react";
import { useMemo, useState } from "react";
import { notifiesOrganiser } from "@shared/rules/participation";
import type { TGame } from "@shared/schemas/games";
import { Button, buttonClassName } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { getSeenShortNoticeCancellations, markShortNoticeCancellationsSeen } from "@client/lib/local-records";
import { m } from "@client/paraglide/messages";

type Cancelled = TGame["cancelledParticipations"][number];

/** Players (not removed, not from the waiting list) who cancelled from 2 hours before the start on. */
export function shortNoticeCancellations(game: Pick<TGame, "startTime" | "cancelledParticipations">): Cancelled[] {
  return game.cancelledParticipations.filter((p) => !p.removed && p.shortNotice && notifiesOrganiser(game.startTime, p.cancelledAt));
}

/**
 * The short-notice cancellation notice for the organiser (spec 000 section 9: cancellations within
 * 2 hours of the start), until acknowledged; what was acknowledged is kept in local storage as
 * playersCancelledShortNotice (section 3), so each cancellation is told once per device. Offers the
 * missing-players help to find a replacement.
 */
export function ShortNoticeCancellations({ game }: { game: TGame }) {
  useLocale();
  const [seen, setSeen] = useState(getSeenShortNoticeCancellations);
  const unseen = useMemo(() => shortNoticeCancellations(game).filter((p) => !seen.has(p.id)), [game, seen]);
  if (!game.viewer.canManage || game.cancelledAt || unseen.length === 0) return null;

  function acknowledge() {
    markShortNoticeCancellationsSeen(
      unseen.map((p) => p.id),
      game.startTime,
    );
    setSeen(getSeenShortNoticeCancellations());
  }

  return (
    <section aria-labelledby="short-notice-cancellations" className="rounded-3xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <h2 id="short-notice-cancellations" className="flex items-center gap-2 text-[17px] font-bold">
        <UserMinus aria-hidden className="size-5 shrink-0 text-amber-700" />
        {m.short_notice_title()}
      </h2>
      <ul className="mt-2 space-y-1 text-[15px] leading-snug">
        {unseen.map((p) => {
          const name = p.player?.firstName ?? p.firstName ?? "?";
          const minutes = String(Math.max(0, Math.round((game.startTime.getTime() - p.cancelledAt.getTime()) / 60_000)));
          return (
            <li key={p.id}>
              {p.playerCount > 1
                ? m.short_notice_item_with_others({ name, minutes, others: String(p.playerCount - 1) })
                : m.short_notice_item({ name, minutes })}
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to="/game/$id"
          params={{ id: String(game.id) }}
          search={{ "missing-players": true }}
          className={buttonClassName({ variant: "secondary" })}
        >
          {m.short_notice_find_replacement()}
        </Link>
        <Button variant="outline" onClick={acknowledge}>
          <Check aria-hidden className="size-5" />
          {m.common_understood()}
        </Button>
      </div>
    </section>
  );
}
