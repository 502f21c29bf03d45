import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { E2E_TIMEOUT, eventually, searchCourt, shot, signIn, trpcCall, useHarness, test } from "./harness";

const h = useHarness();

const TITLE = "Feierabendkick E2E";
const TUESDAY = "Dienstags, 19:00-20:30, wöchentlich";
const THURSDAY = "Donnerstags, 21:15-23:15, wöchentlich";

type Planner = { id: number; status: string; gameTemplateId: number | null; leadingSlotId: number | null; slots: { id: number; startTime: string }[] };

/** Answers the poll page the visitor sees: yes or no per slot (by its words), a first name, send. */
async function answer(page: Page, choices: Record<string, "Ja" | "Nein" | "Yes" | "No">, firstName: string, submit: string) {
  for (const [slot, choice] of Object.entries(choices)) {
    await page.getByRole("radiogroup", { name: slot }).getByRole("radio", { name: choice }).click();
  }
  await page.getByLabel(/^(Dein Vorname|Your first name)$/).fill(firstName);
  await page.getByRole("button", { name: submit }).click();
}

/** What the steps below share: one journey, split so each step has its own time limit on a busy machine. */
let organiser: BrowserContext;
let page: Page;
let anna: BrowserContext;
let annaPage: Page;
let ben: BrowserContext;
let benPage: Page;
let link = "";
let plannerId = 0;
const tuesdayEn = "Tuesdays, 19:00-20:30, weekly";
const thursdayEn = "Thursdays, 21:15-23:15, weekly";

describe("the availability planner: from proposal to weekly session", () => {
  test(
    "the organiser proposes two slots through the burger menu's planner",
    async () => {
      organiser = await h.newContext();
      page = await organiser.newPage();
      await signIn(organiser, "orga@kickrunde.de");

      // The burger menu leads signed-in users to the planner; the list offers "Neue Umfrage".
      await page.goto("/");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Terminplaner" }).click();
      await page.waitForURL(/\/planner$/);
      await page.getByText("Noch keine Umfrage").waitFor();
      await shot(page, "planner-list-empty");
      await page.getByRole("link", { name: "Neue Umfrage" }).click();
      await page.waitForURL(/\/planner\/new$/);

      // The form: title, region, court, two slots (Tuesday 19:00 90 min, Thursday 21:15 120 min), interval, poll end, channel.
      await page.getByRole("heading", { name: "Neue Umfrage", level: 1 }).waitFor();
      await page.getByLabel("Titel").fill(TITLE);
      await page.getByLabel("Region").selectOption({ label: "Berlin" });
      await page.getByRole("button", { name: "Platz wählen" }).click();
      await searchCourt(page, "Friedrichshain");
      await page.getByRole("list").getByRole("button", { name: /Volkspark Friedrichshain/ }).click();
      await page.getByTestId("court-summary-card").getByRole("button", { name: "Platz auswählen" }).click();
      await page.getByRole("button", { name: /Volkspark Friedrichshain/ }).waitFor();
      await page.getByRole("button", { name: "Termin hinzufügen" }).click();
      const second = page.getByTestId("planner-slot-fields").nth(1);
      await second.getByLabel("Wochentag").selectOption({ label: "Donnerstag" });
      await second.getByLabel("Beginn").fill("21:15");
      await second.getByRole("radio", { name: "120 Min." }).click();
      await shot(page, "planner-create", { full: true });
      await page.getByRole("button", { name: "Umfrage starten" }).click();
      await page.waitForURL(/\/planner\/\d+$/);
      plannerId = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
      await page.getByTestId("planner-slot").filter({ hasText: THURSDAY }).waitFor();
      link = (await page.getByTestId("planner-link").textContent())!;
      expect(link).toMatch(/\/poll\/[A-Za-z0-9_-]{32}$/);
      const whatsapp = await page.getByRole("link", { name: "Per WhatsApp teilen" }).getAttribute("href");
      expect(whatsapp).toContain("https://wa.me/?text=");
      expect(decodeURIComponent(whatsapp!)).toContain(link);
      expect(await page.getByRole("link", { name: "Per Telegram teilen" }).getAttribute("href")).toContain("https://t.me/share/url?url=");
      await shot(page, "planner-view-open", { full: true });
    },
    E2E_TIMEOUT,
  );

  test(
    "two visitors answer without an account, each in their own browser; one changes her answer",
    async () => {
      // Visitor Anna (German, no account): Tuesday yes, Thursday no; then changes her mind from the same browser.
      anna = await h.newContext();
      annaPage = await anna.newPage();
      await annaPage.goto(link);
      await annaPage.getByRole("heading", { name: TITLE, level: 1 }).waitFor();
      await annaPage.getByText("Umfrage von Jonas").waitFor();
      await annaPage.getByText(TUESDAY).waitFor();
      await shot(annaPage, "planner-poll-de", { full: true });
      await answer(annaPage, { [TUESDAY]: "Ja", [THURSDAY]: "Nein" }, "Anna", "Antwort senden");
      await annaPage.getByText("Danke! Deine Antwort ist gespeichert.").waitFor();
      await annaPage.reload();
      await annaPage.getByRole("button", { name: "Antwort ändern" }).waitFor();
      expect(await annaPage.getByLabel("Dein Vorname").inputValue()).toBe("Anna");
      expect(await annaPage.getByRole("radiogroup", { name: THURSDAY }).getByRole("radio", { name: "Nein" }).getAttribute("aria-checked")).toBe("true");
      await answer(annaPage, { [THURSDAY]: "Ja" }, "Anna", "Antwort ändern");
      await annaPage.getByText("Danke! Deine Antwort ist gespeichert.").waitFor();
      await shot(annaPage, "planner-poll-de-answered", { full: true });

      // Visitor Ben (English, his own browser): Tuesday no, Thursday yes.
      ben = await h.newContext({ locale: "en-GB" });
      benPage = await ben.newPage();
      await benPage.goto(link);
      await benPage.getByText(thursdayEn).waitFor();
      await benPage.getByText("When can you play? Say yes or no to each time.").waitFor();
      await answer(benPage, { [tuesdayEn]: "No", [thursdayEn]: "Yes" }, "Ben", "Send answer");
      await benPage.getByText("Thanks! Your answer is saved.").waitFor();
      await shot(benPage, "planner-poll-en", { full: true });
    },
    E2E_TIMEOUT,
  );

  test(
    "the organiser sees the yes counts and names; somebody else gets the no-permission screen",
    async () => {
      // The organiser's view: per slot the yes count and the names; Thursday leads (2 yes against 1).
      await page.reload();
      const thursdayCard = page.getByTestId("planner-slot").filter({ hasText: THURSDAY });
      await thursdayCard.getByText("2 × Ja").waitFor();
      expect(await thursdayCard.textContent()).toContain("Ja: Anna, Ben");
      expect(await thursdayCard.textContent()).toContain("Vorne");
      expect(await page.getByTestId("planner-slot").filter({ hasText: TUESDAY }).textContent()).toContain("Nein: Ben");
      await page.getByTestId("planner-status").getByText("2 Antworten").waitFor();
      await shot(page, "planner-view-answers", { full: true });

      // Another signed-in user gets the no-permission screen.
      const stranger = await h.newContext();
      await signIn(stranger, "spieler@kickrunde.de");
      const strangerPage = await stranger.newPage();
      await strangerPage.goto(`/planner/${plannerId}`);
      await strangerPage.getByTestId("no-permission").getByText("Diese Umfrage gehört jemand anderem.").waitFor();
      await shot(strangerPage, "planner-no-permission");
      await stranger.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the poll ends early: answers are refused, both visitors see the result",
    async () => {
      // The poll ends early; answers are refused from then on, the page shows the result.
      await page.getByRole("button", { name: "Umfrage jetzt beenden" }).click();
      await page.getByTestId("planner-convert").waitFor();
      await page.getByTestId("planner-status").getByText("Beendet – bereit für die Wochenrunde").waitFor();
      await shot(page, "planner-view-ended", { full: true });
      await benPage.getByRole("radiogroup", { name: tuesdayEn }).getByRole("radio", { name: "Yes" }).click();
      await benPage.getByRole("button", { name: "Change answer" }).click();
      await benPage.getByText("This poll has ended.").first().waitFor();
      await benPage.getByText("Winner").waitFor();
      await shot(benPage, "planner-poll-en-ended", { full: true });
      await annaPage.reload();
      await annaPage.getByText("Die Umfrage ist beendet.").first().waitFor();
      expect(await annaPage.getByRole("button", { name: /Antwort/ }).count()).toBe(0);
      await shot(annaPage, "planner-poll-de-ended", { full: true });
    },
    E2E_TIMEOUT,
  );

  test(
    "one tap turns the winner into a weekly session and the planner links to it",
    async () => {
      // One tap: the create-game form opens prefilled as a weekly session on the winner's next date and time.
      await page.getByTestId("planner-convert").click();
      await page.waitForURL(/\/create\/game\?/);
      await page.getByRole("heading", { name: "Kickrunde erstellen", level: 1 }).waitFor();
      await page.getByTestId("planner-origin").getByText(TITLE, { exact: false }).waitFor();
      expect(await page.getByRole("switch", { name: "Wöchentlich" }).getAttribute("aria-checked")).toBe("true");
      expect(await page.getByLabel("Stunde").inputValue()).toBe("21");
      expect(await page.getByLabel("Minute").inputValue()).toBe("15");
      expect(await page.getByRole("radio", { name: "2 Std." }).getAttribute("aria-checked")).toBe("true");
      await page.getByText("Volkspark Friedrichshain").first().waitFor();
      await shot(page, "planner-create-game-prefilled", { full: true });
      // this headless browser blocks notifications: the organiser goes without them (not the planner's subject)
      const notify = page.getByRole("switch", { name: /Benachrichtigungen zu dieser Kickrunde/ });
      if ((await notify.getAttribute("aria-checked")) === "true") await notify.click();
      // the demo organiser already plays elsewhere some evenings: here he organises without playing himself
      const plays = page.getByRole("switch", { name: /Ich spiele selbst mit/ });
      if ((await plays.getAttribute("aria-checked")) === "true") await plays.click();
      await page.getByRole("button", { name: "Kickrunde erstellen", exact: true }).click();
      // the game page, or the form's refusal (named in the failure)
      const refusal = page.locator("form [role=alert]").first();
      await Promise.race([page.waitForURL(/\/game\/\d+\?created$/), refusal.waitFor().then(async () => {
        await shot(page, "planner-create-game-refused");
        throw new Error(`the form refused: ${await refusal.textContent()}`);
      })]);
      const gameId = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByRole("dialog", { name: "Deine Kickrunde ist online!" }).getByRole("button", { name: "Später teilen" }).click();

      // The planner is CONVERTED with the weekly session the form made, and leads to it.
      const converted = await eventually(async () => {
        const p = await trpcCall<Planner>(organiser, "query", "planner.get", { id: plannerId });
        return p.status === "CONVERTED" && p;
      }, { what: "the planner converted" });
      const game = await trpcCall<{ gameTemplate: { id: number } | null; startTime: Date }>(organiser, "query", "games.byId", { gameId });
      expect(converted.gameTemplateId).toBe(game.gameTemplate!.id);
      expect(new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", weekday: "long", hour: "2-digit", minute: "2-digit" }).format(game.startTime)).toBe("Donnerstag, 21:15");
      await page.goto(`/planner/${plannerId}`);
      await page.getByText("Aus dieser Umfrage ist eine Wochenrunde geworden.").waitFor();
      await shot(page, "planner-view-converted");
      await page.getByRole("link", { name: "Zur Wochenrunde" }).click();
      await page.waitForURL(new RegExp(`/weekly-sessions/${converted.gameTemplateId}$`));
    },
    E2E_TIMEOUT,
  );

  test(
    "the organiser's view in English",
    async () => {
      // The organiser's view in English.
      const english = await h.newContext({ locale: "en-GB" });
      await signIn(english, "orga@kickrunde.de");
      const englishPage = await english.newPage();
      await englishPage.goto(`/planner/${plannerId}`);
      await englishPage.getByText("This poll became a weekly session.").waitFor();
      await englishPage.getByTestId("planner-slot").filter({ hasText: thursdayEn }).getByText("Yes: Anna, Ben").waitFor();
      await shot(englishPage, "planner-view-en", { full: true });

      await Promise.all([organiser.close(), anna.close(), ben.close(), english.close()]);
    },
    E2E_TIMEOUT,
  );
});
