import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { GuestNotFound, GuestScreen } from "@client/features/participation/guest-screen";
import { guestProfileQueryOptions } from "@client/features/participation/guest-queries";

function parseGuestId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export const Route = createFileRoute("/guest/$id")({
  loader: async ({ context, params }) => {
    const id = parseGuestId(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(guestProfileQueryOptions(id));
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "GUEST_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      throw error;
    }
  },
  notFoundComponent: GuestNotFound,
  component: GuestRoute,
});

function GuestRoute() {
  const { id } = Route.useParams();
  return <GuestScreen guestId={Number(id)} />;
}
