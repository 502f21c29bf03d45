import { PDFDocument, StandardFonts, type PDFPage } from "pdf-lib";
import { GAME_TIME_ZONE, type Language } from "@shared/constants";
import { formatMoney } from "@shared/rules/money";
import { A4, drawSums, GREY, LINE, MARGIN, pen, winAnsi, type PdfParty } from "../../lib/pdf";

/**
 * An organiser's monthly invoice for the platform fees kept from their games' card payments (issue 26; README
 * Decisions "Organiser invoices"), drawn with the building blocks of server/lib/pdf.ts. Pure: the same snapshot gives
 * the same document, so the stored snapshot is what was printed.
 */

/** One line per game: its start (ISO), what the line calls it, the fee kept from its payments (gross, cents). */
export type OrganizerInvoiceLine = { gameId: number; startTime: string; game: string; feeCents: number };

/** Everything printed, as stored on the row (`organizer_invoices.snapshot`). */
export type OrganizerInvoiceSnapshot = {
  number: string;
  language: Language;
  issuedAt: string;
  year: number;
  month: number;
  seller: PdfParty;
  buyer: { name: string; lines: string[]; email: string };
  lines: OrganizerInvoiceLine[];
  netCents: number;
  vatCents: number;
  grossCents: number;
  vatPercent: number;
};

const TEXTS = {
  de: {
    title: "Rechnung",
    number: "Rechnungsnummer",
    date: "Rechnungsdatum",
    period: "Leistungszeitraum",
    customer: "Kundennummer",
    vatId: "USt-IdNr.",
    intro: (period: string) => `Plattformgebühren für Deine Kickrunden mit Kartenzahlung im ${period}.`,
    dateCol: "Datum",
    gameCol: "Spiel",
    feeCol: "Gebühr",
    net: "Nettobetrag",
    vat: (p: number) => `enthaltene USt. ${p} %`,
    gross: "Gesamtbetrag",
    settled: "Die Gebühren wurden bei den Kartenzahlungen einbehalten; es ist nichts mehr zu zahlen.",
    locale: "de-DE",
  },
  en: {
    title: "Invoice",
    number: "Invoice number",
    date: "Invoice date",
    period: "Service period",
    customer: "Customer number",
    vatId: "VAT ID",
    intro: (period: string) => `Platform fees for your games paid by card in ${period}.`,
    dateCol: "Date",
    gameCol: "Game",
    feeCol: "Fee",
    net: "Net amount",
    vat: (p: number) => `including ${p} % VAT`,
    gross: "Total",
    settled: "The fees were withheld from the card payments; nothing more is due.",
    locale: "en-GB",
  },
} as const;

/** Labels in the document's metadata: a reader (and the tests) find the amounts without parsing drawings. */
export function organizerInvoiceKeywords(s: Pick<OrganizerInvoiceSnapshot, "number" | "netCents" | "vatCents" | "grossCents" | "vatPercent" | "lines">): string[] {
  return [s.number, `net=${s.netCents}`, `vat=${s.vatCents}`, `gross=${s.grossCents}`, `vatPercent=${s.vatPercent}`, `lines=${s.lines.length}`];
}

function monthName(language: Language, year: number, month: number): string {
  return new Intl.DateTimeFormat(TEXTS[language].locale, { timeZone: "UTC", month: "long", year: "numeric" }).format(new Date(Date.UTC(year, month - 1, 15)));
}

export async function renderOrganizerInvoicePdf(s: OrganizerInvoiceSnapshot): Promise<Uint8Array> {
  const t = TEXTS[s.language];
  const money = (cents: number) => formatMoney(cents, s.language);
  const dateOf = (iso: string) => new Intl.DateTimeFormat(t.locale, { timeZone: GAME_TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(iso));
  const dateTimeOf = (iso: string) =>
    new Intl.DateTimeFormat(t.locale, { timeZone: GAME_TIME_ZONE, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
  const period = monthName(s.language, s.year, s.month);

  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`${t.title} ${s.number}`));
  doc.setSubject(winAnsi(t.intro(period)));
  doc.setAuthor(winAnsi(s.seller.name));
  doc.setKeywords(organizerInvoiceKeywords(s));
  doc.setCreator("Kickrunde");
  doc.setProducer("Kickrunde");
  doc.setLanguage(s.language === "de" ? "de-DE" : "en-GB");
  doc.setCreationDate(new Date(s.issuedAt));
  doc.setModificationDate(new Date(s.issuedAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { draw, wrap } = pen(regular);
  const right = A4[0] - MARGIN;
  let page: PDFPage = doc.addPage([A4[0], A4[1]]);

  let y = A4[1] - MARGIN;
  const sellerLines = [s.seller.name, ...s.seller.lines, ...(s.seller.vatId ? [`${t.vatId} ${s.seller.vatId}`] : [])];
  draw(page, sellerLines[0]!, right, y, { font: bold, size: 12, align: "right" });
  for (const [i, l] of sellerLines.slice(1).entries()) draw(page, l, right, y - 15 - i * 12, { size: 9, color: GREY, align: "right" });

  y = A4[1] - 170;
  draw(page, [s.seller.name, ...s.seller.lines].join(" · "), MARGIN, y + 22, { size: 7, color: GREY });
  const buyer = [s.buyer.name, ...s.buyer.lines, s.buyer.email];
  for (const [i, l] of buyer.entries()) draw(page, l, MARGIN, y - i * 14, { size: 11, font: i === 0 ? bold : regular });
  const facts: [string, string][] = [
    [t.number, s.number],
    [t.date, dateOf(s.issuedAt)],
    [t.period, period],
  ];
  for (const [i, [label, value]] of facts.entries()) {
    draw(page, label, right - 190, y - i * 14, { size: 9, color: GREY });
    draw(page, value, right, y - i * 14, { size: 10, font: i === 0 ? bold : regular, align: "right" });
  }
  y -= Math.max(buyer.length, facts.length) * 14 + 40;
  draw(page, `${t.title} ${s.number}`, MARGIN, y, { font: bold, size: 18 });
  y -= 22;
  draw(page, t.intro(period), MARGIN, y, { size: 10 });
  y -= 26;

  const header = () => {
    draw(page, t.dateCol, MARGIN, y, { font: bold, size: 9, color: GREY });
    draw(page, t.gameCol, MARGIN + 90, y, { font: bold, size: 9, color: GREY });
    draw(page, t.feeCol, right, y, { font: bold, size: 9, color: GREY, align: "right" });
    y -= 8;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.7, color: LINE });
    y -= 14;
  };
  header();
  for (const line of s.lines) {
    const gameLines = wrap(line.game, right - 90 - (MARGIN + 90), regular, 10);
    if (y - gameLines.length * 13 < MARGIN + 120) {
      page = doc.addPage([A4[0], A4[1]]);
      y = A4[1] - MARGIN;
      header();
    }
    draw(page, dateTimeOf(line.startTime), MARGIN, y, { size: 10 });
    for (const [i, l] of gameLines.entries()) draw(page, l, MARGIN + 90, y - i * 13, { size: 10 });
    draw(page, money(line.feeCents), right, y, { size: 10, align: "right" });
    y -= gameLines.length * 13 + 5;
  }
  y -= 4;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.7, color: LINE });
  y -= 20;

  y = drawSums(page, draw, { regular, bold }, { right, y }, {
    net: [t.net, money(s.netCents)],
    vat: [t.vat(s.vatPercent), money(s.vatCents)],
    gross: [t.gross, money(s.grossCents)],
  });
  y -= 16;
  for (const l of wrap(t.settled, right - MARGIN, regular, 10)) {
    draw(page, l, MARGIN, y, { size: 10 });
    y -= 14;
  }
  return doc.save();
}
