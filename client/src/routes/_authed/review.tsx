import { createFileRoute } from "@tanstack/react-router";
import { ReviewScreen } from "@client/features/review/review-screen";

/** `/review` (spec 001 sections 2.2, 2.12): signed in, as the route table says. */
export const Route = createFileRoute("/_authed/review")({ component: ReviewScreen });
