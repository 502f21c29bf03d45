import { createFileRoute } from "@tanstack/react-router";
import { AttendanceScreen } from "@client/features/participation/attendance-screen";

export const Route = createFileRoute("/game/$id/attendance-list")({ component: AttendanceRoute });

function AttendanceRoute() {
  const { id } = Route.useParams();
  return <AttendanceScreen gameId={Number(id)} />;
}
