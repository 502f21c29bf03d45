/**
 * Square crop of a picture (spec 001 section 5: profile images are cropped square and uploaded as
 * a 640x640 JPEG). The picture covers a square view of `view` CSS pixels; `zoom` 1 means the short
 * side just fits, `x`/`y` are where the picture's top-left corner sits in the view (never > 0, so
 * the view is always covered).
 */
export type Crop = { imageWidth: number; imageHeight: number; view: number; zoom: number; x: number; y: number };

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** View pixels per picture pixel at the given zoom. */
export function scaleOf(crop: Pick<Crop, "imageWidth" | "imageHeight" | "view" | "zoom">): number {
  return (crop.view / Math.min(crop.imageWidth, crop.imageHeight)) * crop.zoom;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Keeps the picture covering the whole view. */
export function clampCrop(crop: Crop): Crop {
  const zoom = clamp(crop.zoom, MIN_ZOOM, MAX_ZOOM);
  const scale = scaleOf({ ...crop, zoom });
  const minX = crop.view - crop.imageWidth * scale;
  const minY = crop.view - crop.imageHeight * scale;
  return { ...crop, zoom, x: clamp(crop.x, minX, 0), y: clamp(crop.y, minY, 0) };
}

/** The centred crop at zoom 1, where a picture starts. */
export function initialCrop(imageWidth: number, imageHeight: number, view: number): Crop {
  const scale = scaleOf({ imageWidth, imageHeight, view, zoom: 1 });
  return clampCrop({
    imageWidth,
    imageHeight,
    view,
    zoom: 1,
    x: (view - imageWidth * scale) / 2,
    y: (view - imageHeight * scale) / 2,
  });
}

/** Moves the picture by a drag of dx/dy view pixels. */
export function panCrop(crop: Crop, dx: number, dy: number): Crop {
  return clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy });
}

/** Zooms while the point in the middle of the view stays where it is. */
export function zoomCrop(crop: Crop, zoom: number): Crop {
  const before = scaleOf(crop);
  const next = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const after = scaleOf({ ...crop, zoom: next });
  const centre = crop.view / 2;
  // The picture pixel under the centre: (centre - x) / before; keep it under the centre.
  const x = centre - ((centre - crop.x) / before) * after;
  const y = centre - ((centre - crop.y) / before) * after;
  return clampCrop({ ...crop, zoom: next, x, y });
}

/** The square of the picture (in its own pixels) that the view shows, for drawImage. */
export function sourceSquare(crop: Crop): { sx: number; sy: number; size: number } {
  const scale = scaleOf(crop);
  const size = Math.min(crop.view / scale, crop.imageWidth, crop.imageHeight);
  const sx = clamp(-crop.x / scale, 0, crop.imageWidth - size);
  const sy = clamp(-crop.y / scale, 0, crop.imageHeight - size);
  return { sx, sy, size };
}
