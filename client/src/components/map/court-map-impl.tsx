import { m } from "@client/paraglide/messages";
import { MAP_DEFAULT_CENTER, MAP_ZOOM_LIST, MAP_ZOOM_SINGLE } from "@shared/constants";
import * as maplibregl from "maplibre-gl";
import "maplibre-gl/dist/maplibre-gl.css";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef, useState } from "react";
import { MapMessage, MapPlaceholder } from "./map-states";
import type { CourtMapProps, MapCourt, MapPoint } from "./court-map-types";
import "./court-map.css";

maplibregl.setWorkerUrl(workerUrl);

/** Where every map loads its style: the server answers with the configured or the local style (server/http/map.ts). */
export const MAP_STYLE_PATH = "/map/style.json";
/** The style metadata entry carrying MAP_ATTRIBUTION (server/http/map.ts). */
const ATTRIBUTION_METADATA_KEY = "kickrunde:attribution";

type Status = "loading" | "ready" | "no-webgl" | "failed";

const lngLat = (p: MapPoint): [number, number] => [p.longitude, p.latitude];
const samePoint = (a: MapPoint | null | undefined, b: MapPoint | null | undefined) =>
  a === b || (!!a && !!b && a.latitude === b.latitude && a.longitude === b.longitude);
const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** Whether this browser gives WebGL at all; the probe's context is released at once (browsers keep only a few). */
function hasWebGl(): boolean {
  try {
    const canvas = document.createElement("canvas");
    const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    gl?.getExtension("WEBGL_lose_context")?.loseContext();
    return !!gl;
  } catch {
    return false;
  }
}

const PIN_SVG =
  '<svg viewBox="0 0 32 42" aria-hidden="true" focusable="false"><path class="kr-pin-body" d="M16 1C7.7 1 1 7.6 1 15.8c0 10.6 12.5 23.3 14 24.8a1.4 1.4 0 0 0 2 0C18.5 39.1 31 26.4 31 15.8 31 7.6 24.3 1 16 1Z"/>' +
  '<circle cx="16" cy="15.5" r="6.2" fill="#fff"/><circle class="kr-pin-dot" cx="16" cy="15.5" r="2.6"/></svg>';

function courtPin(court: MapCourt, onClick: () => void): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "kr-court-pin";
  el.setAttribute("aria-label", court.name);
  el.title = court.name;
  el.innerHTML = PIN_SVG;
  el.addEventListener("click", (event) => {
    event.stopPropagation();
    onClick();
  });
  return el;
}

function pickedPin(): HTMLDivElement {
  const el = document.createElement("div");
  el.className = "kr-picked-pin";
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", m.map_picked_point());
  el.innerHTML =
    '<svg viewBox="0 0 32 42" aria-hidden="true" focusable="false"><path d="M16 1C7.7 1 1 7.6 1 15.8c0 10.6 12.5 23.3 14 24.8a1.4 1.4 0 0 0 2 0C18.5 39.1 31 26.4 31 15.8 31 7.6 24.3 1 16 1Z"/>' +
    '<path d="M16 9.5v12M10 15.5h12" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg>';
  return el;
}

/** Where the map opens (spec 001 section 9): the given centre, a single court up close, several fitted, else Germany's centre. */
function initialCamera(props: CourtMapProps): { center: [number, number]; zoom: number; bounds?: maplibregl.LngLatBounds } {
  const { courts, center, zoom, pickedPoint } = props;
  if (center) return { center: lngLat(center), zoom: zoom ?? (courts.length === 1 ? MAP_ZOOM_SINGLE : MAP_ZOOM_LIST) };
  if (pickedPoint) return { center: lngLat(pickedPoint), zoom: zoom ?? MAP_ZOOM_SINGLE };
  if (courts.length === 1) return { center: lngLat(courts[0]!), zoom: zoom ?? MAP_ZOOM_SINGLE };
  if (courts.length > 1) {
    const bounds = new maplibregl.LngLatBounds();
    for (const c of courts) bounds.extend(lngLat(c));
    return { center: bounds.getCenter().toArray() as [number, number], zoom: zoom ?? MAP_ZOOM_LIST, bounds };
  }
  return { center: lngLat(MAP_DEFAULT_CENTER), zoom: zoom ?? MAP_ZOOM_LIST };
}

/** Absolute addresses for the worker, which does not resolve paths against the page. */
const absolute = (url: string) => ({ url: new URL(url, window.location.href).href });

export function CourtMapImpl(props: CourtMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const markersRef = useRef(new Map<number, { marker: maplibregl.Marker; el: HTMLButtonElement; court: MapCourt }>());
  const pickedRef = useRef<maplibregl.Marker | null>(null);
  /** The last point picked on this map (the screen usually hands it back as the centre). */
  const lastPick = useRef<MapPoint | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [status, setStatus] = useState<Status>(() => (hasWebGl() ? "loading" : "no-webgl"));
  const [idle, setIdle] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // The map itself: made once per attempt (a retry after an error makes a new one).
  useEffect(() => {
    const container = containerRef.current;
    if (!container || status === "no-webgl") return;
    const camera = initialCamera(propsRef.current);
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container,
        style: MAP_STYLE_PATH,
        center: camera.center,
        zoom: camera.zoom,
        ...(camera.bounds ? { bounds: camera.bounds, fitBoundsOptions: { padding: 56, maxZoom: MAP_ZOOM_SINGLE - 1 } } : {}),
        transformRequest: absolute,
        // Attribution bottom left (compact: an (i) that opens), the overlay slot takes the lower right.
        attributionControl: false,
        maplibreLogo: false,
        cooperativeGestures: false,
        // North stays up: rotating or tilting a map of pitches only confuses (and eats two-finger scrolls).
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxPitch: 0,
        locale: {
          // The canvas (focusable: arrows move, + and - zoom) names its keys; the section around it carries the label.
          "Map.Title": propsRef.current.onPick ? m.map_canvas_pick() : m.map_canvas(),
          "Marker.Title": m.map_marker(),
          "NavigationControl.ZoomIn": m.map_zoom_in(),
          "NavigationControl.ZoomOut": m.map_zoom_out(),
          "AttributionControl.ToggleAttribution": m.map_attribution_toggle(),
        },
      });
    } catch {
      setStatus("no-webgl");
      return;
    }
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
    mapRef.current = map;

    let loaded = false;
    map.on("load", () => {
      loaded = true;
      // The sources' own credits, plus MAP_ATTRIBUTION, which the server puts into the style's metadata (server/http/map.ts).
      const metadata = map.getStyle().metadata as Record<string, unknown> | undefined;
      const custom = metadata?.[ATTRIBUTION_METADATA_KEY];
      map.addControl(
        new maplibregl.AttributionControl({ compact: true, ...(typeof custom === "string" && custom ? { customAttribution: custom } : {}) }),
        "bottom-left",
      );
      setStatus("ready");
    });
    map.on("idle", () => setIdle(true));
    map.on("movestart", () => setIdle(false));
    map.on("error", (event: maplibregl.ErrorEvent & { sourceId?: string; tile?: unknown }) => {
      // A missing tile is drawn around; only a style that never loads leaves the box empty.
      if (!loaded && !event.sourceId && !event.tile) setStatus("failed");
    });
    map.on("webglcontextlost", () => setStatus("failed"));
    map.on("click", (event) => {
      const { onPick } = propsRef.current;
      if (!onPick) return;
      if ((event.originalEvent.target as Element | null)?.closest?.(".kr-court-pin")) return;
      const point = { latitude: round6(event.lngLat.lat), longitude: round6(event.lngLat.lng) };
      lastPick.current = point;
      onPick(point);
    });
    // The picker by keyboard: Enter on the focused map sets the point at its centre.
    const canvas = map.getCanvas();
    const onKey = (event: KeyboardEvent) => {
      const { onPick } = propsRef.current;
      if (!onPick || event.key !== "Enter") return;
      const c = map.getCenter();
      const point = { latitude: round6(c.lat), longitude: round6(c.lng) };
      lastPick.current = point;
      onPick(point);
    };
    canvas.addEventListener("keydown", onKey);

    const markers = markersRef.current;
    return () => {
      canvas.removeEventListener("keydown", onKey);
      markers.clear();
      pickedRef.current = null;
      mapRef.current = null;
      map.remove();
    };
    // A new map only per attempt: later props reach it through the effects below and propsRef.
  }, [attempt]);

  // A marker per court, kept in step with the list.
  const { courts, selectedId } = props;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const markers = markersRef.current;
    const wanted = new Map(courts.map((c) => [c.id, c]));
    for (const [id, entry] of markers) {
      const court = wanted.get(id);
      if (!court || court.latitude !== entry.court.latitude || court.longitude !== entry.court.longitude || court.name !== entry.court.name) {
        entry.marker.remove();
        markers.delete(id);
      }
    }
    for (const court of courts) {
      if (markers.has(court.id)) continue;
      const el = courtPin(court, () => propsRef.current.onSelect?.(court.id));
      const marker = new maplibregl.Marker({ element: el, anchor: "bottom" }).setLngLat(lngLat(court)).addTo(map);
      markers.set(court.id, { marker, el, court });
    }
    for (const [id, { el }] of markers) {
      const selected = id === selectedId;
      el.classList.toggle("kr-court-pin--selected", selected);
      el.setAttribute("aria-pressed", String(selected));
      el.style.zIndex = selected ? "2" : "1";
    }
  }, [courts, selectedId, attempt]);

  // The map follows the selected court (and keeps the zoom the user chose).
  const previousSelected = useRef(selectedId);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || selectedId === previousSelected.current) return;
    previousSelected.current = selectedId;
    const court = courts.find((c) => c.id === selectedId);
    if (court) map.easeTo({ center: lngLat(court), duration: reducedMotion() ? 0 : 450 });
  }, [selectedId, courts]);

  // A new centre (another region, a geocoded address) moves the map there; a new zoom zooms. A centre
  // that is the point just picked on this map does not move it (the user is looking at it).
  const { center, zoom } = props;
  const previousCenter = useRef(center);
  const previousZoom = useRef(zoom);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const moved = !!center && !samePoint(center, previousCenter.current) && !samePoint(center, lastPick.current);
    const zoomed = zoom !== undefined && zoom !== previousZoom.current;
    previousCenter.current = center;
    previousZoom.current = zoom;
    if (!moved && !zoomed) return;
    map.easeTo({ ...(moved ? { center: lngLat(center!) } : {}), ...(zoomed ? { zoom } : {}), duration: reducedMotion() ? 0 : 300 });
  }, [center, zoom]);

  // Courts that arrive after the map opened (no centre given): fit them once, unless the user already moved.
  const fittedFor = useRef(courts.length);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || center || fittedFor.current === courts.length || courts.length === 0) return;
    fittedFor.current = courts.length;
    const camera = initialCamera({ ...propsRef.current, courts });
    if (camera.bounds) map.fitBounds(camera.bounds, { padding: 56, maxZoom: MAP_ZOOM_SINGLE - 1, duration: 0 });
    else map.jumpTo({ center: camera.center, zoom: camera.zoom });
  }, [courts, center]);

  // The picked point: a distinct marker.
  const { pickedPoint } = props;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!pickedPoint) {
      pickedRef.current?.remove();
      pickedRef.current = null;
      return;
    }
    pickedRef.current ??= new maplibregl.Marker({ element: pickedPin(), anchor: "bottom" }).setLngLat(lngLat(pickedPoint)).addTo(map);
    pickedRef.current.setLngLat(lngLat(pickedPoint));
  }, [pickedPoint, attempt]);

  const retry = () => {
    setStatus(hasWebGl() ? "loading" : "no-webgl");
    setIdle(false);
    setAttempt((n) => n + 1);
  };

  return (
    <div className="absolute inset-0" data-map-state={status} data-map-idle={idle && status === "ready" ? "true" : "false"}>
      {/* Sized by width/height, not inset: maplibre's CSS makes its container position: relative.
          Hidden (not focusable, not read) until it has drawn, and behind a message when it cannot. */}
      <div
        ref={containerRef}
        className={`kr-court-map h-full w-full ${props.onPick ? "kr-court-map--picking" : ""} ${status === "ready" ? "" : "invisible"}`}
      />
      {status === "loading" ? <MapPlaceholder label={props.label} /> : null}
      {status === "no-webgl" ? <MapMessage text={m.map_error_webgl()} onRetry={retry} /> : null}
      {status === "failed" ? <MapMessage text={m.map_error_load()} onRetry={retry} /> : null}
    </div>
  );
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
