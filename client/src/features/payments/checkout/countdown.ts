import { useEffect, useState } from "react";

/** Whole seconds left until `deadline` at `now`, never below 0. */
export function secondsLeft(deadline: Date, now: Date): number {
  return Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));
}

/** A reservation's countdown as mm:ss, h:mm:ss from an hour (spec 000 section 4: the countdown shows seconds). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  return `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}

/** Seconds left until `deadline`, ticking every second while a deadline is given. */
export function useSecondsLeft(deadline: Date | null | undefined): number | null {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!deadline) return;
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 1_000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline ? secondsLeft(deadline, now) : null;
}
