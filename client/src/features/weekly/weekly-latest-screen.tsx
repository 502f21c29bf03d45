import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { CalendarSearch, Loader2, RefreshCw, SearchX, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { appErrorCode } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="px-4 pt-10 pb-8">{children}</div>;
}

/**
 * /weekly-sessions/{id}/latest, the share link (spec 000 section 2): straight on to the session's next
 * game (its latest when none is ahead), replacing this page in the history; a friendly state otherwise.
 * A private session's link brings the session's key; the answer then brings the game's own key, and the
 * page loads /game/{id}?key=… in full, so the server keeps that game's key in the browser's cookie
 * (server/domains/weekly/README.md).
 */
export function WeeklyLatestScreen({ id, shareKey = null }: { id: number | null; shareKey?: string | null }) {
  useLocale();
  const navigate = useNavigate();
  const input = shareKey ? { id: id ?? 0, key: shareKey } : { id: id ?? 0 };
  const latest = useQuery({ ...trpc.weekly.latest.queryOptions(input, { staleTime: 0, retry: 1 }), enabled: id !== null });
  const gameId = latest.data?.gameId ?? null;
  const gameKey = latest.data?.shareKey ?? null;

  useEffect(() => {
    if (gameId === null) return;
    if (gameKey !== null) window.location.replace(`/game/${gameId}?key=${encodeURIComponent(gameKey)}`);
    else void navigate({ to: "/game/$id", params: { id: String(gameId) }, replace: true });
  }, [gameId, gameKey, navigate]);

  const code = latest.isError ? appErrorCode(latest.error) : null;
  const notFound = id === null || code === "WEEKLY_SESSION_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION";
  if (notFound || (latest.isSuccess && gameId === null)) {
    return (
      <Frame>
        <EmptyState icon={notFound ? <SearchX aria-hidden className="size-7" /> : <CalendarSearch aria-hidden className="size-7" />}>
          <p className="text-[17px] font-bold text-slate-900">{notFound ? m.error_WEEKLY_SESSION_NOT_FOUND() : m.weekly_latest_none_title()}</p>
          <p className="mt-1 max-w-xs text-[15px] leading-snug text-slate-600">{notFound ? m.weekly_latest_not_found_text() : m.weekly_latest_none_text()}</p>
          <Link to="/" className={buttonClassName({ className: "mt-5" })}>
            {m.game_to_feed()}
          </Link>
        </EmptyState>
      </Frame>
    );
  }
  if (latest.isError) {
    return (
      <Frame>
        <EmptyState icon={<TriangleAlert aria-hidden className="size-7" />}>
          <p role="alert" className="text-[16px] font-semibold text-slate-800">
            {m.weekly_detail_error()}
          </p>
          <Button className="mt-4" variant="outline" loading={latest.isFetching} onClick={() => void latest.refetch()}>
            <RefreshCw aria-hidden className="size-5" />
            {m.common_retry()}
          </Button>
        </EmptyState>
      </Frame>
    );
  }
  return (
    <Frame>
      <div aria-busy className="flex flex-col items-center gap-3 py-10 text-center text-slate-600">
        <Loader2 aria-hidden className="size-8 animate-spin text-pitch-600" />
        <p className="text-[16px] font-semibold">{m.weekly_latest_loading()}</p>
      </div>
    </Frame>
  );
}
