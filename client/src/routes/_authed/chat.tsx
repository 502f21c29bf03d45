import { createFileRoute } from "@tanstack/react-router";
import { ChatScreen } from "@client/features/chat/chat-screen";
import { CHAT_TABS, type ChatSearch, type ChatTab } from "@client/features/chat/chat-search";

export const Route = createFileRoute("/_authed/chat")({
  // ?kickrunde (present, empty) opens News (spec 000 section 2); ?tab keeps the chosen tab on the way back.
  validateSearch: (search: Record<string, unknown>): ChatSearch => ({
    ...(CHAT_TABS.includes(search.tab as ChatTab) ? { tab: search.tab as ChatTab } : {}),
    ...("kickrunde" in search && (search.kickrunde === "" || search.kickrunde === true) ? { kickrunde: true as const } : {}),
  }),
  component: ChatRoute,
});

function ChatRoute() {
  return <ChatScreen search={Route.useSearch()} />;
}
