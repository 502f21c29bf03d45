import { Wrench } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";

/** How often the screen asks /api/health whether the server is back. */
export const MAINTENANCE_POLL_MS = 5_000;

/** Whether a health answer says the server is back (answering, not in maintenance). */
export async function serverIsBack(): Promise<boolean> {
  try {
    const res = await fetch("/api/health", { cache: "no-store", credentials: "same-origin" });
    if (!res.ok) return false;
    const body = (await res.json()) as { maintenance?: boolean };
    return body.maintenance === false;
  } catch {
    return false;
  }
}

/**
 * Spec 001 section 8, "Maintenance-mode server message ('... is in maintenance mode.') | page reloads": once any call
 * answers MAINTENANCE (server/http/maintenance.ts), the whole app gives way to this screen (mounted by
 * maintenance-watch.tsx), which asks /api/health every few seconds (and when the tab or the connection comes back)
 * and reloads the page when the server is back.
 */
export function MaintenanceScreen() {
  const [back, setBack] = useState(false);
  useLocale();

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (stopped || !(await serverIsBack()) || stopped) return;
      stopped = true;
      setBack(true);
      window.location.reload();
    };
    const timer = window.setInterval(() => void check(), MAINTENANCE_POLL_MS);
    const soon = () => void check();
    window.addEventListener("online", soon);
    document.addEventListener("visibilitychange", soon);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("online", soon);
      document.removeEventListener("visibilitychange", soon);
    };
  }, []);

  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="maintenance-title"
      aria-describedby="maintenance-body"
      data-testid="maintenance-screen"
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center bg-gradient-to-b from-pitch-50 to-chalk px-6 text-center"
    >
      <span className="inline-flex size-20 items-center justify-center rounded-full bg-white text-pitch-700 shadow-sm shadow-slate-900/10">
        <Wrench aria-hidden className="size-10" />
      </span>
      <h1 id="maintenance-title" className="mt-6 text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">
        {m.maintenance_title()}
      </h1>
      <p id="maintenance-body" className="mt-3 max-w-sm text-[16px] leading-snug text-slate-600">
        {m.maintenance_body()}
      </p>
      <p role="status" className="mt-8 inline-flex max-w-xs items-center gap-2 text-left text-[14px] font-semibold text-pitch-700">
        <span aria-hidden className="size-2.5 shrink-0 animate-pulse rounded-full bg-pitch-600" />
        {back ? m.maintenance_back() : m.maintenance_waiting()}
      </p>
    </div>
  );
}
