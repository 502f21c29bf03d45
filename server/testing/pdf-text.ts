import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

/**
 * The text a PDF's pages draw, for tests of the invoices (domains/tournaments/invoice-pdf.ts): pdf-lib writes WinAnsi
 * hex strings (`<…> Tj`) into flate streams; they are decoded here, one drawn string a line. Amounts are written with
 * a no-break space before the euro sign: it comes back as a plain space.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const cp1252: Record<number, string> = { 0x80: "€", 0x84: "„", 0x93: "“", 0x94: "”", 0x96: "–", 0x97: "—", 0x92: "’" };
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
      for (const [, hex] of ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
        const bytesOf = hex!.match(/../g) ?? [];
        out.push(bytesOf.map((h) => parseInt(h, 16)).map((b) => cp1252[b] ?? String.fromCharCode(b)).join(""));
      }
    }
  }
  return out.join("\n").replaceAll("\u00a0", " ");
}
