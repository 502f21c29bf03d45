/**
 * The contract of the court map (client/src/components/map/court-map.tsx, which lazy-loads maplibre-gl in
 * its own chunk). Screens import only this file's types and `CourtMap` from court-map.tsx.
 */
export type MapPoint = { latitude: number; longitude: number };

export type MapCourt = MapPoint & { id: number; name: string };

export type CourtMapProps = {
  /** a marker per court; tapping one calls onSelect */
  courts: readonly MapCourt[];
  /** where the map opens; without it, the courts' centre, else the spec's default centre 51.175899, 10.947876 */
  center?: MapPoint | null;
  /** default: 11 (MAP_ZOOM_LIST), or 16 (MAP_ZOOM_SINGLE) when it shows exactly one court */
  zoom?: number;
  /** 375 inside screens with more below (MAP_HEIGHT_COMPACT), 400 on the courts page (MAP_HEIGHT_FULL) */
  height: 375 | 400;
  /** the highlighted marker; the map pans to it when it changes */
  selectedId?: number | null;
  onSelect?: (courtId: number) => void;
  /** the coordinates picker: a tap on the map sets this point (a distinct marker) and calls onPick */
  pickedPoint?: MapPoint | null;
  onPick?: (point: MapPoint) => void;
  /** read by screen readers and used as the map region's label */
  label: string;
  /** floating content over the map's lower right corner (the create-court / create-game button) */
  overlay?: React.ReactNode;
};
