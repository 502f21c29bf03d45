import { COURT_IMAGE } from "@shared/constants";
import { jpegOfRgba } from "../integrations/image-codec";

/**
 * Pictures of the demo courts, drawn at seed time (server/db/README.md "Demo courts"): a pitch seen from
 * above in the court's colours, 1200x750 like an uploaded court image, encoded by the image codec. Nothing
 * binary is shipped, and every fresh database gets the same pictures.
 */
export type PitchColours = { turf: [number, number, number]; stripe: [number, number, number]; lines: [number, number, number]; surround: [number, number, number] };

export const PITCH_COLOURS = {
  artificial: { turf: [38, 140, 74], stripe: [46, 158, 86], lines: [245, 245, 245], surround: [70, 78, 88] },
  grass: { turf: [86, 150, 52], stripe: [98, 164, 60], lines: [250, 250, 240], surround: [120, 96, 64] },
  hall: { turf: [40, 98, 170], stripe: [44, 106, 182], lines: [250, 214, 64], surround: [196, 164, 120] },
  ash: { turf: [176, 84, 52], stripe: [186, 92, 58], lines: [250, 250, 250], surround: [60, 110, 60] },
} satisfies Record<string, PitchColours>;

export function drawPitch(c: PitchColours, width: number = COURT_IMAGE.width, height: number = COURT_IMAGE.height): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  const margin = Math.round(height * 0.08);
  const line = Math.max(3, Math.round(height / 150));
  const x0 = margin;
  const x1 = width - margin;
  const y0 = margin;
  const y1 = height - margin;
  const cx = width / 2;
  const cy = height / 2;
  const circle = height * 0.16;
  const boxW = (x1 - x0) * 0.14;
  const boxH = (y1 - y0) * 0.5;
  const goalH = (y1 - y0) * 0.18;
  const near = (v: number, target: number) => Math.abs(v - target) <= line / 2;
  const stripeW = (x1 - x0) / 10;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x >= x0 && x <= x1 && y >= y0 && y <= y1;
      let rgb = inside ? (Math.floor((x - x0) / stripeW) % 2 ? c.stripe : c.turf) : c.surround;
      if (inside) {
        const border = near(x, x0) || near(x, x1) || near(y, y0) || near(y, y1);
        const halfway = near(x, cx);
        const centre = near(Math.hypot(x - cx, y - cy), circle) || Math.hypot(x - cx, y - cy) <= line * 1.5;
        const inBoxY = y >= cy - boxH / 2 && y <= cy + boxH / 2;
        const box = (inBoxY && (near(x, x0 + boxW) || near(x, x1 - boxW))) || ((x <= x0 + boxW || x >= x1 - boxW) && (near(y, cy - boxH / 2) || near(y, cy + boxH / 2)));
        if (border || halfway || centre || box) rgb = c.lines;
      } else if ((x < x0 && x >= x0 - margin * 0.4) || (x > x1 && x <= x1 + margin * 0.4)) {
        // the goals
        if (y >= cy - goalH / 2 && y <= cy + goalH / 2) rgb = c.lines;
      }
      const i = (y * width + x) * 4;
      px[i] = rgb[0];
      px[i + 1] = rgb[1];
      px[i + 2] = rgb[2];
      px[i + 3] = 255;
    }
  }
  return px;
}

/** The picture as a 1200x750 JPEG. */
export function pitchJpeg(c: PitchColours): Promise<Uint8Array> {
  return jpegOfRgba(drawPitch(c), COURT_IMAGE.width, COURT_IMAGE.height, 82);
}
