import { createFileRoute } from "@tanstack/react-router";
import { PrivacyScreen } from "@client/features/legal/privacy-screen";

export const Route = createFileRoute("/datenschutz")({ component: PrivacyScreen });
