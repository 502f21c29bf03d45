import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { invoiceNumber } from "@shared/rules/invoice";
import type { Deps } from "../../context";
import { organizations, payments, tournamentInvoiceCounters, tournamentInvoices, tournamentParticipations, tournaments } from "../../db/schema";
import type { TournamentInvoiceCancellationJob, TournamentInvoiceJob } from "../../jobs/definitions";
import { storageFor } from "../../integrations/storage";
import { createRegion, createUser } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { connectAccount, emulatorOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { pdfText } from "../../testing/pdf-text";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { cancellationInvoicePath, handleTournamentInvoice, handleTournamentInvoiceCancellation, invoicePath, issueInvoiceCancellation, issueTournamentInvoice } from "./invoices";
import { invoiceKeywords } from "./invoice-pdf";

/**
 * Cancellation invoices ("Stornorechnung", README "Refund after invoicing"): a business team whose invoiced fee goes
 * back gets one, with the next number of the same counter, the original's amounts negative, its number and date.
 */

let deps: Deps;
let atStripe: ReturnType<typeof stripeActions>;
let regionId: number;
let organizationId: number;
beforeAll(async () => {
  deps = await testDeps();
  atStripe = stripeActions(deps);
  regionId = (await createRegion(deps)).id;
  organizationId = (await deps.db.insert(organizations).values({ name: "Storno e.V." }).returning())[0]!.id;
});

const PAID_AT = new Date("2026-07-01T10:00:00Z");
const REFUNDED_AT = new Date("2026-07-03T12:00:00Z");

const rowsOf = (participationId: number) => deps.db.select().from(tournamentInvoices).where(eq(tournamentInvoices.participationId, participationId)).orderBy(tournamentInvoices.id);
const cancellationJobs = (participationId: number) => deps.jobs.boss.findJobs<TournamentInvoiceCancellationJob>("tournament-invoice-cancellation", { data: { participationId } });

async function storedPdf(key: string): Promise<Uint8Array> {
  const file = await storageFor(deps.config).get(key);
  return new Uint8Array(await new Response(file!.body).arrayBuffer());
}

/** A business tournament through the API, and a team that registered, gave its invoice data and paid at the Stripe emulator, with its invoice issued. */
async function invoicedTeam(opts: { language?: "de" | "en"; cash?: boolean; org?: Awaited<ReturnType<typeof signedInPlayer>>; tournamentId?: number } = {}) {
  testClock.freeze(PAID_AT);
  let org = opts.org;
  if (!org) {
    org = await signedInPlayer(deps, { organizationId, regionId });
    await connectAccount(deps, org.user.id);
  }
  let tournamentId = opts.tournamentId;
  if (tournamentId === undefined) {
    const t = await org.caller.tournaments.create({ name: "Firmen-Cup", startTime: new Date("2026-07-11T08:00:00Z"), endTime: new Date("2026-07-11T16:00:00Z"), maxTeams: 8, locationName: "Halle", regionId, participationPriceCents: 4500, business: true });
    await org.caller.tournaments.publish({ tournamentId: t.id });
    tournamentId = t.id;
  }
  const p = await signedInPlayer(deps);
  const r = await p.caller.tournaments.register({ tournamentId, teamName: `Kick AG ${p.user.id}`, lastName: "Muster", phoneNumber: "0151 23456789", applicationLanguage: opts.language ?? "de" });
  const teamId = r.participation.id;
  await p.caller.tournaments.completeRegistration({ participationId: teamId, invoiceCompanyName: "Kick AG", invoiceLine1: "Weg 2", invoicePostalCode: "10115", invoiceTown: "Berlin", invoiceCountry: "DE", invoiceEmail: `buchhaltung-${teamId}@example.org` });
  let intentId: string | null = null;
  if (opts.cash) await org.caller.tournaments.markPaid({ participationId: teamId });
  else {
    await p.caller.tournaments.pay({ participationId: teamId });
    // the test process shares its database with other files: a game participation may have the same subject id
    const [payment] = await deps.db.select().from(payments).where(and(eq(payments.purpose, "tournament"), eq(payments.subjectId, teamId)));
    intentId = payment!.stripePaymentIntentId;
    await atStripe(() => emulatorOf(deps).confirm(intentId!, "success"));
  }
  const jobs = await deps.jobs.boss.findJobs<TournamentInvoiceJob>("tournament-invoice", { data: { participationId: teamId } });
  expect(jobs).toHaveLength(1);
  await handleTournamentInvoice(deps, jobs[0]!.data);
  const [invoice, ...more] = await rowsOf(teamId);
  expect(more).toEqual([]);
  return { org, p, tournamentId, teamId, intentId, invoice: invoice! };
}

async function runCancellationJobs(participationId: number) {
  for (const job of await cancellationJobs(participationId)) await handleTournamentInvoiceCancellation(deps, job.data);
}

describe("a refunded business team's invoice is cancelled", () => {
  test("the organiser cancels a paid team: the refund's transaction queues the job; run twice and twice at once, one Stornorechnung with the next number, the original's amounts negative, its number and date, the reason and refund date; mailed with the PDF; linked beside the invoice; downloaded by the team, the organiser and admins only", async () => {
    try {
      const { org, p, tournamentId, teamId, invoice } = await invoicedTeam();
      expect(await cancellationJobs(teamId)).toHaveLength(0);
      testClock.freeze(REFUNDED_AT);
      await org.caller.tournaments.cancelRegistration({ participationId: teamId });
      const [team] = await deps.db.select().from(tournamentParticipations).where(eq(tournamentParticipations.id, teamId));
      expect(team).toMatchObject({ paymentStatus: "Refunded", refundedAt: REFUNDED_AT });
      const jobs = await cancellationJobs(teamId);
      expect(jobs).toHaveLength(1);

      testClock.freeze(new Date("2026-07-03T12:05:00Z"));
      await Promise.all([handleTournamentInvoiceCancellation(deps, jobs[0]!.data), handleTournamentInvoiceCancellation(deps, jobs[0]!.data)]);
      await handleTournamentInvoiceCancellation(deps, jobs[0]!.data);
      const [original, cancellation, ...more] = await rowsOf(teamId);
      expect(more).toEqual([]);
      expect(original).toEqual(invoice);
      expect(cancellation).toMatchObject({
        cancelsInvoiceId: invoice.id,
        year: invoice.year,
        sequence: invoice.sequence + 1,
        number: invoiceNumber(invoice.year, invoice.sequence + 1),
        netCents: 3782,
        vatCents: 718,
        grossCents: 4500,
        vatPercent: 19,
        paidAt: PAID_AT,
        issuedAt: new Date("2026-07-03T12:05:00Z"),
      });
      expect(cancellation!.mailedAt).not.toBeNull();
      const number = cancellation!.number;

      // The stored PDF, parsed back: metadata and the text its page draws
      const bytes = await storedPdf(cancellation!.storageKey);
      const doc = await PDFDocument.load(bytes);
      expect(doc.getTitle()).toBe(`Stornorechnung ${number}`);
      expect(doc.getKeywords()).toBe([number, `cancels=${invoice.number}`, "net=-3782", "vat=-718", "gross=-4500", "vatPercent=19"].join(" "));
      expect(doc.getKeywords()).toBe(invoiceKeywords({ ...cancellation!, cancels: { number: invoice.number } }).join(" "));
      const text = await pdfText(bytes);
      for (const line of [
        `Stornorechnung ${number}`,
        "Storno zur Rechnung",
        invoice.number,
        "Datum der Rechnung",
        "01.07.2026",
        "Kick AG",
        "Startgebühr Turnier „Firmen-Cup“",
        `Team: Kick AG ${p.user.id}`,
        "-37,82 €",
        "zzgl. 19 % USt.",
        "-7,18 €",
        "-45,00 €",
        `Diese Stornorechnung hebt die Rechnung ${invoice.number} vom 01.07.2026 vollständig auf.`,
        "Grund: Erstattung der Startgebühr.",
        "Erstattet am 03.07.2026.",
      ])
        expect(text).toContain(line);
      expect(text).not.toContain("Bezahlt am");
      expect(text).not.toContain(" 45,00 €");

      // One mail, to the invoice address, with that PDF attached
      const to = `buchhaltung-${teamId}@example.org`;
      const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(to) && m.subject.startsWith("Stornorechnung"));
      expect(mail.subject).toBe(`Stornorechnung ${number}: Firmen-Cup`);
      expect(mail.text).toContain(`Rechnung ${invoice.number} aufgehoben`);
      expect(mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType }))).toEqual([{ filename: `${number}.pdf`, contentType: "application/pdf" }]);
      expect(Buffer.from(mail.attachments[0]!.content).equals(Buffer.from(bytes))).toBe(true);
      const queued = await deps.jobs.boss.findJobs<{ template: { name: string } }>("send-mail", { data: { to } });
      expect(queued.map((j) => j.data.template.name).sort()).toEqual(["tournament-invoice", "tournament-invoice-cancellation"]);

      // Both links: on the team's page and in the organiser's overview
      const urls = { invoiceUrl: invoicePath(teamId), cancellationInvoiceUrl: cancellationInvoicePath(teamId) };
      expect((await p.caller.tournaments.myTeams({ tournamentId })).find((m) => m.id === teamId)).toMatchObject(urls);
      expect((await org.caller.tournaments.teams({ tournamentId })).teams.find((r) => r.id === teamId)).toMatchObject(urls);

      // Downloads: the invoice stays what invoiceUrl gives, the cancellation beside it, for the same people
      const admin = await signedInPlayer(deps, { isAdmin: true });
      const stranger = await signedInPlayer(deps);
      const client = httpClient(deps);
      const get = (path: string, token?: string) => client.request(path, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      for (const who of [p, org, admin]) {
        const storno = await get(urls.cancellationInvoiceUrl, who.token);
        expect(storno.status).toBe(200);
        expect(storno.headers.get("content-type")).toBe("application/pdf");
        expect(storno.headers.get("content-disposition")).toBe(`attachment; filename="${number}.pdf"`);
        expect(storno.headers.get("cache-control")).toBe("private, no-store");
        expect(Buffer.from(await storno.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
        const original = await get(urls.invoiceUrl, who.token);
        expect(original.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
        expect((await PDFDocument.load(new Uint8Array(await original.arrayBuffer()))).getTitle()).toBe(`Rechnung ${invoice.number}`);
      }
      const other = await invoicedTeam({ org, tournamentId });
      const refusals = [
        await get(urls.cancellationInvoiceUrl, stranger.token),
        await get(urls.cancellationInvoiceUrl),
        // invoiced, not cancelled
        await get(cancellationInvoicePath(other.teamId), admin.token),
        await get(cancellationInvoicePath(other.teamId), other.p.token),
        await get(`/api/tournament-invoices/${teamId}-storno`, admin.token),
        await get(`/api/tournament-invoices/${teamId}-STORNO.pdf`, admin.token),
        await get(`/api/tournament-invoices/${teamId}-storno-storno.pdf`, admin.token),
        await get(`/api/tournament-invoices/${teamId}storno.pdf`, admin.token),
        await get(`/api/tournament-invoices/-storno.pdf`, admin.token),
        await get(`/api/tournament-invoices/2147483648-storno.pdf`, admin.token),
      ];
      for (const res of refusals) expect({ status: res.status, body: await res.json() }).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
      expect((await p.caller.tournaments.myTeams({ tournamentId })).find((m) => m.id === teamId)!.cancellationInvoiceUrl).toBe(urls.cancellationInvoiceUrl);
      expect((await other.p.caller.tournaments.myTeams({ tournamentId })).find((m) => m.id === other.teamId)).toMatchObject({ invoiceUrl: invoicePath(other.teamId), cancellationInvoiceUrl: null });
    } finally {
      testClock.reset();
    }
  });

  test("a refund made outside the app (Stripe's dashboard): the team becomes Refunded and gets its Stornorechnung, in English as it registered", async () => {
    try {
      const { teamId, intentId, invoice } = await invoicedTeam({ language: "en" });
      testClock.freeze(REFUNDED_AT);
      await atStripe(() => deps.payments!.stripe.refunds.create({ payment_intent: intentId! }));
      const [team] = await deps.db.select().from(tournamentParticipations).where(eq(tournamentParticipations.id, teamId));
      expect(team!.paymentStatus).toBe("Refunded");
      expect(await cancellationJobs(teamId)).toHaveLength(1);
      await runCancellationJobs(teamId);
      const [, cancellation] = await rowsOf(teamId);
      const text = await pdfText(await storedPdf(cancellation!.storageKey));
      for (const line of [
        `Cancellation invoice ${cancellation!.number}`,
        "Cancels invoice",
        "Original invoice date",
        "-€37.82",
        "plus 19 % VAT",
        "-€7.18",
        "-€45.00",
        `This cancellation invoice cancels invoice ${invoice.number} of 01/07/2026 in full.`,
        "Reason: refund of the entry fee.",
        "Refunded on 03/07/2026.",
      ])
        expect(text).toContain(line);
      const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(`buchhaltung-${teamId}@example.org`) && m.subject.startsWith("Cancellation"));
      expect(mail.subject).toBe(`Cancellation invoice ${cancellation!.number}: Firmen-Cup`);
      expect(mail.attachments).toHaveLength(1);
    } finally {
      testClock.reset();
    }
  });

  test("a cancelled tournament cancels each refunded team's invoice; a team paid in cash keeps its invoice (its money is the organiser's business)", async () => {
    try {
      const card = await invoicedTeam();
      const cash = await invoicedTeam({ org: card.org, tournamentId: card.tournamentId, cash: true });
      testClock.freeze(REFUNDED_AT);
      await card.org.caller.tournaments.cancel({ tournamentId: card.tournamentId });
      expect(await cancellationJobs(card.teamId)).toHaveLength(1);
      expect(await cancellationJobs(cash.teamId)).toHaveLength(0);
      await runCancellationJobs(card.teamId);
      expect((await rowsOf(card.teamId)).map((r) => r.cancelsInvoiceId)).toEqual([null, card.invoice.id]);
      // even asked directly, a PaidExternally team gets none
      expect(await issueInvoiceCancellation(deps, cash.teamId)).toBeNull();
      expect(await rowsOf(cash.teamId)).toEqual([cash.invoice]);
    } finally {
      testClock.reset();
    }
  });
});

/** Business teams written directly (the numbering test needs many). */
async function directTeams(count: number, values: Partial<typeof tournamentParticipations.$inferInsert>) {
  const organizerId = (await createUser(deps)).id;
  const START = new Date("2026-06-13T08:00:00Z");
  const [t] = await deps.db
    .insert(tournaments)
    .values({ name: "Zähl-Cup", startTime: START, endTime: new Date(START.getTime() + 8 * 3_600_000), maxTeams: 64, locationName: "Feld", regionId, organizerId, organizationId, business: true, participationPriceCents: 6000, publishedAt: new Date("2026-05-01T00:00:00Z") })
    .returning();
  return deps.db
    .insert(tournamentParticipations)
    .values(
      Array.from({ length: count }, (_, i) => ({
        tournamentId: t!.id,
        teamName: `Zähler ${values.paymentStatus} ${i}`,
        firstName: "Lena",
        lastName: "Schmidt",
        email: `zaehler-${t!.id}-${i}@example.org`,
        phoneNumber: "+4915123456789",
        paymentStatus: "Paid" as const,
        paidAt: new Date("2026-05-20T16:30:00Z"),
        amountCents: 6000,
        invoiceCompanyName: "Bolzplatz Müller GmbH",
        invoiceLine1: "Hauptstraße 5",
        invoicePostalCode: "10115",
        invoiceTown: "Berlin",
        invoiceCountry: "DE" as const,
        ...values,
      })),
    )
    .returning();
}

describe("numbers of invoices and cancellations", () => {
  test("none for a team without an invoice, one not Refunded, or no team", async () => {
    const [refundedUninvoiced] = await directTeams(1, { paymentStatus: "Refunded", refundedAt: new Date() });
    const [paid] = await directTeams(1, { paymentStatus: "Paid" });
    await issueTournamentInvoice(deps, paid!.id);
    for (const id of [refundedUninvoiced!.id, paid!.id, 2_000_000_000]) expect(await issueInvoiceCancellation(deps, id)).toBeNull();
    expect(await rowsOf(refundedUninvoiced!.id)).toEqual([]);
    expect(await rowsOf(paid!.id)).toHaveLength(1);
  });

  test("two processes issuing 15 teams' invoices and 15 others' cancellations at once: one each, no number twice, no gap", async () => {
    if (deps.database.kind !== "postgres") return; // two processes need a PostgreSQL server (CI has one)
    const refunded = await directTeams(15, { paymentStatus: "Paid" });
    for (const r of refunded) await issueTournamentInvoice(deps, r.id);
    await deps.db.update(tournamentParticipations).set({ paymentStatus: "Refunded", refundedAt: new Date() }).where(inArray(tournamentParticipations.id, refunded.map((r) => r.id)));
    const fresh = await directTeams(15, { paymentStatus: "Paid" });
    const [invoiceIds, cancelIds] = [fresh.map((r) => r.id), refunded.map((r) => r.id)];
    const child = Bun.spawn(["bun", "server/testing/invoice-numbers-process.ts", deps.database.url!, [...invoiceIds].reverse().join(","), [...cancelIds].reverse().join(",")], { stdout: "pipe", stderr: "pipe" });
    const here = await Promise.all([...invoiceIds.map((id) => issueTournamentInvoice(deps, id)), ...cancelIds.map((id) => issueInvoiceCancellation(deps, id))]);
    const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
    expect({ code, err: code === 0 ? "" : err }).toEqual({ code: 0, err: "" });
    const there = JSON.parse(out.trim().split("\n").at(-1)!) as (string | null)[];
    // both processes answer the same number for each document: whoever came second found the first's
    expect([...there.slice(0, 15).reverse(), ...there.slice(15).reverse()]).toEqual(here.map((i) => i!.number));
    const rows = await deps.db.select().from(tournamentInvoices).where(sql`${tournamentInvoices.participationId} in ${[...invoiceIds, ...cancelIds]}`);
    expect(rows.filter((r) => r.cancelsInvoiceId === null)).toHaveLength(30);
    expect(rows.filter((r) => r.cancelsInvoiceId !== null).map((r) => r.participationId).sort()).toEqual([...cancelIds].sort());
    // the year's numbers, invoices and cancellations together: 1, 2, 3… without a gap, as many as the counter gave out
    const year = rows[0]!.year;
    const all = await deps.db.select({ sequence: tournamentInvoices.sequence }).from(tournamentInvoices).where(eq(tournamentInvoices.year, year)).orderBy(tournamentInvoices.sequence);
    expect(all.map((r) => r.sequence)).toEqual(all.map((_, i) => i + 1));
    const [counter] = await deps.db.select().from(tournamentInvoiceCounters).where(eq(tournamentInvoiceCounters.year, year));
    expect(counter!.lastNumber).toBe(all.length);
  }, 60_000);
});
