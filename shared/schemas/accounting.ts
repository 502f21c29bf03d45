import { z } from "zod";
import { zId, zSlug } from "./common";

/**
 * Accounting (spec 000 sections 2, 3; spec 001 sections 2.2, 2.8, 3, 6, 7; issue 26): the coached games of a region's
 * Berlin month with their revenue, and the organisers' monthly invoices for platform fees. Money in integer cents.
 */

const zYear = z.number({ error: "invalid" }).int({ error: "invalid" }).min(2020, { error: "invalid" }).max(2100, { error: "invalid" });
const zMonth = z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, { error: "invalid" }).max(12, { error: "invalid" });

/** `coachedGames {year, month, regionSlug}` (spec 001 section 7). */
export const ZCoachedGamesInput = z.object({ year: zYear, month: zMonth, regionSlug: zSlug });

/** A coached game (spec 000 section 3: id, creator, startTime, revenue, court), its revenue split into card and cash. */
export const ZCoachedGame = z.object({
  id: zId,
  creator: z.object({ id: zId, firstName: z.string() }),
  startTime: z.date(),
  court: z.object({ id: zId, name: z.string() }).nullable(),
  /** captured card payments less refunds */
  cardCents: z.number().int(),
  /** places marked paid in cash (PaidExternally) */
  cashCents: z.number().int(),
  /** card + cash */
  revenueCents: z.number().int(),
});
export type TCoachedGame = z.infer<typeof ZCoachedGame>;

export const ZCoachedGames = z.object({
  region: z.object({ id: zId, slug: z.string(), name: z.string() }),
  year: z.number().int(),
  month: z.number().int(),
  games: z.array(ZCoachedGame),
  cardCents: z.number().int(),
  cashCents: z.number().int(),
  totalCents: z.number().int(),
});
export type TCoachedGames = z.infer<typeof ZCoachedGames>;

/** `organizerInvoice {userId, year, month}` (spec 001 section 7): the organiser's own, or anybody's for admins. */
export const ZOrganizerInvoiceInput = z.object({ userId: zId, year: zYear, month: zMonth });

/** An organiser invoice (spec 001 section 3: invoiceNr, invoiceDate), with its amounts and where its PDF is downloaded. */
export const ZOrganizerInvoice = z.object({
  id: zId,
  userId: zId,
  year: z.number().int(),
  month: z.number().int(),
  invoiceNr: z.string(),
  invoiceDate: z.date(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  downloadUrl: z.string(),
});
export type TOrganizerInvoice = z.infer<typeof ZOrganizerInvoice>;

/** The signed-in user's invoices, newest month first (the profile's list). */
export const ZMyOrganizerInvoices = z.array(ZOrganizerInvoice);
