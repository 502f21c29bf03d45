import { useQuery } from "@tanstack/react-query";
import { RefreshCw, Trophy } from "lucide-react";
import { Button } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { Notice } from "@client/components/notice";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { errorMessage } from "@client/lib/errors";
import { m } from "@client/paraglide/messages";
import { TournamentCard } from "./tournament-card";
import { upcomingTournamentsQueryOptions } from "./tournament-queries";

/** The region's upcoming tournaments by start (spec 001 section 2.10), shared by /tournaments and the feed's tab. */
export function TournamentList({ regionSlug }: { regionSlug: string }) {
  const list = useQuery(upcomingTournamentsQueryOptions(regionSlug));
  if (list.isPending) return <ListPlaceholder rows={2} />;
  if (list.isError) {
    return (
      <div className="space-y-3">
        <Notice tone="error">{errorMessage(list.error)}</Notice>
        <Button variant="outline" onClick={() => void list.refetch()}>
          <RefreshCw aria-hidden className="size-4" />
          {m.common_retry()}
        </Button>
      </div>
    );
  }
  if (list.data.length === 0) {
    return (
      <EmptyState icon={<Trophy aria-hidden className="size-7" />}>
        <p className="text-[16px] font-semibold text-slate-800">{m.feed_empty_tournaments()}</p>
        <p className="mt-1 max-w-xs text-[15px] text-slate-600">{m.tournament_empty_hint()}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" data-testid="tournament-list">
      {list.data.map((tournament) => (
        <li key={tournament.id}>
          <TournamentCard tournament={tournament} />
        </li>
      ))}
    </ul>
  );
}
