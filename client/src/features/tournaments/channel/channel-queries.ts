import type { TTournamentChannelChat } from "@shared/schemas/chat";
import { appErrorCode } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";

/** How often an open channel asks for news (as the chat lists: spec 000 section 4). */
export const CHANNEL_REFRESH_MS = 10_000;

/** Refusals that another try will not change. */
const FINAL = new Set(["FORBIDDEN", "UNAUTHENTICATED", "TOURNAMENT_NOT_FOUND"]);

/** The channel (news oldest first, the viewer's read marks, whether they may write); FORBIDDEN for those without rights. */
export function channelQueryOptions(tournamentId: number) {
  return trpc.tournaments.channel.queryOptions(
    { tournamentId },
    { staleTime: 0, refetchInterval: CHANNEL_REFRESH_MS, retry: (count, error) => count < 2 && !FINAL.has(appErrorCode(error) ?? "") },
  );
}

/** The unread tournament news of the channels a user follows (a part of the Chat badge). */
export function channelUnreadTotal(channels: readonly TTournamentChannelChat[] | undefined): number {
  return (channels ?? []).reduce((sum, channel) => sum + channel.unreadCount, 0);
}
