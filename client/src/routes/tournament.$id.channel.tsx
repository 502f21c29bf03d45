import { createFileRoute } from "@tanstack/react-router";
import { channelQueryOptions } from "@client/features/tournaments/channel/channel-queries";
import { ChannelScreen } from "@client/features/tournaments/channel/channel-screen";

/** /tournament/{id}/channel: the news channel (the organiser, admins and paid teams; others read "Fehlende Berechtigung."). */
export const Route = createFileRoute("/tournament/$id/channel")({
  // the parent loaded the tournament; the channel starts loading here and a refusal shows in the screen
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(channelQueryOptions(Number(params.id))),
  component: ChannelRoute,
});

function ChannelRoute() {
  return <ChannelScreen tournamentId={Number(Route.useParams().id)} />;
}
