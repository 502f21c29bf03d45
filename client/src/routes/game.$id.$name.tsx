import { createFileRoute } from "@tanstack/react-router";
import { NotFoundScreen } from "@client/features/shell/not-found-screen";

/** Any other /game/{id}/{name}: the fallback screen (spec 000 section 2). */
export const Route = createFileRoute("/game/$id/$name")({ component: NotFoundScreen });
