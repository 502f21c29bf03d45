import { useHydrated } from "@client/lib/hydration";
import { m } from "@client/paraglide/messages";
import { LazyChunk } from "../lazy-chunk";
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
  // The server cannot draw the map (nor finish its lazy boundary): a page it drew has the placeholder while hydrating.
  const hydrated = useHydrated();
  return (
    <section
      aria-label={props.label}
      className="relative isolate w-full overflow-hidden rounded-2xl border border-slate-200 bg-[#eef2ea]"
      style={{ height: props.height }}
    >
      {hydrated ? (
        <LazyChunk
          load={loadImpl}
          props={props}
          placeholder={<MapPlaceholder label={props.label} />}
          failed={(retry) => <MapMessage text={m.map_error_load()} onRetry={retry} />}
        />
      ) : (
        <MapPlaceholder label={props.label} />
      )}
      {/* The create-court / create-game button: there from the first frame, and usable even when the map cannot draw. */}
      {props.overlay ? <div className="absolute right-3 bottom-3 z-30">{props.overlay}</div> : null}
    </section>
  );
}
