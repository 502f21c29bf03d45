import { createFileRoute } from "@tanstack/react-router";
import { ImpressumScreen } from "@client/features/legal/impressum-screen";

export const Route = createFileRoute("/impressum")({ component: ImpressumScreen });
