import { describe, expect } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { E2E_TIMEOUT, shot, signIn, trpcCall, searchCourt, useHarness, test } from "./harness";

const h = useHarness();

/**
 * Managed payment in the create and edit forms (issue 12): the demo organiser's connected account can
 * take charges (demo data), so the form offers the switch and, once it is on, the payout calculator;
 * the demo player has no payment account and is led to /payments-onboarding instead.
 */

/** The calculator's rows as [paying players, payout]. */
async function payoutRows(calculator: Locator): Promise<string[][]> {
  const rows = await calculator.getByRole("row").all();
  const cells = await Promise.all(rows.slice(1).map((row) => row.getByRole("cell").allTextContents()));
  return cells.map((texts) => texts.map((t) => t.replace(/\s/g, " ").trim()));
}

async function fillPrice(page: Page, text: string): Promise<void> {
  const price = page.getByLabel("Preis pro Spieler");
  await price.fill(text);
  await price.blur();
}

describe("managed payment in the game form", () => {
  test(
    "the organiser creates a managed-payment game; the payout calculator follows price, minimum and maximum, also when editing",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "orga@kickrunde.de");
      await page.goto("/create/game");
      await page.getByRole("heading", { name: "Kickrunde erstellen", level: 1 }).waitFor();

      const managed = page.getByRole("switch", { name: "Online-Zahlung über Kickrunde" });
      expect(await managed.getAttribute("aria-checked")).toBe("false");
      expect(await page.getByTestId("managed-payment-setup").count()).toBe(0);
      const calculator = page.getByRole("region", { name: "Auszahlungsrechner" });
      expect(await calculator.count()).toBe(0);

      await page.getByRole("radio", { name: /Morgen/ }).click();
      await page.getByLabel("Stunde").selectOption("20");
      await page.getByLabel("Minute").selectOption("0");
      await page.getByRole("button", { name: "Platz auswählen" }).click();
      await searchCourt(page, "Tempelhof");
      // A row highlights the court; its card confirms (spec 001 section 2.7).
      await page.getByRole("list").getByRole("button", { name: /Tempelhofer Feld Bolzplatz/ }).click();
      await page.getByTestId("court-summary-card").getByRole("button", { name: "Platz auswählen" }).click();
      await page.getByText("Tempelhofer Feld Bolzplatz").first().waitFor();

      await managed.click();
      expect(await managed.getAttribute("aria-checked")).toBe("true");
      await calculator.waitFor();
      // No price yet: nothing to pay out, and the price field asks for at least 2,50 €.
      await calculator.getByText("In dieser Konstellation gibt es keine Auszahlung.").waitFor();
      await page.getByText("Mit Online-Zahlung muss der Preis mindestens 2,50 € betragen.").waitFor();
      const submit = page.getByRole("button", { name: "Kickrunde erstellen", exact: true });
      expect(await submit.isDisabled()).toBe(true);
      await shot(page, "managed-create-switch-on");

      // 5 € on an organisation game (the demo organisation's 5 %): 0,25 € + 0,39 € fee; the month's 2 € not yet paid.
      // Minimum 10, the organiser is 1 place, no maximum: 9 missing players up to 9 + 2.
      await fillPrice(page, "5");
      await calculator.getByText("Pro Spieler: 5,00 € − 0,64 € Gebühr = 4,36 €").waitFor();
      await calculator.getByText(/Gebühr: 5\s%\svom Preis plus 0,39\s€ pro Zahlung\./).waitFor();
      await calculator.getByText(/2,00\s€ Kontogebühr/).waitFor();
      expect(await payoutRows(calculator)).toEqual([
        ["9", "37,24 €"],
        ["10", "41,60 €"],
        ["11", "45,96 €"],
      ]);
      await calculator.scrollIntoViewIfNeeded();
      await shot(page, "managed-create-calculator");

      // The price changes the rows at once.
      await fillPrice(page, "8");
      await calculator.getByText("Pro Spieler: 8,00 € − 0,79 € Gebühr = 7,21 €").waitFor();
      expect(await payoutRows(calculator)).toEqual([
        ["9", "62,89 €"],
        ["10", "70,10 €"],
        ["11", "77,31 €"],
      ]);

      // A maximum lists every open place; a higher minimum starts later.
      await page.getByLabel("Höchstens").selectOption("14");
      expect((await payoutRows(calculator)).map(([players]) => players)).toEqual(["9", "10", "11", "12", "13"]);
      await page.getByLabel("Mindestens").selectOption("12");
      expect(await payoutRows(calculator)).toEqual([
        ["11", "77,31 €"],
        ["12", "84,52 €"],
        ["13", "91,73 €"],
      ]);

      // Too cheap for any payout (and below the managed minimum): the spec's text.
      await fillPrice(page, "0,5");
      await calculator.getByText("In dieser Konstellation gibt es keine Auszahlung.").waitFor();
      expect(await calculator.getByRole("table").count()).toBe(0);
      expect(await submit.isDisabled()).toBe(true);
      await shot(page, "managed-create-no-payout");

      await fillPrice(page, "8");
      await calculator.getByRole("table").waitFor();
      await page.getByRole("textbox", { name: "Beschreibung (optional)" }).fill("Online bezahlen, bar nur auf Anfrage.");
      expect(await submit.isDisabled()).toBe(false);
      await shot(page, "managed-create-filled", { full: true });
      await submit.click();
      await page.waitForURL(/\/game\/\d+\?created$/);
      const gameId = Number(new URL(page.url()).pathname.split("/").pop());
      const game = await trpcCall<{ isManagedPayment: boolean; priceCents: number; minPlayers: number; maxPlayers: number | null }>(
        context,
        "query",
        "games.byId",
        { gameId },
      );
      expect(game).toMatchObject({ isManagedPayment: true, priceCents: 800, minPlayers: 12, maxPlayers: 14 });

      // The edit form shows the calculator of the saved game and follows a lower price.
      await page.goto(`/game/${gameId}/edit-details`);
      const editCalculator = page.getByRole("region", { name: "Auszahlungsrechner" });
      await editCalculator.getByText("Pro Spieler: 8,00 € − 0,79 € Gebühr = 7,21 €").waitFor();
      expect((await payoutRows(editCalculator)).at(0)).toEqual(["11", "77,31 €"]);
      await fillPrice(page, "7");
      await editCalculator.getByText("Pro Spieler: 7,00 € − 0,74 € Gebühr = 6,26 €").waitFor();
      await editCalculator.scrollIntoViewIfNeeded();
      await shot(page, "managed-edit-calculator");
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await page.waitForURL(new RegExp(`/game/${gameId}$`));
      expect((await trpcCall<{ priceCents: number }>(context, "query", "games.byId", { gameId })).priceCents).toBe(700);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a player without a payment account sees the way to set payments up, and no managed-payment switch",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "spieler@kickrunde.de");
      const account = await trpcCall<{ hasPaymentAccount: boolean; paymentChargesEnabled: boolean }>(context, "query", "users.myAccount");
      expect(account).toMatchObject({ hasPaymentAccount: false, paymentChargesEnabled: false });
      await page.goto("/create/game");
      await page.getByRole("heading", { name: "Kickrunde erstellen", level: 1 }).waitFor();

      const hint = page.getByTestId("managed-payment-setup");
      await hint.getByText("Richte dafür zuerst Dein Auszahlungskonto ein.", { exact: false }).waitFor();
      await hint.getByText("Online-Zahlung über Kickrunde", { exact: true }).waitFor();
      expect(await page.getByRole("switch", { name: "Online-Zahlung über Kickrunde" }).count()).toBe(0);
      expect(await page.getByLabel("Preis pro Spieler").count()).toBe(0);
      expect(await page.getByRole("region", { name: "Auszahlungsrechner" }).count()).toBe(0);
      const link = hint.getByRole("link", { name: "Zahlungen einrichten" });
      expect(await link.getAttribute("href")).toBe("/payments-onboarding");
      await hint.scrollIntoViewIfNeeded();
      await shot(page, "managed-player-hint");

      // The server refuses it too, whatever a client sends.
      const refused = await trpcCall(context, "mutation", "games.create", {
        description: "Testrunde",
        startTime: new Date(Date.now() + 2 * 86400_000 - ((Date.now() + 2 * 86400_000) % 3600_000)),
        courtId: (await trpcCall<{ id: number }[]>(context, "query", "courts.search", { regionSlug: "berlin" }))[0]!.id,
        isManagedPayment: true,
        priceCents: 500,
      }).catch((error: { app?: { code?: string } }) => error.app?.code);
      expect(refused).toBe("MANAGED_PAYMENT_NOT_ALLOWED");

      await link.click();
      await page.waitForURL(/\/payments-onboarding$/);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
