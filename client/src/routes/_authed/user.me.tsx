import { createFileRoute, redirect } from "@tanstack/react-router";

/** The own profile behind the login guard. */
export const Route = createFileRoute("/_authed/user/me")({
  beforeLoad: ({ context }) => {
    throw redirect({ to: "/user/$id", params: { id: String(context.account.id) }, replace: true });
  },
});
