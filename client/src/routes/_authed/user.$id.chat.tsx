import { createFileRoute, notFound } from "@tanstack/react-router";
import { DirectChatScreen } from "@client/features/chat/direct-chat-screen";
import { UserNotFound } from "@client/features/users/user-not-found";

/** /user/{id}/chat behind the login guard (spec 000 section 2); /user/75/chat is the support chat. */
export const Route = createFileRoute("/_authed/user/$id/chat")({
  beforeLoad: ({ params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.id)) throw notFound();
  },
  notFoundComponent: UserNotFound,
  component: UserChatRoute,
});

function UserChatRoute() {
  const { id } = Route.useParams();
  const { account } = Route.useRouteContext();
  return <DirectChatScreen key={id} partnerId={Number(id)} myId={account.id} />;
}
