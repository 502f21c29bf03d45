import { createFileRoute } from "@tanstack/react-router";
import { PollScreen } from "@client/features/planner/poll-screen";

// The availability planner's public poll page (issue 26): anybody with the link answers, no account needed.
export const Route = createFileRoute("/poll/$token")({
  component: PollRoute,
});

function PollRoute() {
  const { token } = Route.useParams();
  return <PollScreen key={token} token={token} />;
}
