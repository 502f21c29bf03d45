import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import type { TMyTeam, TRegisterTeamResult, TTeamsOverview } from "@shared/schemas/tournament-teams";
import { E2E_TIMEOUT, eventually, explained, holdRequests, publishedTournament, shot, signIn, trpcCall, uniqueEmail, useHarness, test } from "./harness";

const h = useHarness();

/** A team registered through the API by a new signed-in player (the demo players may be used by other files). */
async function registerTeam(tournamentId: number, email: string, teamName: string, extra: Record<string, unknown> = {}): Promise<{ context: BrowserContext; team: TMyTeam }> {
  const context = await h.newContext();
  const result = await trpcCall<TRegisterTeamResult>(context, "mutation", "tournaments.register", {
    tournamentId,
    teamName,
    firstName: "Lena",
    lastName: "Berg",
    email,
    phoneNumber: "0151 23456789",
    playerCount: 6,
    ...extra,
  });
  return { context, team: result.participation };
}

async function myTeams(context: BrowserContext, tournamentId: number): Promise<TMyTeam[]> {
  return trpcCall<TMyTeam[]>(context, "query", "tournaments.myTeams", { tournamentId });
}

/** On the emulator's hosted page: presses `outcome` and waits until the provider sent the payer back to the tournament. */
async function payOnHostedPage(page: Page, tournamentId: number, outcome: "Erfolgreich bezahlen" | "Zahlung ablehnen lassen", shotName?: string): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith("/checkout/"));
  if (shotName) await shot(page, shotName);
  await page.getByRole("button", { name: outcome }).click();
  await page.waitForURL((url) => url.pathname === `/tournament/${tournamentId}`);
}

async function toEnglish(page: Page) {
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  await page.getByRole("dialog", { name: "Menü" }).getByRole("button", { name: "English" }).click();
  await page.keyboard.press("Escape");
}

describe("tournament teams", () => {
  test(
    "a visitor registers a team with a new e-mail, enters the invoice data, pays on the hosted page and comes back to 'Bezahlt'",
    async () => {
      const { id } = await publishedTournament(h, "Firmencup E2E", { business: true, participationPriceCents: 1000, pricePerPlayer: true });
      const context = await h.newContext();
      const page = await context.newPage();
      // The keyed texts' chunk (validation messages) is held until the form has been checked once: the form draws its
      // own texts when the chunk comes (lib/messages.ts), as on a slow phone that taps at once.
      const release = await holdRequests(page, /\/assets\/message-catalogue-[^/]+\.js$/);
      await page.goto(`/tournament/${id}`);

      // Before the tap: the fields a visitor fills, the total and what comes next.
      const block = page.locator("section", { has: page.getByRole("heading", { name: "Anmeldung" }) });
      await block.getByText("Rechnungsdaten werden vor der Zahlung abgefragt").waitFor();
      await block.getByRole("button", { name: "Team anmelden" }).click();
      await block.getByRole("textbox", { name: "Teamname" }).and(page.locator('[aria-invalid="true"]')).waitFor();
      release();
      await block.getByText("Bitte gib einen Teamnamen ein.").waitFor();
      await block.getByText("Bitte wähle die Spieleranzahl.").waitFor();

      const email = uniqueEmail("team");
      await block.getByLabel("Teamname").fill("Die Rasenmäher");
      await block.getByLabel("Vorname").fill("Lena");
      await block.getByLabel("Nachname").fill("Berg");
      await block.getByLabel("E-Mail").fill(email);
      await block.getByLabel("Telefonnummer").fill("0151 23456789");
      await block.getByLabel("Spieleranzahl").selectOption("7");
      await block.getByText("7 Spieler × 10,00 € = 70,00 €").waitFor();
      await block.getByText("inkl. 19 % MwSt.").waitFor();
      await shot(page, "tournament-register-de", { full: true });
      await block.getByRole("button", { name: "Team anmelden" }).click();

      // A new account was made and signed in; the password mail is on its way.
      const done = page.getByRole("dialog", { name: "Team angemeldet" });
      await done.getByText("Die Rasenmäher ist für das Turnier angemeldet.").waitFor();
      await done.getByText(`An ${email} ist eine E-Mail mit einem Link unterwegs`, { exact: false }).waitFor();
      await done.getByText("Als Nächstes: Rechnungsdaten angeben, dann bezahlen.").waitFor();
      await shot(page, "tournament-registered-de");
      await done.getByRole("button", { name: "Alles klar" }).click();

      // The team's card: open, the invoice form first (its required fields checked in place).
      const card = page.getByTestId("my-team");
      await card.getByText("Offen – bitte bezahlen").waitFor();
      expect(await card.getByRole("button", { name: /^Weiter zur Zahlung/ }).count()).toBe(0);
      await card.getByRole("button", { name: "Rechnungsdaten speichern" }).click();
      await card.getByText("Bitte gib den Firmennamen ein.").waitFor();
      await card.getByLabel("Firmenname").fill("Rasen GmbH");
      await card.getByLabel("Straße und Hausnummer").fill("Platzweg 1");
      await card.getByLabel("PLZ").fill("10115");
      await card.getByLabel("Ort", { exact: true }).fill("Berlin");
      await card.getByRole("switch", { name: "Rechnung an eine andere E-Mail-Adresse" }).click();
      await card.getByLabel("E-Mail-Adresse für die Rechnung").fill("buchhaltung@example.com");
      await card.getByLabel("Land").selectOption("AT");
      await shot(page, "tournament-invoice-form-de", { full: true });
      await card.getByRole("button", { name: "Rechnungsdaten speichern" }).click();

      // Then paying: the hosted page, back to the page, the wait, "Bezahlt".
      await card.getByRole("button", { name: "Weiter zur Zahlung (70 €)" }).click();
      await payOnHostedPage(page, id, "Erfolgreich bezahlen", "tournament-hosted-checkout");
      await eventually(() => new URL(page.url()).search === "", { what: "the return's parameters removed" });
      // "Zahlung wird bestätigt …" stands while the team is still Open (the webhook may have been quicker)
      await card.getByTestId("my-team-status").getByText("Bezahlt", { exact: true }).waitFor({ timeout: 30_000 });
      const [team] = await myTeams(context, id);
      expect(team).toMatchObject({ teamName: "Die Rasenmäher", paymentStatus: "Paid", invoiceCompanyName: "Rasen GmbH", invoiceCountry: "AT", invoiceEmail: "buchhaltung@example.com" });
      await card.scrollIntoViewIfNeeded();
      await shot(page, "tournament-paid-de");
    },
    E2E_TIMEOUT,
  );

  test(
    "a failed payment opens the modal with a retry; an e-mail with an account opens the sign-in modal with the warning",
    async () => {
      const { id } = await publishedTournament(h, "Kiezcup Zahlung E2E", { pricePerPlayer: false, participationPriceCents: 4000 });
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto(`/tournament/${id}`);
      const block = page.locator("section", { has: page.getByRole("heading", { name: "Anmeldung" }) });
      await block.getByText("40,00 € für euer Team").waitFor();
      await block.getByLabel("Teamname").fill("Ballfreunde");
      await block.getByLabel("Vorname").fill("Mehmet");
      await block.getByLabel("Nachname").fill("Demir");
      await block.getByLabel("E-Mail").fill("spieler@kickrunde.de");
      await block.getByLabel("Telefonnummer").fill("+43 660 1234567");
      await block.getByRole("button", { name: "Team anmelden" }).click();

      // spec 001 section 8: the sign-in modal with a warning; signing in keeps what was typed.
      const modal = page.getByRole("dialog", { name: "Willkommen bei Kickrunde" });
      await modal.getByText("E-Mail Adresse wird bereits verwendet. Bist du bereits registriert?").waitFor();
      expect(await modal.getByLabel("E-Mail").inputValue()).toBe("spieler@kickrunde.de");
      await shot(page, "tournament-email-in-use-de");
      await modal.getByLabel("Passwort", { exact: true }).fill("kickrunde");
      await modal.getByRole("button", { name: "Anmelden", exact: true }).click();
      await modal.waitFor({ state: "detached" });
      await block.getByText(/^Anmeldung als /).waitFor();
      expect(await block.getByLabel("Teamname").inputValue()).toBe("Ballfreunde");
      await block.getByRole("button", { name: "Team anmelden" }).click();

      // Paying right from the confirmation; the provider declines.
      const done = page.getByRole("dialog", { name: "Team angemeldet" });
      await done.getByRole("button", { name: "Weiter zur Zahlung (40 €)" }).click();
      await payOnHostedPage(page, id, "Zahlung ablehnen lassen");
      const failed = page.getByRole("dialog", { name: "Zahlung nicht durchgegangen" });
      await failed.getByText("Euer Team bleibt angemeldet", { exact: false }).waitFor();
      expect(new URL(page.url()).search).toBe("");
      await shot(page, "tournament-payment-failed-de");
      await failed.getByRole("button", { name: "Erneut versuchen" }).click();
      await payOnHostedPage(page, id, "Erfolgreich bezahlen");
      await page.getByTestId("my-team").getByTestId("my-team-status").getByText("Bezahlt", { exact: true }).waitFor({ timeout: 30_000 });
    },
    E2E_TIMEOUT,
  );

  test(
    "a full tournament puts a signed-in player's team on the waiting list (in English)",
    async () => {
      const { id } = await publishedTournament(h, "Full Cup E2E", { maxTeams: 2 });
      await registerTeam(id, uniqueEmail("full-a"), "Team A");
      await registerTeam(id, uniqueEmail("full-b"), "Team B");
      const context = await h.newContext();
      await signIn(context, "sophie@kickrunde.de");
      const page = await context.newPage();
      await page.goto(`/tournament/${id}`);
      await toEnglish(page);
      const block = page.locator("section", { has: page.getByRole("heading", { name: "Registration" }) });
      await block.getByText("The tournament is full – your team goes on the waiting list").waitFor();
      // A name already taken (in any case) is refused at the field.
      await block.getByLabel("Team name").fill("team a");
      await block.getByLabel("Phone number").fill("0151 76543210");
      await block.getByLabel("Number of players").selectOption("5");
      await block.getByText("5 players × €10.00 = €50.00").waitFor();
      await block.getByRole("button", { name: "Join the waiting list" }).click();
      await block.getByText("A team of this name is already registered.").waitFor();
      await block.getByLabel("Team name").fill("Late Kickers");
      await shot(page, "tournament-register-full-en", { full: true });
      await block.getByRole("button", { name: "Join the waiting list" }).click();
      const done = page.getByRole("dialog", { name: "On the waiting list" });
      await done.getByText("Late Kickers is on the waiting list.", { exact: false }).waitFor();
      await done.getByRole("button", { name: "Got it" }).click();
      const card = page.getByTestId("my-team");
      await card.getByText("Waiting list – position 1").waitFor();
      expect(await card.getByRole("button", { name: /^Continue to payment/ }).count()).toBe(0);
      await page.getByRole("button", { name: "Register another team" }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(page, "tournament-waiting-en");
      const [team] = await myTeams(context, id);
      expect(team).toMatchObject({ queue: true, waitingPosition: 1, playerCount: 5 });
    },
    E2E_TIMEOUT,
  );

  test(
    "the organiser's teams overview shows the totals, marks a team paid in cash and withdraws one; others read 'Fehlende Berechtigung.'",
    async () => {
      const { id, organiser } = await publishedTournament(h, "Orga Cup E2E", { business: true });
      const cash = await registerTeam(id, uniqueEmail("cash"), "Barzahler");
      await registerTeam(id, uniqueEmail("gone"), "Abmelder");
      await registerTeam(id, uniqueEmail("open"), "Offene Rechnung");

      // Somebody else: no permission.
      const other = await cash.context.newPage();
      await other.goto(`/tournament/${id}/teams`);
      await other.getByRole("heading", { name: "Fehlende Berechtigung." }).waitFor();
      await other.close();

      const page = await organiser.newPage();
      await page.goto(`/tournament/${id}`);
      await page.getByRole("link", { name: /Teams & Zahlungen/ }).click();
      await page.waitForURL(`**/tournament/${id}/teams`);
      await page.getByRole("heading", { name: "Teams", level: 1 }).waitFor();
      const totals = page.getByTestId("team-totals");
      const total = (key: string) => totals.locator(`[data-total="${key}"] dd`);
      await eventually(async () => (await total("registrations").textContent()) === "3", { what: "3 registrations" });
      expect(await total("unpaid").textContent()).toBe("3");

      // The details of a business team: contact and the missing invoice data; the reminder is blocked in the first day.
      const row = (name: string) => page.locator(`[data-testid="team-row"][data-team="${name}"]`);
      await row("Barzahler").getByRole("button", { name: "Details" }).click();
      await row("Barzahler").getByText("Rechnungsdaten fehlen noch").waitFor();
      await row("Barzahler").getByText("+4915123456789").waitFor();
      await row("Barzahler").getByText("max. einmal pro Woche", { exact: false }).waitFor();
      expect(await row("Barzahler").getByRole("button", { name: "Zahlungserinnerung senden" }).isDisabled()).toBe(true);
      await shot(page, "tournament-teams-de", { full: true });

      await row("Barzahler").getByRole("button", { name: "Als bar bezahlt markieren" }).click();
      const markDialog = page.getByRole("dialog", { name: "Als bar bezahlt markieren?" });
      await markDialog.getByRole("button", { name: "Als bar bezahlt markieren" }).click();
      await row("Barzahler").getByTestId("team-badge").getByText("Bar bezahlt").waitFor();

      await row("Abmelder").getByRole("button", { name: "Team abmelden (mit Erstattung)" }).click();
      const cancelDialog = page.getByRole("dialog", { name: "Team abmelden?" });
      await cancelDialog.getByRole("button", { name: "Team abmelden" }).click();
      await eventually(async () => (await row("Abmelder").getAttribute("data-status")) !== "open", { what: "the team withdrawn" });
      await eventually(async () => (await total("paid").textContent()) === "1" && (await total("cancelled").textContent()) === "1", { what: "the totals" });
      expect(await total("unpaid").textContent()).toBe("1");
      await shot(page, "tournament-teams-after-de", { full: true });

      const overview = await trpcCall<TTeamsOverview>(organiser, "query", "tournaments.teams", { tournamentId: id });
      expect(overview.teams.find((t) => t.teamName === "Barzahler")?.paymentStatus).toBe("PaidExternally");
      expect(overview.teams.find((t) => t.teamName === "Abmelder")?.cancelledAt).not.toBeNull();
      expect((await myTeams(cash.context, id))[0]?.paymentStatus).toBe("PaidExternally");

      // In English the same page reads in English.
      await toEnglish(page);
      await page.getByText("Paid in cash").first().waitFor();
      await shot(page, "tournament-teams-en", { full: true });
    },
    E2E_TIMEOUT,
  );

  test(
    "the plan page frames an https plan and has an empty state without one",
    async () => {
      const { id } = await publishedTournament(h, "Plan Cup E2E", { planUrl: "https://example.com/spielplan" });
      const { id: noPlan } = await publishedTournament(h, "Ohne Plan E2E");
      const context = await h.newContext();
      const page = await context.newPage();
      await explained(page, async () => {
        await page.goto(`/tournament/${id}`);
        await page.getByRole("link", { name: /Spielplan/ }).click();
        await page.waitForURL(`**/tournament/${id}/plan`);
      });
      const frame = page.getByTestId("plan-frame");
      await frame.waitFor({ state: "attached" });
      expect(await frame.getAttribute("src")).toBe("https://example.com/spielplan");
      expect(await frame.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin allow-popups");
      expect(await frame.getAttribute("referrerpolicy")).toBe("no-referrer");
      expect(await page.getByRole("link", { name: "In neuem Tab öffnen" }).getAttribute("href")).toBe("https://example.com/spielplan");
      await shot(page, "tournament-plan-de");

      await page.goto(`/tournament/${noPlan}/plan`);
      await toEnglish(page);
      await page.getByTestId("plan-empty").getByText("No match schedule yet").waitFor();
      await shot(page, "tournament-plan-empty-en");
    },
    E2E_TIMEOUT,
  );
});
