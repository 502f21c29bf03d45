import { createFileRoute } from "@tanstack/react-router";
import { ReportScreen } from "@client/features/participation/report-screen";

export const Route = createFileRoute("/game/$id/report")({ component: ReportRoute });

function ReportRoute() {
  const { id } = Route.useParams();
  return <ReportScreen gameId={Number(id)} />;
}
