import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import type { Deps } from "../../context";
import type { TournamentInvoiceJob } from "../../jobs/definitions";
import { organizations, payments, tournamentInvoiceCounters, tournamentInvoices, tournamentParticipations, tournaments } from "../../db/schema";
import { storageFor } from "../../integrations/storage";
import { createRegion, createUser } from "../../testing/factories";
import { httpClient } from "../../testing/http-client";
import { pdfText } from "../../testing/pdf-text";
import { settledJobs } from "../../testing/jobs";
import { connectAccount, emulatorOf, signedInPlayer, stripeActions } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { testDeps } from "../../testing/test-db";
import { handleTournamentInvoice, invoicePath, invoiceUrlsFor, issueTournamentInvoice, queueTournamentInvoice } from "./invoices";
import { takeInvoiceSequence } from "./invoice-repo";
import { invoiceKeywords, winAnsi } from "./invoice-pdf";

let deps: Deps;
let regionId: number;
let organizationId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
  organizationId = (await deps.db.insert(organizations).values({ name: "Turnier e.V." }).returning())[0]!.id;
});

const START = new Date("2026-06-13T08:00:00Z");

async function tournament(values: Partial<typeof tournaments.$inferInsert> = {}) {
  const organizer = values.organizerId ?? (await createUser(deps)).id;
  const [row] = await deps.db
    .insert(tournaments)
    .values({ name: "Sommer-Cup", startTime: START, endTime: new Date(START.getTime() + 8 * 3_600_000), maxTeams: 64, locationName: "Tempelhofer Feld", regionId, organizerId: organizer, organizationId, business: true, participationPriceCents: 6000, publishedAt: new Date("2026-05-01T00:00:00Z"), ...values })
    .returning();
  return row!;
}

let teamSeq = 0;
/** A team with complete invoice data, Paid unless told, owing the tournament's price. */
async function team(t: { id: number; participationPriceCents: number }, values: Partial<typeof tournamentParticipations.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(tournamentParticipations)
    .values({
      tournamentId: t.id,
      teamName: `FC Größenwahn ${++teamSeq}`,
      firstName: "Lena",
      lastName: "Schmidt",
      email: `team${teamSeq}@example.org`,
      phoneNumber: "+4915123456789",
      paymentStatus: "Paid",
      paidAt: new Date("2026-05-20T16:30:00Z"),
      amountCents: t.participationPriceCents,
      invoiceCompanyName: "Bolzplatz Müller GmbH",
      invoiceLine1: "Hauptstraße 5",
      invoicePostalCode: "10115",
      invoiceTown: "Berlin",
      invoiceCountry: "DE",
      ...values,
    })
    .returning();
  return row!;
}

const invoicesOf = (participationId: number) => deps.db.select().from(tournamentInvoices).where(eq(tournamentInvoices.participationId, participationId));

async function storedPdf(key: string): Promise<Uint8Array> {
  const file = await storageFor(deps.config).get(key);
  expect(file?.contentType).toBe("application/pdf");
  return new Uint8Array(await new Response(file!.body).arrayBuffer());
}

describe("issuing a business team's invoice", () => {
  test("the job numbers, stores, mails it with the PDF attached; net + 19 % VAT = gross; the download path is given", async () => {
    const t = await tournament({ participationPriceCents: 500, pricePerPlayer: true });
    const p = await team(t, { playerCount: 12, amountCents: 6000, invoiceEmail: "buchhaltung@example.org", invoiceLine2: "Hinterhaus", invoiceHint: "Kostenstelle 4711" });
    await handleTournamentInvoice(deps, { participationId: p.id });

    const [invoice, ...more] = await invoicesOf(p.id);
    expect(more).toEqual([]);
    expect(invoice!.number).toMatch(/^KR-\d{4}-\d{5}$/);
    expect(invoice!.number).toBe(`KR-${invoice!.year}-${String(invoice!.sequence).padStart(5, "0")}`);
    expect({ net: invoice!.netCents, vat: invoice!.vatCents, gross: invoice!.grossCents, percent: invoice!.vatPercent }).toEqual({ net: 5042, vat: 958, gross: 6000, percent: 19 });
    expect(invoice!.paidAt).toEqual(new Date("2026-05-20T16:30:00Z"));
    expect(invoice!.mailedAt).not.toBeNull();
    expect((await invoiceUrlsFor(deps.db, [p.id, p.id + 100_000])).get(p.id)).toEqual({ invoiceUrl: invoicePath(p.id), cancellationInvoiceUrl: null });
    expect((await invoiceUrlsFor(deps.db, [p.id + 100_000])).size).toBe(0);

    // The stored PDF, parsed back: its metadata and the text its page draws
    const bytes = await storedPdf(invoice!.storageKey);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getKeywords()).toBe(invoiceKeywords(invoice!).join(" "));
    const amounts = Object.fromEntries(doc.getKeywords()!.split(" ").slice(1).map((k) => k.split("=")).map(([k, v]) => [k!, Number(v)]));
    expect(amounts).toEqual({ net: 5042, vat: 958, gross: 6000, vatPercent: 19 });
    expect(amounts.net! + amounts.vat!).toBe(amounts.gross!);
    const text = await pdfText(bytes);
    for (const line of [
      `Rechnung ${invoice!.number}`,
      "Turnier e.V.",
      "Bolzplatz Müller GmbH",
      "Hauptstraße 5",
      "Hinterhaus",
      "10115 Berlin",
      "Deutschland",
      "Startgebühr Turnier „Sommer-Cup“",
      "Team: FC Größenwahn",
      "12 Spieler × 5,00 €",
      "50,42 €",
      "zzgl. 19 % USt.",
      "9,58 €",
      "60,00 €",
      "Bezahlt am 20.05.2026.",
      "Hinweis: Kostenstelle 4711",
      "13.06.2026",
    ])
      expect(text).toContain(winAnsi(line));
    // the organisation has no address of its own: the platform writes the invoice in its name (config COMPANY_*)
    expect(text).toContain(deps.config.company.name);

    // The mail: to the invoice address, in the team's language, the same PDF attached under the number's name
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes("buchhaltung@example.org"));
    expect(mail.subject).toBe(`Rechnung ${invoice!.number}: Sommer-Cup`);
    expect(mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType }))).toEqual([{ filename: `${invoice!.number}.pdf`, contentType: "application/pdf" }]);
    expect(Buffer.from(mail.attachments[0]!.content).equals(Buffer.from(bytes))).toBe(true);
    // and the development inbox offers it for download
    const client = httpClient(deps);
    expect(await client.request("/dev/mails").then((r) => r.text())).toContain(`/dev/mails/${mail.id}/attachments/0`);
    const devDownload = await client.request(`/dev/mails/${mail.id}/attachments/0`);
    expect(devDownload.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await devDownload.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  test("in English for a team that registered in English, to the team's e-mail; paid in cash says so; the seller is the platform without an organisation", async () => {
    const t = await tournament({ organizationId: null, name: "Winter Cup" });
    const p = await team(t, { language: "en", paymentStatus: "PaidExternally", invoiceCountry: "AT", invoicePostalCode: "1010", invoiceTown: "Wien" });
    const invoice = (await issueTournamentInvoice(deps, p.id))!;
    const text = await pdfText(await storedPdf(invoice.storageKey));
    for (const line of [`Invoice ${invoice.number}`, "Entry fee, tournament “Winter Cup”", "plus 19 % VAT", "€9.58", "€50.42", "€60.00", "Paid on 20/05/2026 (on site, to the organiser).", "1010 Wien", "Austria", deps.config.company.name])
      expect(text).toContain(line);
    expect(text).not.toContain("Turnier e.V.");
    expect(text).not.toContain("on behalf");
    const mail = await deps.mailer.catcher!.waitFor((m) => m.envelopeTo.includes(p.email));
    expect(mail.subject).toBe(`Invoice ${invoice.number}: Winter Cup`);
    expect(mail.attachments).toHaveLength(1);
  });

  test("idempotent: run twice, or twice at once, one invoice and one number", async () => {
    const t = await tournament();
    const p = await team(t);
    const first = await issueTournamentInvoice(deps, p.id);
    const again = await issueTournamentInvoice(deps, p.id);
    expect(again!.number).toBe(first!.number);
    const q = await team(t);
    const [a, b] = await Promise.all([issueTournamentInvoice(deps, q.id), issueTournamentInvoice(deps, q.id)]);
    expect(a!.number).toBe(b!.number);
    expect(await invoicesOf(p.id)).toHaveLength(1);
    expect(await invoicesOf(q.id)).toHaveLength(1);
  });

  test("queued in the caller's transaction: committed, the worker-less queue holds one job; rolled back, none", async () => {
    const t = await tournament();
    const p = await team(t);
    await deps.db.transaction((tx) => queueTournamentInvoice(deps, tx, p.id));
    const q = await team(t);
    await deps.db
      .transaction(async (tx) => {
        await queueTournamentInvoice(deps, tx, q.id);
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect((await deps.jobs.boss.findJobs("tournament-invoice", { data: { participationId: p.id } })).length).toBe(1);
    expect((await deps.jobs.boss.findJobs("tournament-invoice", { data: { participationId: q.id } })).length).toBe(0);
  });

  test("none for a team that owes none: not business, Open, Refunded, cancelled-and-refunded, free, or without invoice data", async () => {
    const business = await tournament();
    const cases = [
      await team(await tournament({ business: false })),
      await team(business, { paymentStatus: "Open", paidAt: null }),
      await team(business, { paymentStatus: "Refunded" }),
      await team(business, { amountCents: 0 }),
      await team(business, { paymentStatus: "PaidExternally", invoiceCompanyName: null, invoiceLine1: null }),
    ];
    for (const p of cases) expect(await issueTournamentInvoice(deps, p.id)).toBeNull();
    expect(await issueTournamentInvoice(deps, 2_000_000_000)).toBeNull();
    for (const p of cases) expect(await invoicesOf(p.id)).toEqual([]);
  });
});

describe("the whole way", () => {
  test("register, invoice data, pay at Stripe: the job the payment queued issues the invoice; the team's page links it and its user downloads it", async () => {
    testClock.freeze(new Date("2026-07-01T10:00:00Z"));
    try {
      const org = await signedInPlayer(deps, { organizationId, regionId });
      await connectAccount(deps, org.user.id);
      const t = await org.caller.tournaments.create({ name: "Firmen-Cup", startTime: new Date("2026-07-11T08:00:00Z"), endTime: new Date("2026-07-11T16:00:00Z"), maxTeams: 4, locationName: "Halle", regionId, participationPriceCents: 4500, business: true });
      await org.caller.tournaments.publish({ tournamentId: t.id });
      const p = await signedInPlayer(deps);
      const r = await p.caller.tournaments.register({ tournamentId: t.id, teamName: "Kick AG Elf", lastName: "Muster", phoneNumber: "0151 23456789", applicationLanguage: "en" });
      await p.caller.tournaments.completeRegistration({ participationId: r.participation.id, invoiceCompanyName: "Kick AG", invoiceLine1: "Weg 2", invoicePostalCode: "1010", invoiceTown: "Wien", invoiceCountry: "AT" });
      await p.caller.tournaments.pay({ participationId: r.participation.id });
      // the test process shares its database with other files: a game participation may have the same subject id
      const [payment] = await deps.db.select().from(payments).where(and(eq(payments.purpose, "tournament"), eq(payments.subjectId, r.participation.id)));
      await stripeActions(deps)(() => emulatorOf(deps).confirm(payment!.stripePaymentIntentId, "success"));
      expect((await p.caller.tournaments.myTeams({ tournamentId: t.id }))[0]!.invoiceUrl).toBeNull();

      const jobs = await deps.jobs.boss.findJobs<TournamentInvoiceJob>("tournament-invoice", { data: { participationId: r.participation.id } });
      expect(jobs).toHaveLength(1);
      await handleTournamentInvoice(deps, jobs[0]!.data);
      const [invoice] = await invoicesOf(r.participation.id);
      expect(invoice).toMatchObject({ grossCents: 4500, vatCents: 718, netCents: 3782, paidAt: new Date("2026-07-01T10:00:00Z") });
      const [mine] = await p.caller.tournaments.myTeams({ tournamentId: t.id });
      expect(mine!.invoiceUrl).toBe(invoicePath(r.participation.id));
      const res = await httpClient(deps).request(mine!.invoiceUrl!, { headers: { authorization: `Bearer ${p.token}` } });
      expect(res.status).toBe(200);
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      for (const line of [`Invoice ${invoice!.number}`, "Kick AG", "Entry fee, tournament “Firmen-Cup”", "Team: Kick AG Elf", "€37.82", "€7.18", "€45.00", "Paid on 01/07/2026."]) expect(text).toContain(line);
    } finally {
      testClock.reset();
    }
  });
});

describe("invoice numbers", () => {
  /** The year's invoices, in order of their sequence: 1, 2, 3… without a gap, as many as the counter gave out. */
  async function expectGapless(year: number) {
    const rows = await deps.db.select({ sequence: tournamentInvoices.sequence, number: tournamentInvoices.number }).from(tournamentInvoices).where(eq(tournamentInvoices.year, year)).orderBy(tournamentInvoices.sequence);
    expect(rows.map((r) => r.sequence)).toEqual(rows.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    const [counter] = await deps.db.select().from(tournamentInvoiceCounters).where(eq(tournamentInvoiceCounters.year, year));
    expect(counter!.lastNumber).toBe(rows.length);
  }

  test("a rolled-back invoice gives its number back: the next one takes it", async () => {
    const year = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric" }).format(deps.clock.now()));
    const taken = await deps.db
      .transaction(async (tx) => {
        const n = await takeInvoiceSequence(tx, year);
        throw Object.assign(new Error("storage failed"), { n });
      })
      .catch((e: { n: number }) => e.n);
    const t = await tournament();
    const invoice = await issueTournamentInvoice(deps, (await team(t)).id);
    expect(invoice!.sequence).toBe(taken);
    await expectGapless(year);
  });

  test("two processes issuing the same 30 teams' invoices at once: each team one invoice, no number twice, no gap", async () => {
    if (deps.database.kind !== "postgres") return; // two processes need a PostgreSQL server (CI has one)
    const t = await tournament();
    const teams = await Promise.all(Array.from({ length: 30 }, () => team(t)));
    const ids = teams.map((p) => p.id);
    const child = Bun.spawn(["bun", "server/testing/invoice-numbers-process.ts", deps.database.url!, [...ids].reverse().join(",")], { stdout: "pipe", stderr: "pipe" });
    const here = await Promise.all(ids.map((id) => issueTournamentInvoice(deps, id)));
    const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
    expect({ code, err: code === 0 ? "" : err }).toEqual({ code: 0, err: "" });
    const there = JSON.parse(out.trim().split("\n").at(-1)!) as (string | null)[];
    // both processes see the same number for each team: whoever came second found the first's invoice
    expect(there.reverse()).toEqual(here.map((i) => i!.number));
    const rows = await deps.db.select().from(tournamentInvoices).where(sql`${tournamentInvoices.participationId} in ${ids}`);
    expect(rows).toHaveLength(30);
    await expectGapless(rows[0]!.year);
    // the queue sent each team's mail once
    for (const id of ids.slice(0, 3)) {
      const mails = await settledJobs(deps, "send-mail", { to: teams.find((p) => p.id === id)!.email });
      expect(mails).toHaveLength(1);
    }
  }, 60_000);
});

describe("GET /api/tournament-invoices/{id}.pdf", () => {
  test("the team's user, the organiser and admins download it; everybody else, visitors and ids without an invoice get the same 404", async () => {
    const organizer = await signedInPlayer(deps);
    const owner = await signedInPlayer(deps);
    const admin = await signedInPlayer(deps, { isAdmin: true });
    const stranger = await signedInPlayer(deps);
    const t = await tournament({ organizerId: organizer.user.id });
    const p = await team(t, { userId: owner.user.id });
    const invoice = (await issueTournamentInvoice(deps, p.id))!;
    const unpaid = await team(t, { paymentStatus: "Open", userId: owner.user.id });
    const client = httpClient(deps);
    const get = (path: string, token?: string) => client.request(path, token ? { headers: { authorization: `Bearer ${token}` } } : {});

    for (const who of [owner, organizer, admin]) {
      const res = await get(invoicePath(p.id), who.token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect((await PDFDocument.load(bytes)).getKeywords()).toContain(invoice.number);
    }
    const notFound = async (res: Response) => ({ status: res.status, body: (await res.json()) as { error: { code: string } } });
    const refusals = [
      await get(invoicePath(p.id), stranger.token),
      await get(invoicePath(p.id)),
      await get(invoicePath(unpaid.id), owner.token),
      await get(invoicePath(unpaid.id), admin.token),
      await get("/api/tournament-invoices/0.pdf", admin.token),
      await get("/api/tournament-invoices/99999999999.pdf", admin.token),
      await get("/api/tournament-invoices/2147483648.pdf", admin.token),
      await get(`/api/tournament-invoices/${p.id}`, admin.token),
      await get(`/api/tournament-invoices/${p.id}.pdf.exe`, admin.token),
      await get(`/api/tournament-invoices/-${p.id}.pdf`, admin.token),
      await get(`/api/tournament-invoices/0${p.id}.pdf`, admin.token),
      await get("/api/tournament-invoices/%ZZ.pdf", admin.token),
      await get(`/api/tournament-invoices/${"9".repeat(5000)}.pdf`, admin.token),
      await get("/api/tournament-invoices/1e3.pdf", admin.token),
      await get("/api/tournament-invoices/%F0%9F%98%80.pdf", admin.token),
    ];
    for (const res of refusals) expect(await notFound(res)).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    // the stored file is not an upload anybody may fetch by its key
    expect((await client.request(`/uploads/${invoice.storageKey}`, { headers: { authorization: `Bearer ${admin.token}` } })).status).toBe(404);
  });
});

describe("the PDF's text", () => {
  test("what Helvetica cannot draw is simplified, never an error", () => {
    expect(winAnsi("Müller – „Größe“ 5 €")).toBe("Müller – „Größe“ 5 €");
    expect(winAnsi("Łódź 😀 Ősz")).toBe("?ódz ? Osz");
    expect(winAnsi("a\u202fb\nc")).toBe("a b c");
  });
});

// keeps the clock real for the issue dates (the second process has the system clock)
testClock.reset();
