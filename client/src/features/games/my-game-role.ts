import { useQuery } from "@tanstack/react-query";
import type { TMyGameRole } from "@shared/schemas/chat";
import { useAccount } from "@client/lib/account";
import { unreadQueryOptions } from "@client/features/chat/chat-queries";

/**
 * How the signed-in user takes part in a game ("my games": organising, playing, waiting), for marking
 * cards. It reads the current game chats, which the tab bar's unread badge keeps fresh anyway (one
 * shared query, no request per card); being the creator counts even for games beyond that list.
 */
export function useMyGameRole(game: { id: number; creator: { id: number } }): TMyGameRole | null {
  const account = useAccount();
  const { data } = useQuery({
    ...unreadQueryOptions(),
    enabled: account !== null,
    select: (unread) => unread.currentGameChats.find((chat) => chat.gameId === game.id)?.role ?? null,
  });
  if (!account) return null;
  if (game.creator.id === account.id) return "organising";
  return data ?? null;
}
