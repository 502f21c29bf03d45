import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useSyncExternalStore } from "react";
import { UNREAD_REFRESH_MS } from "@shared/constants";
import { useAccount } from "@client/lib/account";
import { trpc } from "@client/lib/trpc";
import { countUnread, pruneExpiredReadIds, readGameMessageIds, readIdsVersion, readNewsIds, subscribeReadIds } from "./read-ids";
import { channelUnreadTotal } from "@client/features/tournaments/channel/channel-queries";

/** Lists refresh every 10 seconds, the open conversation every 5 (spec 000 section 4, Chat). */
export const LIST_REFRESH_MS = 10_000;
export const CONVERSATION_REFRESH_MS = 5_000;

/**
 * The account and screen the unread counts were last asked for, noted when a request starts, whoever started it (the
 * badge, the feed's game cards, the chat list): the badge asks again when the user has moved on since. Module state, as
 * the query's cache is. Noted at the request, not when the badge mounted: the badge's chunk can mount a screen later
 * than the cards asked (seen in CI), and the badge then took the new screen for the one already asked for.
 */
let unreadAskedFor: string | null = null;

function unreadAsking(accountId: number | undefined): string {
  return `${accountId ?? ""}:${typeof location === "undefined" ? "" : location.pathname}`;
}

/** Unread counts: at most every 2 minutes by themselves; screens that show them ask more often. */
export function unreadQueryOptions(refetchInterval: number = UNREAD_REFRESH_MS) {
  const options = trpc.chat.unreadCount.queryOptions(undefined, { staleTime: UNREAD_REFRESH_MS, refetchInterval });
  const ask = options.queryFn;
  if (!ask) return options;
  return {
    ...options,
    queryFn: (context: Parameters<typeof ask>[0]) => {
      unreadAskedFor = unreadAsking(context.client.getQueryData(trpc.users.myAccount.queryKey())?.id);
      return ask(context);
    },
  };
}

/** Re-renders when read ids change (this tab or another). */
export function useReadIds(): { games: ReadonlySet<number>; news: ReadonlySet<number> } {
  useSyncExternalStore(subscribeReadIds, readIdsVersion, readIdsVersion);
  return { games: readGameMessageIds(), news: readNewsIds() };
}

/**
 * The Chat tab badge: unread direct messages, unread game comments and unread tournament news. Fetched on each
 * navigation and otherwise at most every 2 minutes (spec 000 section 4).
 */
export function useUnreadTotal(): number {
  const account = useAccount();
  const queryClient = useQueryClient();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { games } = useReadIds();
  const { data } = useQuery({ ...unreadQueryOptions(), enabled: account !== null });

  useEffect(() => pruneExpiredReadIds(), []);
  useEffect(() => {
    if (!account) return;
    const asking = unreadAsking(account.id);
    // asked for this screen already (the query's own first request, a game card's, the last navigation's): not again
    if (unreadAskedFor === asking) return;
    // A request of this account still on its way answers on this screen: it counts for it. Asking again would only join
    // it (a query without data does not restart) and leave the last screen noted, so coming back there asked nothing.
    const key = trpc.chat.unreadCount.queryKey();
    if (unreadAskedFor?.startsWith(`${account.id}:`) && queryClient.isFetching({ queryKey: key }) > 0) {
      unreadAskedFor = asking;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: key });
  }, [pathname, account, queryClient]);

  if (!account || !data) return 0;
  return data.directMessages + data.currentGameChats.reduce((sum, chat) => sum + countUnread(chat.commentIds, games), 0) + channelUnreadTotal(data.tournamentChannels);
}
