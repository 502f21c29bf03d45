import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import type { TTournament } from "@shared/schemas/tournaments";
import { daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, searchCourt, useHarness, withoutBootData, test } from "./harness";

const h = useHarness();

/** A published Berlin tournament of the demo admin, through the API, with texts in both languages. */
async function publishedTournament(name: string, change: Record<string, unknown> = {}): Promise<{ id: number; admin: BrowserContext }> {
  const admin = await h.newContext();
  await signIn(admin, "admin@kickrunde.de");
  const created = await trpcCall<TTournament>(admin, "mutation", "tournaments.create", {
    name,
    description: "Das Hallenturnier zum Jahresende: acht Teams, ein Pokal.",
    descriptionEn: "The indoor tournament at the end of the year: eight teams, one cup.",
    rules: "Gespielt wird 5 gegen 5, 12 Minuten pro Spiel.",
    rulesEn: "Five a side, 12 minutes per match.",
    cancellationPolicy: "Bis 7 Tage vorher kostenlos stornierbar.",
    termsOfParticipation: "Jedes Team braucht einen Kapitän.",
    startTime: daysAhead(12, 9),
    endTime: daysAhead(12, 17),
    locationName: "Sportpark Nord, Halle 2",
    maxTeams: 8,
    gameMode: 5,
    participationPriceCents: 2500,
    pricePerPlayer: true,
    business: true,
    signupUrl: "https://example.com/anmeldung",
    planUrl: "https://example.com/spielplan",
    whatsappGroupUrl: "https://chat.whatsapp.com/kickrunde-e2e",
    ...change,
  });
  await trpcCall(admin, "mutation", "tournaments.publish", { tournamentId: created.id });
  return { id: created.id, admin };
}

async function switchLanguage(page: Page, from: { menu: string; open: string }, to: string) {
  await page.getByRole("button", { name: from.open }).click();
  await page.getByRole("dialog", { name: from.menu }).getByRole("button", { name: to }).click();
  await page.keyboard.press("Escape");
}

describe("tournaments", () => {
  test(
    "an admin creates and publishes a tournament; it shows in /tournaments and the feed's tab",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "admin@kickrunde.de");

      // The burger menu leads to the tournaments of the city; an admin gets the button to create one.
      await page.goto("/games/berlin");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Turniere" }).click();
      await page.waitForURL(/\/tournaments$/);
      await page.getByRole("heading", { name: "Turniere in Berlin", level: 1 }).waitFor();
      const infoBox = page.getByTestId("tournament-info-box");
      await infoBox.getByRole("link", { name: "Turnier erstellen" }).click();

      // The form: the server's own rules answer at the fields before anything is sent.
      await page.waitForURL(/\/create\/tournament$/);
      await page.getByRole("heading", { name: "Turnier erstellen", level: 1 }).waitFor();
      await shot(page, "tournament-create-de", { full: true });
      await page.getByRole("button", { name: "Turnier anlegen" }).click();
      await page.getByText("Bitte gib einen Namen für das Turnier ein.").waitFor();
      await page.getByText("Bitte wähle einen Platz oder gib einen Ort ein.").waitFor();
      await page.getByText("Bitte prüfe die markierten Felder.").waitFor();

      await page.getByLabel("Name", { exact: true }).fill("Kiezcup E2E");
      await page.getByRole("button", { name: "Platz auswählen" }).click();
      await searchCourt(page, "Friedrichshain");
      await page.getByRole("list").getByRole("button", { name: /Volkspark Friedrichshain/ }).click();
      await page.getByTestId("court-summary-card").getByRole("button", { name: "Platz auswählen" }).click();
      await page.getByText("Volkspark Friedrichshain").first().waitFor();
      await page.getByLabel("Startgeld", { exact: true }).fill("25");
      await page.getByRole("radio", { name: "pro Spieler" }).click();
      await page.getByRole("switch", { name: "Geschäftlich (mit Rechnung)" }).click();
      await page.getByText("Der Preis enthält 19 % MwSt.").waitFor();
      await page.getByLabel("Beschreibung").fill("Kleinfeldturnier im Kiez – mit Grill.");
      await page.getByLabel("Regeln").fill("Fair Play, keine Stollen.");
      await page.getByRole("radio", { name: "English (optional)" }).click();
      await page.getByLabel("Beschreibung").fill("Small-sided tournament in the neighbourhood – with a barbecue.");
      await page.getByLabel("Link zur Anmeldung").fill("ftp://falsch");
      await page.getByRole("button", { name: "Turnier anlegen" }).click();
      await page.getByText("Bitte gib einen gültigen Link ein (http:// oder https://).").waitFor();
      await page.getByLabel("Link zur Anmeldung").fill("https://example.com/kiezcup");
      await shot(page, "tournament-create-filled-de", { full: true });
      await page.getByRole("button", { name: "Turnier anlegen" }).click();

      // A draft first: its organiser publishes it after a question.
      await page.waitForURL(/\/tournament\/\d+$/);
      const id = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByRole("heading", { name: "Kiezcup E2E", level: 1 }).waitFor();
      await page.getByText("Noch nicht veröffentlicht").waitFor();
      expect(await trpcCall<unknown[]>(context, "query", "tournaments.upcoming", { regionSlug: "berlin" }).then((list) => list.some((t) => (t as { id: number }).id === id))).toBe(false);
      await shot(page, "tournament-draft-de", { full: true });
      await page.getByTestId("tournament-manage").getByRole("button", { name: "Veröffentlichen" }).click();
      const publish = page.getByRole("dialog", { name: "Turnier veröffentlichen?" });
      await publish.getByRole("button", { name: "Veröffentlichen" }).click();
      await page.getByTestId("toast").getByText("Turnier veröffentlicht").waitFor();
      await page.getByText("Noch nicht veröffentlicht").waitFor({ state: "detached" });

      // Listed in the city's tournaments and the feed's tab, with teams, fee and VAT.
      await page.goto("/tournaments");
      const card = page.getByTestId("tournament-card").filter({ hasText: "Kiezcup E2E" });
      await card.waitFor();
      expect(await card.textContent()).toContain("0/16 Teams");
      expect(await card.textContent()).toContain("25,00\u00a0€ pro Spieler");
      expect(await card.textContent()).toContain("inkl. 19 % MwSt.");
      expect(await card.textContent()).toContain("Volkspark Friedrichshain");
      await shot(page, "tournament-list-admin-de", { full: true });
      await page.goto("/games/berlin?tab=tournaments");
      await page.getByTestId("tournament-card").filter({ hasText: "Kiezcup E2E" }).waitFor();
      await shot(page, "tournament-feed-tab-de", { full: true });
      await page.getByTestId("tournament-card").filter({ hasText: "Kiezcup E2E" }).click();
      await page.waitForURL(new RegExp(`/tournament/${id}$`));

      // Editing: the saved values come back and a change is saved.
      await page.getByTestId("tournament-manage").getByRole("link", { name: "Bearbeiten" }).click();
      await page.waitForURL(new RegExp(`/tournament/${id}/edit$`));
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Kiezcup E2E");
      expect(await page.getByLabel("Startgeld", { exact: true }).inputValue()).toBe("25,00");
      await page.getByRole("button", { name: "Teams höchstens erhöhen" }).click();
      await page.getByRole("button", { name: "Änderungen speichern" }).click();
      await page.waitForURL(new RegExp(`/tournament/${id}$`));
      await page.getByTestId("tournament-teams").getByText("0/17 Teams").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a visitor reads a tournament in German and English, opens the rules by ?rules; unknown, failed and cancelled ones say so",
    async () => {
      const { id, admin } = await publishedTournament("Wintercup E2E");
      const context = await h.newContext();
      const page = await context.newPage();
      // Without a city the list asks for one; the visitor has looked at Berlin's games before.
      await page.goto("/tournaments");
      await page.getByText("Wähle Deine Stadt, um ihre Turniere zu sehen.").waitFor();
      await shot(page, "tournament-list-no-city-de");
      await page.goto("/games/berlin");
      await page.getByRole("heading", { name: "Kickrunden in Berlin", level: 1 }).waitFor();
      // the feed the server drew remembers its city once the app has started on it
      await page.waitForFunction(() => localStorage.getItem("kickrunde.regionSlug") === "berlin");

      await page.goto(`/tournament/${id}`);
      await page.getByRole("heading", { name: "Wintercup E2E", level: 1 }).waitFor();
      await page.getByText("Das Hallenturnier zum Jahresende: acht Teams, ein Pokal.").waitFor();
      await page.getByText("25,00\u00a0€ pro Spieler").waitFor();
      await page.getByText("inkl. 19 % MwSt. · Die Rechnung erhältst Du innerhalb einer Woche.").waitFor();
      expect(await page.getByRole("link", { name: "Zur Anmeldung" }).getAttribute("href")).toBe("https://example.com/anmeldung");
      // the plan opens framed on its own page (tournament-teams.test.ts)
      expect(await page.getByRole("link", { name: /Spielplan/ }).getAttribute("href")).toBe(`/tournament/${id}/plan`);
      expect(await page.getByRole("link", { name: /Spielerbörse/ }).getAttribute("href")).toBe("https://chat.whatsapp.com/kickrunde-e2e");
      expect(await page.getByRole("link", { name: /Einzelspieler/ }).count()).toBe(0);
      // the chat with the organiser (a visitor signs in on the way)
      expect(await page.getByRole("link", { name: "Nachricht an Anna" }).getAttribute("href")).toMatch(/^\/user\/\d+\/chat$/);
      await page.getByText("Sportpark Nord, Halle 2").first().waitFor();
      expect(await page.getByTestId("tournament-manage").count()).toBe(0);
      await shot(page, "tournament-page-de", { full: true });

      // The rules by their button, as a modal that follows ?rules.
      await page.getByRole("button", { name: "Regeln" }).click();
      await page.waitForURL(/\?rules$/);
      const rulesDe = page.getByRole("dialog", { name: "Regeln" });
      await rulesDe.getByText("Gespielt wird 5 gegen 5, 12 Minuten pro Spiel.").waitFor();
      await shot(page, "tournament-rules-de");
      await rulesDe.getByRole("button", { name: "Schließen" }).first().click();
      await page.waitForURL(new RegExp(`/tournament/${id}$`));

      // English: the English description and rules; a text without English shows the German one.
      await switchLanguage(page, { menu: "Menü", open: "Menü öffnen" }, "English");
      await page.getByText("The indoor tournament at the end of the year: eight teams, one cup.").waitFor();
      await page.getByText("€25.00 per player").waitFor();
      await page.getByText("incl. 19% VAT · You'll get the invoice within a week.").waitFor();
      await page.getByRole("link", { name: "Message Anna" }).waitFor();
      await shot(page, "tournament-page-en", { full: true });
      await page.goto(`/tournament/${id}?rules`);
      const rulesEn = page.getByRole("dialog", { name: "Rules" });
      await rulesEn.getByText("Five a side, 12 minutes per match.").waitFor();
      await shot(page, "tournament-rules-en");
      await page.goto(`/tournament/${id}?cancellation`);
      await page.getByRole("dialog", { name: "Cancellation policy" }).getByText("Bis 7 Tage vorher kostenlos stornierbar.").waitFor();

      // The menu's entry for everybody; the list in English.
      await page.goto(`/tournament/${id}`);
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Tournaments" }).click();
      await page.waitForURL(/\/tournaments$/);
      await page.getByTestId("tournament-card").filter({ hasText: "Wintercup E2E" }).waitFor();
      await page.getByTestId("tournament-info-box").getByRole("link", { name: "Write to us" }).waitFor();
      await shot(page, "tournament-list-guest-en", { full: true });

      // An unknown id is not found; a failed load says the spec's text and retries in place.
      await page.goto("/tournament/987654");
      await page.getByRole("heading", { name: "Tournament could not be found." }).waitFor();
      await shot(page, "tournament-not-found-en");
      await switchLanguage(page, { menu: "Menu", open: "Open menu" }, "Deutsch");
      await page.getByRole("heading", { name: "Turnier konnte nicht gefunden werden." }).waitFor();
      await shot(page, "tournament-not-found-de");
      // without the tournament the server puts into the page (shared/boot-data.ts), so the page asks for it and fails
      await withoutBootData(page);
      await page.route(/\/trpc\/[^?]*tournaments\.byId/, (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
      await page.goto(`/tournament/${id}`);
      await page.getByRole("heading", { name: "Turnier konnte nicht geladen werden." }).waitFor();
      await shot(page, "tournament-load-error-de");
      await page.unroute(/\/trpc\/[^?]*tournaments\.byId/);
      await page.getByRole("button", { name: "Erneut versuchen" }).click();
      await page.getByRole("heading", { name: "Wintercup E2E", level: 1 }).waitFor();

      // Cancelled by its organiser: said once, at the top; no sign-up any more, gone from the list.
      await trpcCall(admin, "mutation", "tournaments.cancel", { tournamentId: id });
      await page.reload();
      await page.getByTestId("tournament-cancelled").getByText("Dieses Turnier wurde abgesagt").waitFor();
      expect(await page.getByText("Dieses Turnier wurde abgesagt").count()).toBe(1);
      expect(await page.getByRole("link", { name: "Zur Anmeldung" }).count()).toBe(0);
      await shot(page, "tournament-cancelled-de", { full: true });
      await page.goto("/tournaments");
      await page.getByRole("heading", { name: /^Turniere/, level: 1 }).waitFor();
      await page.getByTestId("tournament-info-box").waitFor();
      expect(await page.getByTestId("tournament-card").filter({ hasText: "Wintercup E2E" }).count()).toBe(0);
      await admin.close();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a player without rights sees the info box and the way to ask the team, never the create button or the form",
    async () => {
      const { id, admin } = await publishedTournament("Spielercup E2E", { locationName: "Jahnsportpark", business: false, pricePerPlayer: false, participationPriceCents: 12000 });
      const context = await h.newContext();
      const page = await context.newPage();
      await signIn(context, "spieler@kickrunde.de");

      await page.goto("/tournaments");
      await page.getByRole("heading", { name: "Turniere in Berlin", level: 1 }).waitFor();
      const infoBox = page.getByTestId("tournament-info-box");
      expect(await infoBox.getByRole("link", { name: "Schreib uns" }).getAttribute("href")).toBe("/user/75/chat");
      expect(await page.getByRole("link", { name: "Turnier erstellen" }).count()).toBe(0);
      const card = page.getByTestId("tournament-card").filter({ hasText: "Spielercup E2E" });
      expect(await card.textContent()).toContain("120,00\u00a0€ pro Team");
      expect(await card.textContent()).not.toContain("MwSt.");
      await shot(page, "tournament-list-player-de", { full: true });

      await page.goto("/create/tournament");
      await page.getByText("Turniere erstellen Admins und Mitglieder einer Organisation.").waitFor();
      expect(await page.getByRole("button", { name: "Turnier anlegen" }).count()).toBe(0);
      await shot(page, "tournament-create-forbidden-de");

      await page.goto(`/tournament/${id}/edit`);
      await page.getByRole("heading", { name: "Du hast keine Berechtigung, dieses Turnier zu bearbeiten." }).waitFor();
      await admin.close();
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
