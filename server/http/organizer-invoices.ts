import type { Hono } from "hono";
import type { Deps } from "../context";
import { organizerInvoiceDownload } from "../domains/accounting/service";
import { AppError } from "../lib/errors";
import { pdfDownload, type DownloadEnv } from "./pdf-download";

/** Invoice ids as the database has them (integer, 1 to 2^31 − 1): anything else is not an invoice of ours. */
const MAX_ID = 2_147_483_647;

/**
 * GET /api/organizer-invoices/{invoiceId}.pdf: an organiser's monthly invoice (domains/accounting/service.ts), for the
 * organiser and admins; 404 for everybody else and for any id without an invoice. Mount before the `/api/*` not-found route.
 */
export function mountOrganizerInvoices(app: Hono<DownloadEnv>, deps: Deps): void {
  app.get("/api/organizer-invoices/:file", (c) =>
    pdfDownload(c, deps, "organizer invoice", (ctx) => {
      const match = /^([1-9][0-9]{0,9})\.pdf$/.exec(c.req.param("file"));
      const id = match ? Number(match[1]) : 0;
      if (!match || id > MAX_ID) throw new AppError("NOT_FOUND");
      return organizerInvoiceDownload(ctx, id);
    }),
  );
}
