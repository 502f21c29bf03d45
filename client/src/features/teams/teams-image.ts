import type { TTeamSide } from "@shared/schemas/teams";
import { m } from "@client/paraglide/messages";
import { bibsFrom, playerName, sideLook } from "./team-names";

/**
 * The teams as a picture for a messenger (a 1080 px wide PNG): the heading, then each team as a card with its
 * colour, in two columns, and who brings the bibs. Drawn on a canvas, nothing leaves the phone.
 */
const WIDTH = 1080;
const PAD = 48;
const GAP = 28;
const ROW = 54;
const HEAD = 128;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > max) t = t.slice(0, -1);
  return `${t}…`;
}

export function drawTeamsImage(sides: readonly TTeamSide[], heading: string): HTMLCanvasElement {
  const columns = 2;
  const cardWidth = (WIDTH - 2 * PAD - GAP) / columns;
  const rows: number[] = [];
  sides.forEach((s, i) => {
    const r = Math.floor(i / columns);
    rows[r] = Math.max(rows[r] ?? 0, HEAD + s.players.length * ROW + 24);
  });
  const bibs = bibsFrom(sides);
  const top = 200;
  const height = top + rows.reduce((a, h) => a + h + GAP, 0) + (bibs.length > 0 ? 70 : 0) + 70;
  const canvas = document.createElement("canvas");
  canvas.width = WIDTH;
  canvas.height = height;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#f4f6f3";
  ctx.fillRect(0, 0, WIDTH, height);
  // the heading band
  ctx.fillStyle = "#166534";
  ctx.fillRect(0, 0, WIDTH, 150);
  ctx.fillStyle = "#ffffff";
  ctx.font = `800 52px ${FONT}`;
  ctx.fillText(m.teams_title(), PAD, 72);
  ctx.font = `500 32px ${FONT}`;
  ctx.fillText(fit(ctx, heading, WIDTH - 2 * PAD), PAD, 120);

  let y = top;
  rows.forEach((rowHeight, r) => {
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c;
      const side = sides[i];
      if (!side) continue;
      const look = sideLook(sides, i);
      const x = PAD + c * (cardWidth + GAP);
      ctx.fillStyle = "#ffffff";
      ctx.beginPath();
      ctx.roundRect(x, y, cardWidth, rowHeight, 28);
      ctx.fill();
      ctx.strokeStyle = "#e2e8f0";
      ctx.lineWidth = 2;
      ctx.stroke();
      // colour dot, name and shirts
      ctx.beginPath();
      ctx.arc(x + 48, y + 50, 20, 0, Math.PI * 2);
      ctx.fillStyle = look.colour;
      ctx.fill();
      if (look.ring) {
        ctx.strokeStyle = "#94a3b8";
        ctx.lineWidth = 3;
        ctx.stroke();
      }
      ctx.fillStyle = "#0f172a";
      ctx.font = `800 36px ${FONT}`;
      ctx.fillText(fit(ctx, look.name, cardWidth - 110), x + 84, y + 62);
      ctx.fillStyle = "#475569";
      ctx.font = `500 26px ${FONT}`;
      ctx.fillText(fit(ctx, look.shirts, cardWidth - 60), x + 30, y + 100);
      ctx.fillStyle = "#0f172a";
      ctx.font = `600 32px ${FONT}`;
      side.players.forEach((p, n) => ctx.fillText(fit(ctx, playerName(p), cardWidth - 60), x + 30, y + HEAD + 36 + n * ROW));
    }
    y += rowHeight + GAP;
  });
  if (bibs.length > 0) {
    ctx.fillStyle = "#334155";
    ctx.font = `600 30px ${FONT}`;
    ctx.fillText(fit(ctx, m.teams_bibs_from({ names: bibs.join(", ") }), WIDTH - 2 * PAD), PAD, y + 30);
    y += 70;
  }
  ctx.fillStyle = "#64748b";
  ctx.font = `600 26px ${FONT}`;
  ctx.fillText(m.app_name(), PAD, height - 32);
  return canvas;
}

export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("no image"))), "image/png"));
}
