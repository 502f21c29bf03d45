import { createFileRoute } from "@tanstack/react-router";
import { GameChatScreen } from "@client/features/chat/game-chat-screen";

export const Route = createFileRoute("/game/$id/chat")({ component: GameChatRoute });

function GameChatRoute() {
  const { id } = Route.useParams();
  return <GameChatScreen gameId={Number(id)} />;
}
