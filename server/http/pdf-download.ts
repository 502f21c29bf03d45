import { httpStatusOf } from "@shared/errors";
import type { Server } from "bun";
import type { Context } from "hono";
import type { Ctx, Deps } from "../context";
import type { StoredFile } from "../integrations/storage";
import { AppError } from "../lib/errors";
import { createRequestContext } from "./request-context";

export type DownloadEnv = { Bindings: { server?: Server<unknown> } };

/**
 * The one way a private PDF (an invoice) is downloaded: the request's session (cookie or Authorization header), the
 * service's access check (`load`, which answers NOT_FOUND to everybody who may not see it), the file as an attachment
 * named after its number, never cached by shared caches; errors as the API's JSON with their status. A download, so a
 * plain GET without the CSRF header (it changes nothing). Used by tournament-invoices.ts and organizer-invoices.ts.
 */
export async function pdfDownload(
  c: Context<DownloadEnv>,
  deps: Deps,
  what: string,
  load: (ctx: Ctx) => Promise<{ number: string; file: StoredFile }>,
): Promise<Response> {
  const resHeaders = new Headers();
  try {
    const ctx = await createRequestContext(deps, c.req.raw, resHeaders, c.env?.server?.requestIP(c.req.raw)?.address ?? null);
    const { number, file } = await load(ctx);
    const headers = new Headers({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${number}.pdf"`,
      "Cache-Control": "private, no-store",
    });
    if (file.size !== null) headers.set("Content-Length", String(file.size));
    for (const cookie of resHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
    return new Response(file.body, { status: 200, headers });
  } catch (e) {
    if (!(e instanceof AppError)) deps.logger.error(`${what} download failed`, { path: c.req.path, error: String(e) });
    const error = e instanceof AppError ? e : new AppError("UNEXPECTED");
    const res = c.json({ error: { ...error.toData(), message: error.message } }, httpStatusOf(error.code));
    for (const cookie of resHeaders.getSetCookie()) res.headers.append("Set-Cookie", cookie);
    return res;
  }
}
