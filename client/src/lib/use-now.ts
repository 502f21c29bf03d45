import { startTransition, useEffect, useState } from "react";
import { drawingTime, useHydrated } from "./hydration";

/**
 * The current time, refreshed every `intervalMs`, so time windows open and close on screen. Hydrating a page the
 * server drew, the server's drawing time first (lib/hydration.ts), the clock's right after.
 */
export function useNow(intervalMs = 30_000): Date {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => drawingTime(hydrated));
  const [fromDrawing] = useState(!hydrated);
  useEffect(() => {
    // in a transition, as the hydration's own follow-up (lib/hydration.ts): rendered in slices
    if (fromDrawing) startTransition(() => setNow(new Date()));
  }, [fromDrawing]);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
