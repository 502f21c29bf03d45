import { LoaderCircle } from "lucide-react";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

/** Shown while a slow loader runs (after the router's pending delay). */
export function PendingScreen() {
  useLocale();
  return (
    <div role="status" className="flex min-h-[40dvh] items-center justify-center gap-3 text-slate-600">
      <LoaderCircle aria-hidden className="size-6 animate-spin text-pitch-600" />
      {m.common_loading()}
    </div>
  );
}
