import { createFileRoute } from "@tanstack/react-router";
import { TournamentsScreen } from "@client/features/tournaments/tournaments-screen";

/** /tournaments: the user's city's upcoming tournaments and the creation info box (spec 001 section 2.10). */
export const Route = createFileRoute("/tournaments")({ component: TournamentsScreen });
