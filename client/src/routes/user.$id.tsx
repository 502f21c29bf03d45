import { createFileRoute, notFound } from "@tanstack/react-router";
import { appErrorCode } from "@client/lib/errors";
import { UserNotFound } from "@client/features/users/user-not-found";
import { UserScreen, userQueryOptions } from "@client/features/users/user-screen";

function parseUserId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export const Route = createFileRoute("/user/$id")({
  loader: async ({ context, params }) => {
    const id = parseUserId(params.id);
    if (id === null) throw notFound();
    try {
      await context.queryClient.ensureQueryData(userQueryOptions(id));
    } catch (error) {
      const code = appErrorCode(error);
      if (code === "USER_NOT_FOUND" || code === "NOT_FOUND" || code === "VALIDATION") throw notFound();
      throw error;
    }
  },
  notFoundComponent: UserNotFound,
  component: UserRoute,
});

function UserRoute() {
  const { id } = Route.useParams();
  return <UserScreen userId={Number(id)} />;
}
