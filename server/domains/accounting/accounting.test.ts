import { beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import type { Deps } from "../../context";
import { organizations, organizerInvoiceCounters, organizerInvoices, participations, payments } from "../../db/schema";
import { storageFor } from "../../integrations/storage";
import { errorData } from "../../testing/caller";
import { createCourt, createGameRow, createRegion, createUser } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { settledJobs } from "../../testing/jobs";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { pdfText } from "../../testing/pdf-text";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { handleOrganizerInvoices, issueOrganizerInvoice, issueOrganizerInvoices } from "./service";
import { organizerInvoiceKeywords } from "./invoice-pdf";

/**
 * Accounting (issue 26): the coached games of a region's month with card revenue net of refunds plus cash, for admins
 * only; the organisers' monthly invoices for kept platform fees: amounts, idempotency, numbering, mail, download.
 * Every test works in a year of its own, so the yearly counters and months do not meet another test's.
 */

let deps: Deps;
let organizationId: number;
beforeAll(async () => {
  deps = await testDeps();
  organizationId = (await deps.db.insert(organizations).values({ name: "Buchhaltung e.V." }).returning())[0]!.id;
});

let intent = 0;
/** A player's participation in the game and, unless cash, its card payment: captured `received`, `refunded` of it back. */
async function paidPlace(gameId: number, p: { cents: number; fee?: number; refunded?: number; cash?: boolean; uncaptured?: boolean }) {
  const player = await createUser(deps);
  const [row] = await deps.db
    .insert(participations)
    .values({ gameId, userId: player.id, playerCount: 1, totalPriceCents: p.cents, paymentStatus: p.cash ? "PaidExternally" : p.uncaptured ? "Approved" : "Captured" })
    .returning();
  if (p.cash) return row!;
  await deps.db.insert(payments).values({
    stripePaymentIntentId: `pi_accounting_${process.pid}_${++intent}_${crypto.randomUUID().slice(0, 8)}`,
    purpose: "participation",
    subjectId: row!.id,
    destinationAccountId: "acct_test",
    amountCents: p.cents,
    applicationFeeCents: p.fee ?? 0,
    captureMethod: "manual",
    status: p.uncaptured ? "requires_capture" : "succeeded",
    amountReceivedCents: p.uncaptured ? 0 : p.cents,
    amountRefundedCents: p.refunded ?? 0,
  });
  return row!;
}

describe("accounting.coachedGames", () => {
  test("admins only: the region's organisation games of the Berlin month, card net of refunds plus cash, sums adding up", async () => {
    const region = await createRegion(deps);
    const other = await createRegion(deps);
    const court = await createCourt(deps, { regionId: region.id, name: "Soccerhalle Buchhaltung" });
    const coach = await createUser(deps, { firstName: "Carla", regionId: region.id, organizationId });
    const admin = await signedInPlayer(deps, { isAdmin: true });
    const player = await signedInPlayer(deps);
    const organiser = await signedInPlayer(deps, { organizationId });

    // 1 November 00:30 Berlin is still 31 October in UTC: it belongs to November
    const first = await createGameRow(deps, { creatorId: coach.id, regionId: region.id, organizationId, courtId: court.id, startTime: new Date("2031-10-31T23:30:00Z") });
    await paidPlace(first.id, { cents: 1000, fee: 99 });
    await paidPlace(first.id, { cents: 1000, fee: 99, refunded: 400 });
    await paidPlace(first.id, { cents: 800, cash: true });
    await paidPlace(first.id, { cents: 1000, fee: 99, uncaptured: true }); // only held: no revenue yet
    const second = await createGameRow(deps, { creatorId: coach.id, regionId: region.id, organizationId, startTime: new Date("2031-11-20T17:00:00Z") });
    await paidPlace(second.id, { cents: 500, cash: true });
    await paidPlace(second.id, { cents: 700, fee: 81, refunded: 700 }); // refunded in full
    // not coached games of the month: no organisation, cancelled, another region, another month
    await createGameRow(deps, { creatorId: coach.id, regionId: region.id, startTime: new Date("2031-11-10T17:00:00Z") });
    await createGameRow(deps, { creatorId: coach.id, regionId: region.id, organizationId, startTime: new Date("2031-11-11T17:00:00Z"), cancelledAt: new Date("2031-11-01T00:00:00Z") });
    await createGameRow(deps, { creatorId: coach.id, regionId: other.id, organizationId, startTime: new Date("2031-11-12T17:00:00Z") });
    await createGameRow(deps, { creatorId: coach.id, regionId: region.id, organizationId, startTime: new Date("2031-11-30T23:00:00Z") }); // 1 December in Berlin

    const answer = await admin.caller.accounting.coachedGames({ year: 2031, month: 11, regionSlug: region.slug });
    expect(answer.games.map((g) => ({ id: g.id, coach: g.creator.firstName, court: g.court?.name ?? null, card: g.cardCents, cash: g.cashCents, revenue: g.revenueCents }))).toEqual([
      { id: first.id, coach: "Carla", court: "Soccerhalle Buchhaltung", card: 1600, cash: 800, revenue: 2400 },
      { id: second.id, coach: "Carla", court: null, card: 0, cash: 500, revenue: 500 },
    ]);
    expect({ card: answer.cardCents, cash: answer.cashCents, total: answer.totalCents }).toEqual({ card: 1600, cash: 1300, total: 2900 });
    expect(answer.region.slug).toBe(region.slug);

    for (const who of [player, organiser]) expect(await errorData(who.caller.accounting.coachedGames({ year: 2031, month: 11, regionSlug: region.slug }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await errorData(admin.caller.accounting.coachedGames({ year: 2031, month: 11, regionSlug: "gibt-es-nicht" }))).toMatchObject({ code: "REGION_NOT_FOUND" });
    expect(await errorData(admin.caller.accounting.coachedGames({ year: 2031, month: 13, regionSlug: region.slug }))).toMatchObject({ code: "VALIDATION" });
  });
});

/** An organiser whose games in the month kept fees: 99 + 99 (one refunded in part: 99 − 40 = 59) and another game's 81. */
async function organiserWithFees(year: number, month = 3) {
  const region = await createRegion(deps);
  const organiser = await signedInPlayer(deps, { firstName: "Olga", lastName: "Orga", regionId: region.id });
  const at = (day: number) => new Date(Date.UTC(year, month - 1, day, 17));
  const a = await createGameRow(deps, { creatorId: organiser.user.id, regionId: region.id, title: "Montagskick", startTime: at(5), isManagedPayment: true });
  await paidPlace(a.id, { cents: 1000, fee: 99 });
  await paidPlace(a.id, { cents: 1000, fee: 99, refunded: 400 }); // 39.6 of the fee back → 40
  await paidPlace(a.id, { cents: 1000, fee: 99, refunded: 1000 }); // all back
  await paidPlace(a.id, { cents: 900, cash: true }); // cash: no fee
  const b = await createGameRow(deps, { creatorId: organiser.user.id, regionId: region.id, title: "Donnerstagskick", startTime: at(12), isManagedPayment: true });
  await paidPlace(b.id, { cents: 700, fee: 81 });
  const nothing = await createGameRow(deps, { creatorId: organiser.user.id, regionId: region.id, title: "Ohne Gebühr", startTime: at(19) });
  await paidPlace(nothing.id, { cents: 500, fee: 99, refunded: 500 });
  return { organiser, games: [a, b], region };
}

const countersOf = async (year: number) => (await deps.db.select().from(organizerInvoiceCounters).where(eq(organizerInvoiceCounters.year, year)))[0]?.lastNumber ?? 0;

async function expectGapless(year: number) {
  const rows = await deps.db.select({ sequence: organizerInvoices.sequence, number: organizerInvoices.number }).from(organizerInvoices).where(sql`${organizerInvoices.number} like ${`KRO-${year}-%`}`);
  const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
  expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
  expect(await countersOf(year)).toBe(sequences.length);
}

describe("organiser invoices", () => {
  test("the job bills the month before: a line per game with kept fees, 19 % VAT included, stored, mailed with the PDF; a second run makes none", async () => {
    testClock.freeze("2032-04-01T04:00:00Z"); // 06:00 in Berlin on the 1st (sessions made now stay valid)
    try {
      const { organiser, games } = await organiserWithFees(2032, 3);
      await handleOrganizerInvoices(deps, {});
      const [invoice, ...more] = await deps.db.select().from(organizerInvoices).where(eq(organizerInvoices.userId, organiser.user.id));
      expect(more).toEqual([]);
      expect({ year: invoice!.year, month: invoice!.month, number: invoice!.number }).toEqual({ year: 2032, month: 3, number: "KRO-2032-00001" });
      // 99 + 59 + 81 = 239 gross; VAT = round(239 × 19 / 119) = 38; net 201
      expect({ gross: invoice!.grossCents, vat: invoice!.vatCents, net: invoice!.netCents }).toEqual({ gross: 239, vat: 38, net: 201 });
      expect(invoice!.netCents + invoice!.vatCents).toBe(invoice!.grossCents);
      const snapshot = invoice!.snapshot as { lines: { gameId: number; feeCents: number; game: string }[]; seller: { name: string } };
      expect(snapshot.lines).toEqual([
        expect.objectContaining({ gameId: games[0]!.id, game: "Montagskick", feeCents: 158 }),
        expect.objectContaining({ gameId: games[1]!.id, game: "Donnerstagskick", feeCents: 81 }),
      ]);
      expect(snapshot.seller.name).toBe(deps.config.company.name);

      const file = await storageFor(deps.config).get(invoice!.storageKey);
      const bytes = new Uint8Array(await new Response(file!.body).arrayBuffer());
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getKeywords()).toBe(organizerInvoiceKeywords({ number: "KRO-2032-00001", netCents: 201, vatCents: 38, grossCents: 239, vatPercent: 19, lines: snapshot.lines as never }).join(" "));
      const text = await pdfText(bytes);
      for (const expected of ["Rechnung KRO-2032-00001", "Montagskick", "Donnerstagskick", "1,58 €", "0,81 €", "2,01 €", "0,38 €", "2,39 €", "Olga Orga", deps.config.company.name]) expect(text).toContain(expected);

      const [mail] = await settledJobs(deps, "send-mail", { to: organiser.user.email });
      expect(mail!.data.template).toMatchObject({ name: "organizer-invoice", data: { number: "KRO-2032-00001" } });
      expect(mail!.data.attachments).toEqual([{ filename: "KRO-2032-00001.pdf", contentType: "application/pdf", storageKey: invoice!.storageKey }]);
      expect(invoice!.mailedAt).not.toBeNull();

      // again: nothing new, no number taken, no second mail
      await handleOrganizerInvoices(deps, { year: 2032, month: 3 });
      expect(await deps.db.select().from(organizerInvoices).where(eq(organizerInvoices.userId, organiser.user.id))).toHaveLength(1);
      expect(await countersOf(2032)).toBe(1);
      expect(await settledJobs(deps, "send-mail", { to: organiser.user.email })).toHaveLength(1);

      // organizerInvoice answers number and date to the organiser and admins, refuses everybody else
      const admin = await signedInPlayer(deps, { isAdmin: true });
      const stranger = await signedInPlayer(deps);
      const own = await organiser.caller.accounting.organizerInvoice({ userId: organiser.user.id, year: 2032, month: 3 });
      expect(own).toMatchObject({ invoiceNr: "KRO-2032-00001", invoiceDate: new Date("2032-04-01T04:00:00Z"), grossCents: 239, downloadUrl: `/api/organizer-invoices/${invoice!.id}.pdf` });
      expect(await admin.caller.accounting.organizerInvoice({ userId: organiser.user.id, year: 2032, month: 3 })).toMatchObject({ invoiceNr: "KRO-2032-00001" });
      expect(await errorData(organiser.caller.accounting.organizerInvoice({ userId: organiser.user.id, year: 2032, month: 2 }))).toMatchObject({ code: "NOT_FOUND" });
      expect(await errorData(stranger.caller.accounting.organizerInvoice({ userId: organiser.user.id, year: 2032, month: 3 }))).toMatchObject({ code: "FORBIDDEN" });
      expect((await organiser.caller.accounting.myInvoices()).map((i) => i.invoiceNr)).toEqual(["KRO-2032-00001"]);
      expect(await stranger.caller.accounting.myInvoices()).toEqual([]);

      // the download: the organiser and admins; everybody else and visitors get the same 404
      const client = httpClient(deps);
      const get = (token?: string, id = invoice!.id) => client.request(`/api/organizer-invoices/${id}.pdf`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      const mine = await get(organiser.token);
      expect(mine.status).toBe(200);
      expect(mine.headers.get("content-type")).toBe("application/pdf");
      expect(mine.headers.get("content-disposition")).toBe('attachment; filename="KRO-2032-00001.pdf"');
      expect(new Uint8Array(await mine.arrayBuffer())).toEqual(bytes);
      expect((await get(admin.token)).status).toBe(200);
      for (const res of [await get(stranger.token), await get(), await get(organiser.token, 2_000_000_000)]) expect(res.status).toBe(404);
      expect((await client.request("/api/organizer-invoices/abc.pdf")).status).toBe(404);
    } finally {
      testClock.reset();
    }
  }, 120_000);

  test("organisers without kept fees get none; a month is billed in the year the invoice is issued in", async () => {
    const none = await createUser(deps);
    expect(await issueOrganizerInvoice(deps, none.id, 2033, 12)).toBeNull();
    const { organiser } = await organiserWithFees(2033, 12);
    testClock.freeze("2034-01-01T05:00:00Z");
    try {
      const issued = await issueOrganizerInvoices(deps, 2033, 12);
      const mine = issued.find((i) => i.userId === organiser.user.id)!;
      expect({ year: mine.year, month: mine.month, number: mine.number }).toEqual({ year: 2033, month: 12, number: "KRO-2034-00001" });
    } finally {
      testClock.reset();
    }
  });

  test("two processes issuing the same 12 organisers' invoices at once: each one invoice, no number twice, no gap", async () => {
    if (deps.database.kind !== "postgres") return; // two processes need a PostgreSQL server (CI has one)
    const organisers = [];
    for (let i = 0; i < 12; i++) organisers.push((await organiserWithFees(2035, 6)).organiser.user.id);
    const child = Bun.spawn(["bun", "server/testing/organizer-invoice-numbers-process.ts", deps.database.url!, "2035", "6", [...organisers].reverse().join(",")], { stdout: "pipe", stderr: "pipe" });
    const here = await Promise.all(organisers.map((id) => issueOrganizerInvoice(deps, id, 2035, 6)));
    const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
    expect({ code, err: code === 0 ? "" : err }).toEqual({ code: 0, err: "" });
    const there = JSON.parse(out.trim().split("\n").at(-1)!) as (string | null)[];
    expect(there.reverse()).toEqual(here.map((i) => i!.number));
    const rows = await deps.db.select().from(organizerInvoices).where(sql`${organizerInvoices.userId} in ${organisers}`);
    expect(rows).toHaveLength(12);
    await expectGapless(Number(rows[0]!.number.slice(4, 8)));
    for (const id of organisers.slice(0, 3)) {
      const email = rows.find((r) => r.userId === id)!;
      const mails = await settledJobs(deps, "send-mail", { template: { name: "organizer-invoice", data: { number: email.number } } });
      expect(mails).toHaveLength(1);
    }
  }, 120_000);
});
