import { m } from "@client/paraglide/messages";
import { Component, lazy, Suspense, useState, type ReactNode } from "react";
import type { CourtMapProps } from "./court-map-types";
import { MapMessage, MapPlaceholder } from "./map-states";

/** maplibre-gl (~290 kB gzip) and its CSS live in this chunk only, fetched when a map is first drawn. */
const loadImpl = () => import("./court-map-impl").then((mod) => ({ default: mod.CourtMapImpl }));

/**
 * The court map (spec 001 section 2.7). This light wrapper holds the map's exact height from the first
 * frame (no layout shift) and shows a calm placeholder with the label while the map's chunk loads; the
 * map itself (court-map-impl.tsx) is never on the feed's critical path.
 */
export function CourtMap(props: CourtMapProps) {
  // A chunk that failed to load (offline) is asked for again with a fresh lazy component.
  const [attempt, setAttempt] = useState(0);
  const [Impl, setImpl] = useState(() => lazy(loadImpl));
  const retry = () => {
    setImpl(() => lazy(loadImpl));
    setAttempt((n) => n + 1);
  };
  return (
    <section
      aria-label={props.label}
      className="relative isolate w-full overflow-hidden rounded-2xl border border-slate-200 bg-[#eef2ea]"
      style={{ height: props.height }}
    >
      <ChunkBoundary key={attempt} fallback={<MapMessage text={m.map_error_load()} onRetry={retry} />}>
        <Suspense fallback={<MapPlaceholder label={props.label} />}>
          <Impl {...props} />
        </Suspense>
      </ChunkBoundary>
      {/* The create-court / create-game button: there from the first frame, and usable even when the map cannot draw. */}
      {props.overlay ? <div className="absolute right-3 bottom-3 z-30">{props.overlay}</div> : null}
    </section>
  );
}

class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
