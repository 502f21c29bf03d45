import { PDFDocument, StandardFonts } from "pdf-lib";
import { GAME_TIME_ZONE, type Language } from "@shared/constants";
import { formatMoney } from "@shared/rules/money";
import { A4, drawSums, GREY, LINE, MARGIN, pen, winAnsi } from "../../lib/pdf";

/** Text the standard font can draw (server/lib/pdf.ts), here for the invoice tests. */
export { winAnsi };

/**
 * A business team's invoice as a PDF (spec 001 sections 2.10, 9; issue 25), drawn with pdf-lib and the standard
 * Helvetica (WinAnsi: ä ö ü ß € are in it; anything else a user typed is simplified, see `winAnsi`). Pure: the same
 * snapshot gives the same document, so the stored snapshot is what was printed.
 */

/** A party's block: name and address lines, and the VAT id when there is one. */
export type InvoiceParty = { name: string; lines: string[]; vatId: string | null };

/** Everything printed on the invoice, as stored on its row (`tournament_invoices.snapshot`). Instants as ISO strings. */
export type InvoiceSnapshot = {
  number: string;
  language: Language;
  issuedAt: string;
  paidAt: string;
  /** the tournament's organisation, or the platform when the tournament has none */
  seller: InvoiceParty;
  /** the platform, when it writes the invoice in the name of the organisation (else null: the seller writes it) */
  issuer: InvoiceParty | null;
  buyer: { company: string; line1: string; line2: string | null; postalCode: string; town: string; country: "DE" | "AT"; hint: string | null };
  item: { tournament: string; startTime: string; endTime: string; place: string | null; team: string; players: number | null; unitCents: number | null };
  netCents: number;
  vatCents: number;
  grossCents: number;
  vatPercent: number;
  /** paid online, or marked paid in cash by the organiser */
  paidExternally: boolean;
  /**
   * set on a cancellation invoice ("Stornorechnung"): the invoice it cancels (number, issue date) and when the entry
   * fee went back (the team's refundedAt). Its amounts are stored as the original's and printed negative.
   */
  cancels?: { number: string; issuedAt: string; refundedAt: string } | null;
};

const TEXTS = {
  de: {
    title: "Rechnung",
    number: "Rechnungsnummer",
    date: "Rechnungsdatum",
    serviceDate: "Leistungsdatum",
    vatId: "USt-IdNr.",
    issuedBy: "Rechnungsstellung im Namen und für Rechnung des Veranstalters durch",
    description: "Beschreibung",
    amount: "Betrag",
    entryFee: (t: string) => `Startgebühr Turnier „${t}“`,
    team: (t: string) => `Team: ${t}`,
    players: (n: number, unit: string) => `${n} Spieler × ${unit}`,
    place: (p: string) => `Ort: ${p}`,
    net: "Nettobetrag",
    vat: (p: number) => `zzgl. ${p} % USt.`,
    gross: "Gesamtbetrag",
    paid: (d: string) => `Bezahlt am ${d}.`,
    paidExternally: (d: string) => `Bezahlt am ${d} (vor Ort beim Veranstalter).`,
    nothingDue: "Der Betrag ist beglichen, es ist nichts mehr zu zahlen.",
    hint: "Hinweis",
    countries: { DE: "Deutschland", AT: "Österreich" },
    locale: "de-DE",
    cancellationTitle: "Stornorechnung",
    cancelsNumber: "Storno zur Rechnung",
    cancelsDate: "Datum der Rechnung",
    cancelsLine: (n: string, d: string) => `Diese Stornorechnung hebt die Rechnung ${n} vom ${d} vollständig auf.`,
    reason: "Grund: Erstattung der Startgebühr.",
    refunded: (d: string) => `Erstattet am ${d}.`,
  },
  en: {
    title: "Invoice",
    number: "Invoice number",
    date: "Invoice date",
    serviceDate: "Date of service",
    vatId: "VAT ID",
    issuedBy: "Invoice issued in the name and on behalf of the organiser by",
    description: "Description",
    amount: "Amount",
    entryFee: (t: string) => `Entry fee, tournament “${t}”`,
    team: (t: string) => `Team: ${t}`,
    players: (n: number, unit: string) => `${n} players × ${unit}`,
    place: (p: string) => `Place: ${p}`,
    net: "Net amount",
    vat: (p: number) => `plus ${p} % VAT`,
    gross: "Total",
    paid: (d: string) => `Paid on ${d}.`,
    paidExternally: (d: string) => `Paid on ${d} (on site, to the organiser).`,
    nothingDue: "The amount has been settled; nothing more is due.",
    hint: "Note",
    countries: { DE: "Germany", AT: "Austria" },
    locale: "en-GB",
    cancellationTitle: "Cancellation invoice",
    cancelsNumber: "Cancels invoice",
    cancelsDate: "Original invoice date",
    cancelsLine: (n: string, d: string) => `This cancellation invoice cancels invoice ${n} of ${d} in full.`,
    reason: "Reason: refund of the entry fee.",
    refunded: (d: string) => `Refunded on ${d}.`,
  },
} as const;

/**
 * Labels as the document's metadata carries them: a reader (and the tests) find the amounts without parsing drawings.
 * A cancellation invoice names the invoice it cancels and carries its amounts negative, as printed.
 */
export function invoiceKeywords(s: Pick<InvoiceSnapshot, "number" | "netCents" | "vatCents" | "grossCents" | "vatPercent"> & { cancels?: { number: string } | null }): string[] {
  const sign = s.cancels ? -1 : 1;
  return [
    s.number,
    ...(s.cancels ? [`cancels=${s.cancels.number}`] : []),
    `net=${sign * s.netCents}`,
    `vat=${sign * s.vatCents}`,
    `gross=${sign * s.grossCents}`,
    `vatPercent=${s.vatPercent}`,
  ];
}

const dateFormat = (language: Language) =>
  new Intl.DateTimeFormat(TEXTS[language].locale, { timeZone: GAME_TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });

/** The tournament's days in Berlin: one day, or "from – to" when it runs over midnight. */
function serviceDays(language: Language, start: Date, end: Date): string {
  const f = dateFormat(language);
  const [a, b] = [f.format(start), f.format(new Date(end.getTime() - 1))];
  return a === b ? a : `${a} – ${b}`;
}

export async function renderInvoicePdf(s: InvoiceSnapshot): Promise<Uint8Array> {
  const t = TEXTS[s.language];
  const cancels = s.cancels ?? null;
  const title = cancels ? t.cancellationTitle : t.title;
  // a cancellation invoice repeats the original's amounts negative (its row stores them as they were)
  const sign = cancels ? -1 : 1;
  const money = (cents: number) => formatMoney(sign * cents, s.language);
  const date = (iso: string) => dateFormat(s.language).format(new Date(iso));

  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(`${title} ${s.number}`));
  doc.setSubject(winAnsi(t.entryFee(s.item.tournament)));
  doc.setAuthor(winAnsi((s.issuer ?? s.seller).name));
  doc.setKeywords(invoiceKeywords(s));
  doc.setCreator("Kickrunde");
  doc.setProducer("Kickrunde");
  doc.setLanguage(s.language === "de" ? "de-DE" : "en-GB");
  // fixed dates: the same snapshot gives the same bytes
  doc.setCreationDate(new Date(s.issuedAt));
  doc.setModificationDate(new Date(s.issuedAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([A4[0], A4[1]]);
  const right = A4[0] - MARGIN;
  const width = right - MARGIN;

  const { draw, wrap } = pen(regular);

  let y = A4[1] - MARGIN;
  // Seller, top right
  const sellerLines = [s.seller.name, ...s.seller.lines, ...(s.seller.vatId ? [`${t.vatId} ${s.seller.vatId}`] : [])];
  draw(page, sellerLines[0]!, right, y, { font: bold, size: 12, align: "right" });
  for (const [i, l] of sellerLines.slice(1).entries()) draw(page, l, right, y - 15 - i * 12, { size: 9, color: GREY, align: "right" });

  // Buyer, the address window
  y = A4[1] - 170;
  draw(page, [s.seller.name, ...s.seller.lines].join(" · "), MARGIN, y + 22, { size: 7, color: GREY });
  const buyer = [s.buyer.company, s.buyer.line1, ...(s.buyer.line2 ? [s.buyer.line2] : []), `${s.buyer.postalCode} ${s.buyer.town}`, t.countries[s.buyer.country]];
  for (const [i, l] of buyer.entries()) draw(page, l, MARGIN, y - i * 14, { size: 11, font: i === 0 ? bold : regular });

  // Number and dates, right of the address
  const facts: [string, string][] = [
    [t.number, s.number],
    [t.date, date(s.issuedAt)],
    [t.serviceDate, serviceDays(s.language, new Date(s.item.startTime), new Date(s.item.endTime))],
    ...(cancels ? ([[t.cancelsNumber, cancels.number], [t.cancelsDate, date(cancels.issuedAt)]] as [string, string][]) : []),
  ];
  for (const [i, [label, value]] of facts.entries()) {
    draw(page, label, right - 190, y - i * 14, { size: 9, color: GREY });
    draw(page, value, right, y - i * 14, { size: 10, font: i === 0 ? bold : regular, align: "right" });
  }

  y -= Math.max(buyer.length, facts.length) * 14 + 40;
  draw(page, `${title} ${s.number}`, MARGIN, y, { font: bold, size: 18 });
  y -= 34;

  // The one line item
  draw(page, t.description, MARGIN, y, { font: bold, size: 9, color: GREY });
  draw(page, t.amount, right, y, { font: bold, size: 9, color: GREY, align: "right" });
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.7, color: LINE });
  y -= 16;
  const itemLines = wrap(t.entryFee(s.item.tournament), width - 120, bold, 11);
  for (const [i, l] of itemLines.entries()) draw(page, l, MARGIN, y - i * 14, { font: bold, size: 11 });
  draw(page, money(s.netCents), right, y, { size: 11, align: "right" });
  y -= itemLines.length * 14 + 2;
  const details = [
    `${serviceDays(s.language, new Date(s.item.startTime), new Date(s.item.endTime))}${s.item.place ? ` · ${t.place(s.item.place)}` : ""}`,
    t.team(s.item.team),
    // the unit price stays positive: the line's amount carries the sign
    ...(s.item.players !== null && s.item.unitCents !== null ? [t.players(s.item.players, formatMoney(s.item.unitCents, s.language))] : []),
  ];
  for (const d of details)
    for (const l of wrap(d, width - 120, regular, 9)) {
      draw(page, l, MARGIN, y, { size: 9, color: GREY });
      y -= 12;
    }
  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.7, color: LINE });
  y -= 20;

  y = drawSums(page, draw, { regular, bold }, { right, y }, {
    net: [t.net, money(s.netCents)],
    vat: [t.vat(s.vatPercent), money(s.vatCents)],
    gross: [t.gross, money(s.grossCents)],
  });
  y -= 16;
  if (cancels) {
    for (const l of wrap(t.cancelsLine(cancels.number, date(cancels.issuedAt)), width, bold, 10)) {
      draw(page, l, MARGIN, y, { font: bold, size: 10 });
      y -= 14;
    }
    draw(page, t.reason, MARGIN, y, { size: 10 });
    y -= 14;
    draw(page, t.refunded(date(cancels.refundedAt)), MARGIN, y, { size: 10 });
  } else {
    draw(page, (s.paidExternally ? t.paidExternally : t.paid)(date(s.paidAt)), MARGIN, y, { font: bold, size: 10 });
    y -= 14;
    draw(page, t.nothingDue, MARGIN, y, { size: 10 });
  }
  if (s.buyer.hint) {
    y -= 24;
    for (const [i, l] of wrap(`${t.hint}: ${s.buyer.hint}`, width, regular, 9).slice(0, 8).entries()) draw(page, l, MARGIN, y - i * 12, { size: 9, color: GREY });
  }

  // Footer: who wrote the invoice when the platform writes it for the organiser
  let fy = MARGIN + 24;
  if (s.issuer) {
    const issuer = `${t.issuedBy}: ${[s.issuer.name, ...s.issuer.lines, ...(s.issuer.vatId ? [`${t.vatId} ${s.issuer.vatId}`] : [])].join(", ")}`;
    for (const l of wrap(issuer, width, regular, 8).reverse()) {
      draw(page, l, MARGIN, fy, { size: 8, color: GREY });
      fy += 10;
    }
  }
  page.drawLine({ start: { x: MARGIN, y: fy + 4 }, end: { x: right, y: fy + 4 }, thickness: 0.5, color: LINE });
  return doc.save();
}
