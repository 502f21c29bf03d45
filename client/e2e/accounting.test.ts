import { describe, expect } from "bun:test";
import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { PgBoss } from "pg-boss";
import postgres from "postgres";
import type { TCoachedGames, TOrganizerInvoice } from "@shared/schemas/accounting";
import { previousBerlinMonth } from "@shared/rules/accounting";
import { E2E_TIMEOUT, eventually, shot, signIn, trpcCall, useHarness, test } from "./harness";

/**
 * Issue 26, accounting and organiser invoices at 390 px, German and English: an admin loads a month of Berlin's
 * coached games with card revenue (one payment partly refunded) and cash that add up; the organiser's monthly invoice is
 * issued by the `organizer-invoices` job and downloaded as a PDF from the profile.
 */
const h = useHarness();

const { year, month } = previousBerlinMonth(new Date());
const MONTH_DE = new Intl.DateTimeFormat("de-DE", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month - 1, 15)));
const MONTH_EN = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month - 1, 15)));
const euro = (cents: number, locale: "de" | "en") =>
  locale === "de" ? `${(cents / 100).toFixed(2).replace(".", ",")}\u00a0€` : `€${(cents / 100).toFixed(2)}`;

/**
 * An organisation game of the organiser (Jonas) last month on a Berlin court, straight in the database (a past game
 * cannot be created through the API): Lena paid 10 € by card, Mehmet 10 € by card of which 4 € went back, Emma 8 € in
 * cash; the platform kept 0,99 € of each card payment (Mehmet's less the refunded part).
 */
async function coachedGameLastMonth(): Promise<{ gameId: number; courtName: string }> {
  const sql = postgres(h.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    return await sql.begin(async (tx) => {
      const [orga] = await tx`select id, organization_id from users where email = 'orga@kickrunde.de'`;
      const [region] = await tx`select id from regions where slug = 'berlin'`;
      const [court] = await tx`select id, name from courts where region_id = ${region!.id} order by id limit 1`;
      const start = new Date(Date.UTC(year, month - 1, 12, 17, 0));
      const [game] = await tx`
        insert into games (creator_id, organization_id, region_id, court_id, title, price_cents, is_managed_payment, start_time, end_time)
        values (${orga!.id}, ${orga!.organization_id}, ${region!.id}, ${court!.id}, 'Buchhaltungs-Kick', 1000, true, ${start}, ${new Date(start.getTime() + 3_600_000)})
        returning id`;
      const place = async (email: string, status: string, cents: number) => {
        const [user] = await tx`select id from users where email = ${email}`;
        const [p] = await tx`insert into participations (game_id, user_id, payment_status, total_price_cents) values (${game!.id}, ${user!.id}, ${status}, ${cents}) returning id`;
        return p!.id as number;
      };
      const card = async (participationId: number, refunded: number) => {
        await tx`insert into payments (stripe_payment_intent_id, purpose, subject_id, payer_user_id, destination_account_id, amount_cents, application_fee_cents, capture_method, status, amount_received_cents, amount_refunded_cents)
          values (${`pi_e2e_accounting_${participationId}`}, 'participation', ${participationId}, null, 'acct_e2e', 1000, 99, 'manual', 'succeeded', 1000, ${refunded})`;
      };
      await card(await place("spieler@kickrunde.de", "Captured", 1000), 0);
      await card(await place("mehmet@kickrunde.de", "Captured", 1000), 400);
      await place("emma@kickrunde.de", "PaidExternally", 800);
      return { gameId: game!.id as number, courtName: court!.name as string };
    });
  } finally {
    await sql.end();
  }
}

/** Asks the server's queue for last month's organiser invoices, as the monthly schedule does. */
async function runInvoiceJob(): Promise<void> {
  const boss = new PgBoss({ connectionString: h.databaseUrl!, supervise: false, migrate: false, schedule: false });
  await boss.start();
  try {
    await boss.send("organizer-invoices", { year, month });
  } finally {
    await boss.stop({ graceful: true, timeout: 5000 });
  }
}

describe("accounting", () => {
  test(
    "an admin loads last month: the coached game with card (net of refunds) and cash revenue, the sums adding up; in German and English",
    async () => {
      if (!h.databaseUrl) throw new Error("the accounting e2e needs DATABASE_URL (PostgreSQL) to put last month's game in place");
      const admin = await h.newContext();
      await signIn(admin, "admin@kickrunde.de");
      const before = await trpcCall<TCoachedGames>(admin, "query", "accounting.coachedGames", { year, month, regionSlug: "berlin" });
      const { gameId, courtName } = await coachedGameLastMonth();
      const sums = { card: before.cardCents + 1600, cash: before.cashCents + 800, total: before.totalCents + 2400 };
      expect(sums.card + sums.cash).toBe(sums.total);

      for (const [locale, language, texts] of [
        ["de-DE", "de", { load: "Laden", month: "Monat", year: "Jahr", city: "Stadt", coach: "Coach: Jonas", attendance: "Anwesenheitsliste", monthName: MONTH_DE }],
        ["en-GB", "en", { load: "Load", month: "Month", year: "Year", city: "City", coach: "Coach: Jonas", attendance: "Attendance list", monthName: MONTH_EN }],
      ] as const) {
        const context = locale === "de-DE" ? admin : await h.newContext({ locale });
        if (context !== admin) await signIn(context, "admin@kickrunde.de");
        const page = await context.newPage();
        await page.goto("/accounting");
        await page.getByTestId("accounting-form").waitFor();
        // the city defaults to the admin's own, shown once the cities have come
        await page.getByLabel(texts.city).locator('option[value="berlin"]').waitFor({ state: "attached" });
        await eventually(async () => (await page.getByLabel(texts.city).inputValue()) === "berlin", { what: "the admin's city chosen" });
        await page.getByLabel(texts.month).selectOption(String(month));
        await page.getByLabel(texts.year).selectOption(String(year));
        await shot(page, `accounting-form-${language}`);
        await page.getByRole("button", { name: texts.load, exact: true }).click();

        const row = page.locator(`[data-testid="coached-game"][data-game-id="${gameId}"]`);
        await row.waitFor();
        await expect(row.textContent()).resolves.toContain(courtName);
        await expect(row.textContent()).resolves.toContain(texts.coach);
        await expect(row.getByTestId("coached-game-revenue").textContent()).resolves.toBe(euro(2400, language));
        await expect(row.textContent()).resolves.toContain(euro(1600, language));
        await expect(row.textContent()).resolves.toContain(euro(800, language));
        await expect(page.getByTestId("accounting-result").locator("h2").textContent()).resolves.toContain(texts.monthName);
        const sum = (key: string) => page.locator(`[data-sum="${key}"] dd`).textContent();
        await expect(sum("card")).resolves.toBe(euro(sums.card, language));
        await expect(sum("cash")).resolves.toBe(euro(sums.cash, language));
        await expect(sum("total")).resolves.toBe(euro(sums.total, language));
        await row.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shot(page, `accounting-result-${language}`);

        if (language === "de") {
          await row.getByRole("link", { name: texts.attendance }).click();
          await page.waitForURL(`**/game/${gameId}/attendance-list`);
        }
        await page.close();
      }

      // everybody else reads the refusal
      const player = await h.newContext();
      await signIn(player, "spieler@kickrunde.de");
      const page = await player.newPage();
      await page.goto("/accounting");
      await page.getByTestId("no-permission").waitFor();
      await expect(page.getByTestId("no-permission").textContent()).resolves.toContain("Fehlende Berechtigung.");
      await shot(page, "accounting-no-permission-de");
    },
    E2E_TIMEOUT,
  );

  test(
    "the monthly job issues the organiser's invoice; the organiser downloads the PDF from the profile (German and English)",
    async () => {
      if (!h.databaseUrl) throw new Error("the invoice e2e needs DATABASE_URL (PostgreSQL)");
      const orga = await h.newContext();
      const { userId } = await signIn(orga, "orga@kickrunde.de");
      await runInvoiceJob();
      const invoice = await eventually(
        async () => (await trpcCall<TOrganizerInvoice[]>(orga, "query", "accounting.myInvoices")).find((i) => i.year === year && i.month === month) ?? false,
        { what: "the organiser's invoice of last month", timeoutMs: 60_000 },
      );
      expect(invoice.invoiceNr).toMatch(/^KRO-\d{4}-\d{5}$/);
      // Lena's 0,99 € and Mehmet's 0,99 € less 0,40 € back: 1,58 € (and whatever else the demo's month kept)
      expect(invoice.grossCents).toBeGreaterThanOrEqual(158);
      expect(invoice.netCents + invoice.vatCents).toBe(invoice.grossCents);
      const answer = await trpcCall<TOrganizerInvoice>(orga, "query", "accounting.organizerInvoice", { userId, year, month });
      expect(answer.invoiceNr).toBe(invoice.invoiceNr);

      for (const [locale, language, title, download] of [
        ["de-DE", "de", "Meine Rechnungen", "PDF herunterladen"],
        ["en-GB", "en", "My invoices", "Download PDF"],
      ] as const) {
        const context = locale === "de-DE" ? orga : await h.newContext({ locale });
        if (context !== orga) await signIn(context, "orga@kickrunde.de");
        const page = await context.newPage();
        await page.goto("/profile");
        const section = page.getByTestId("my-invoices");
        await section.getByRole("heading", { name: title }).waitFor();
        const row = section.getByTestId("my-invoice").filter({ hasText: invoice.invoiceNr });
        await row.evaluate((el) => el.scrollIntoView({ block: "center" }));
        await shot(page, `accounting-profile-invoices-${language}`);
        const [file] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: download }).click()]);
        expect(file.suggestedFilename()).toBe(`${invoice.invoiceNr}.pdf`);
        const bytes = readFileSync((await file.path())!);
        expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
        const pdf = await PDFDocument.load(bytes);
        // written in the organiser's account language (German), whatever the browser shows
        expect(pdf.getTitle()).toBe(`Rechnung ${invoice.invoiceNr}`);
        expect(pdf.getKeywords()).toContain(`gross=${invoice.grossCents}`);
        await page.close();
      }

      // a stranger gets the same 404 as for no invoice at all
      const stranger = await h.newContext();
      await signIn(stranger, "spieler@kickrunde.de");
      expect((await stranger.request.get(invoice.downloadUrl)).status()).toBe(404);
    },
    E2E_TIMEOUT,
  );
});
