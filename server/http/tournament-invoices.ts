import type { Hono } from "hono";
import type { Deps } from "../context";
import { invoiceDownload } from "../domains/tournaments/invoices";
import { AppError } from "../lib/errors";
import { pdfDownload, type DownloadEnv } from "./pdf-download";

/** Participation ids as the database has them (integer, 1 to 2^31 − 1): anything else is not an invoice of ours. */
const MAX_ID = 2_147_483_647;

/**
 * GET /api/tournament-invoices/{participationId}.pdf: a business team's invoice (domains/tournaments/invoices.ts), and
 * GET /api/tournament-invoices/{participationId}-storno.pdf: its cancellation invoice once issued; each for
 * the team's user, the tournament's organiser and admins, signed in by cookie or Authorization header; 404 for
 * everybody else and for any id without an invoice (the download itself: pdf-download.ts). Mount before the `/api/*`
 * not-found route.
 */
export function mountTournamentInvoices(app: Hono<DownloadEnv>, deps: Deps): void {
  app.get("/api/tournament-invoices/:file", (c) =>
    pdfDownload(c, deps, "tournament invoice", (ctx) => {
      const match = /^([1-9][0-9]{0,9})(-storno)?\.pdf$/.exec(c.req.param("file"));
      const id = match ? Number(match[1]) : 0;
      if (!match || id > MAX_ID) throw new AppError("NOT_FOUND");
      return invoiceDownload(ctx, id, match[2] ? "cancellation" : "invoice");
    }),
  );
}
