/**
 * Just enough MIME to read back the mails we send (the local catcher and tests): headers,
 * multipart/alternative, quoted-printable and base64 bodies, RFC 2047 encoded subjects.
 */
export type ParsedMail = { from: string; to: string; subject: string; text: string; html: string; headers: Record<string, string>; attachments: ParsedAttachment[] };
/** A part sent as an attachment (Content-Disposition: attachment), its bytes decoded. */
export type ParsedAttachment = { filename: string; contentType: string; content: Uint8Array };

function splitHeaders(raw: string): [Record<string, string>, string] {
  const i = raw.search(/\r?\n\r?\n/);
  const head = i < 0 ? raw : raw.slice(0, i);
  const body = i < 0 ? "" : raw.slice(i).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const c = line.indexOf(":");
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  return [headers, body];
}

const bytesToText = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function decodeQuotedPrintable(s: string): string {
  const clean = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < clean.length; i++) {
    if (clean[i] === "=" && /^[0-9A-F]{2}$/i.test(clean.slice(i + 1, i + 3))) {
      bytes.push(parseInt(clean.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(clean[i]!));
  }
  return bytesToText(new Uint8Array(bytes));
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? "").toLowerCase();
  if (e === "base64") return bytesToText(Uint8Array.from(atob(body.replace(/\s+/g, "")), (c) => c.charCodeAt(0)));
  if (e === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

export function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=\s*/g, (_m, _cs, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? bytesToText(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)))
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function walk(raw: string, out: { text: string; html: string; attachments: ParsedAttachment[] }) {
  const [headers, body] = splitHeaders(raw);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      walk(part.replace(/^\r?\n/, ""), out);
    }
    return;
  }
  const disposition = headers["content-disposition"] ?? "";
  if (/^attachment/i.test(disposition)) {
    const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1] ?? "");
    const base64 = (headers["content-transfer-encoding"] ?? "").toLowerCase() === "base64";
    const content = base64 ? Uint8Array.from(atob(body.replace(/\s+/g, "")), (c) => c.charCodeAt(0)) : new TextEncoder().encode(body);
    out.attachments.push({ filename, contentType: type.split(";")[0]!.trim().toLowerCase(), content });
    return;
  }
  const decoded = decodeBody(body, headers["content-transfer-encoding"]);
  if (type.toLowerCase().startsWith("text/html")) out.html ||= decoded;
  else if (type.toLowerCase().startsWith("text/plain")) out.text ||= decoded;
}

export function parseMail(raw: string): ParsedMail {
  const [headers] = splitHeaders(raw);
  const out = { text: "", html: "", attachments: [] as ParsedAttachment[] };
  walk(raw, out);
  return {
    from: decodeWords(headers.from ?? ""),
    to: decodeWords(headers.to ?? ""),
    subject: decodeWords(headers.subject ?? ""),
    text: out.text.trim(),
    html: out.html,
    headers,
    attachments: out.attachments,
  };
}
