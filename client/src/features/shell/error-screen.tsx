import { RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { BallIcon } from "@client/components/ball-icon";
import { Button } from "@client/components/button";
import { useLocale } from "@client/lib/locale";
import { clearStoredAccount } from "@client/lib/storage";
import { m } from "@client/paraglide/messages";

/**
 * Fallback on a rendering or loading error (spec 001 section 2.1): 'Wiederherstellen' clears the
 * stored account and starts over at / with a fresh page load.
 */
export function ErrorScreen({ error }: { error?: unknown }) {
  useLocale();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);

  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-6 inline-flex size-20 items-center justify-center rounded-full bg-amber-100 text-amber-900">
        <BallIcon className="size-12" />
      </div>
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{m.error_screen_title()}</h1>
      <p className="mt-3 max-w-sm text-[16px] leading-relaxed text-slate-700">{m.error_screen_text()}</p>
      <Button
        size="lg"
        className="mt-8 min-w-56"
        onClick={() => {
          clearStoredAccount();
          window.location.assign("/");
        }}
      >
        <RefreshCw aria-hidden className="size-5" />
        {m.error_screen_restore()}
      </Button>
    </div>
  );
}
