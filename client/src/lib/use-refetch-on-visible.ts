import { useEffect, useRef } from "react";

/** Calls `refetch` whenever the browser tab becomes visible again (spec 000 section 2, game page). */
export function useRefetchOnVisible(refetch: () => unknown): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === "visible") latest.current();
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
}
