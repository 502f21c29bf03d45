import { rgb, type PDFFont, type PDFPage } from "pdf-lib";

/**
 * The building blocks of the PDFs the platform writes (tournament invoices, organiser invoices): A4 with its margin,
 * the colours, text the standard Helvetica can draw (WinAnsi) and a pen that draws and wraps it. pdf-lib with the
 * standard fonts only, so the single binary needs no font files.
 */

export const A4 = [595.28, 841.89] as const;
export const MARGIN = 56;
export const INK = rgb(0.12, 0.16, 0.22);
export const GREY = rgb(0.42, 0.45, 0.5);
export const LINE = rgb(0.82, 0.84, 0.87);

// WinAnsi (cp1252) beyond Latin-1: what the standard fonts can draw besides U+0020..U+00FF.
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/**
 * Text the standard font can draw: other spaces become spaces, accents it lacks are dropped (ő → o), anything else
 * (emoji, other scripts) becomes "?", so a name typed with them still gives a document instead of an error.
 */
export function winAnsi(text: string): string {
  let out = "";
  for (const ch of text.replace(/[\u2000-\u200b\u202f\u205f\u3000]/g, " ").replace(/[\r\n\t]+/g, " ")) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch)) out += ch;
    else {
      const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += base.length > 0 && [...base].every((c) => c.codePointAt(0)! < 0x7f) ? base : "?";
    }
  }
  return out;
}

export type DrawOptions = { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; align?: "left" | "right" };

/** A pen with a default font: `draw` writes one line (right-aligned at x when asked), `wrap` breaks a text into lines no wider than `max` (long words are cut). */
export function pen(regular: PDFFont) {
  const draw = (p: PDFPage, text: string, x: number, y: number, opts: DrawOptions = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const clean = winAnsi(text);
    const w = font.widthOfTextAtSize(clean, size);
    p.drawText(clean, { x: opts.align === "right" ? x - w : x, y, size, font, color: opts.color ?? INK });
  };
  const wrap = (text: string, max: number, font: PDFFont = regular, size = 10): string[] => {
    const lines: string[] = [];
    let line = "";
    for (const word of winAnsi(text).split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= max) line = next;
      else {
        if (line) lines.push(line);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > max && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > max) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
    }
    if (line) lines.push(line);
    return lines;
  };
  return { draw, wrap };
}

/**
 * An invoice's sums, right-aligned at `right` from `y` down: net, VAT and (bold, under a rule) gross, each
 * [label, amount as printed]. Answers the y below them.
 */
export function drawSums(
  page: PDFPage,
  draw: ReturnType<typeof pen>["draw"],
  fonts: { regular: PDFFont; bold: PDFFont },
  at: { right: number; y: number },
  rows: { net: [string, string]; vat: [string, string]; gross: [string, string] },
): number {
  const { right } = at;
  let { y } = at;
  for (const [[label, value], strong] of [
    [rows.net, false],
    [rows.vat, false],
    [rows.gross, true],
  ] as const) {
    if (strong) {
      page.drawLine({ start: { x: right - 220, y: y + 12 }, end: { x: right, y: y + 12 }, thickness: 0.7, color: LINE });
      y -= 4;
    }
    const font = strong ? fonts.bold : fonts.regular;
    const size = strong ? 12 : 10;
    draw(page, label, right - 220, y, { font, size });
    draw(page, value, right, y, { font, size, align: "right" });
    y -= 18;
  }
  return y;
}

/** A party's block on a document: name and address lines, and the VAT id when there is one. */
export type PdfParty = { name: string; lines: string[]; vatId: string | null };

/**
 * The platform's company as its invoices print it (config COMPANY_*; demo data until set, with a warning in
 * production each time an invoice is printed with it).
 */
export function platformParty(deps: {
  config: { env: string; company: { name: string; addressLines: readonly string[]; vatId: string | null; configured: boolean } };
  logger: { warn(message: string, data?: Record<string, unknown>): void };
}): PdfParty {
  const company = deps.config.company;
  if (!company.configured && deps.config.env === "production") {
    deps.logger.warn("invoice printed with incomplete company data: set COMPANY_NAME, COMPANY_ADDRESS and COMPANY_VAT_ID (README, Configuration)");
  }
  return { name: company.name, lines: [...company.addressLines], vatId: company.vatId };
}
