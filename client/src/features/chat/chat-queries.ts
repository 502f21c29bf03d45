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

/** Unread counts: at most every 2 minutes by themselves; screens that show them ask more often. */
export function unreadQueryOptions(refetchInterval: number = UNREAD_REFRESH_MS) {
  return trpc.chat.unreadCount.queryOptions(undefined, { staleTime: UNREAD_REFRESH_MS, refetchInterval });
}

/** Re-renders when read ids change (this tab or another). */
export function useReadIds(): { games: ReadonlySet<number>; news: ReadonlySet<number> } {
  useSyncExternalStore(subscribeReadIds, readIdsVersion, readIdsVersion);
  return { games: readGameMessageIds(), news: readNewsIds() };
}

/**
 * The account and screen the unread counts were last asked for: asked again when the user moved on (or another
 * account signed in), not when the badge's chunk mounts again on the same screen. Module state, as the query's cache is.
 */
let unreadAskedOn: string | null = null;

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
    // the first screen: the query's own first fetch is on its way (an invalidation cancelled it and asked again)
    const asking = `${account?.id ?? ""}:${pathname}`;
    if (unreadAskedOn === null) unreadAskedOn = asking;
    if (unreadAskedOn === asking) return;
    unreadAskedOn = asking;
    if (account) void queryClient.invalidateQueries({ queryKey: trpc.chat.unreadCount.queryKey() });
  }, [pathname, account, queryClient]);

  if (!account || !data) return 0;
  return data.directMessages + data.currentGameChats.reduce((sum, chat) => sum + countUnread(chat.commentIds, games), 0) + channelUnreadTotal(data.tournamentChannels);
}
