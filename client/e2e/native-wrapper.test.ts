import { describe, expect } from "bun:test";
import ICAL from "ical.js";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { addBerlinDays } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, eventually, shot, signIn, trpcCall, useHarness, test } from "./harness";
import { postedOfType, wrapperContext } from "./wrapper";

/**
 * Issue 27: the app inside the native wrapper (client/e2e/wrapper.ts plays it): the hardware back button, the header's
 * back arrow at the root, createEvent and the browser's .ics file, notifications granted through the wrapper,
 * copyToClipboard and STORE_REVIEW.
 */
const h = useHarness();

type FeedGame = { id: number; gameType: string; startTime: Date; cancelledAt: Date | null; court: { name: string } | null };
type Game = { id: number; title: string | null; startTime: Date; endTime: Date; court: { name: string; address: string | null } | null };

/** A public Berlin game with a court, not cancelled and hours from starting (a finished game offers no calendar), from the feed's first page. */
async function berlinGame(page: Page): Promise<{ game: Game; regionId: number }> {
  const feed = await trpcCall<{ games: FeedGame[]; region: { id: number } }>(page, "query", "games.feed", { regionSlug: "berlin", filter: "all" });
  const later = Date.now() + 3 * 3_600_000;
  const found = feed.games.find((g) => g.gameType === "PUBLIC" && g.cancelledAt === null && g.court !== null && g.startTime.getTime() > later);
  if (!found) throw new Error("no public Berlin game with a court in the feed");
  return { game: await trpcCall<Game>(page, "query", "games.byId", { gameId: found.id }), regionId: feed.region.id };
}

const path = (page: Page) => new URL(page.url()).pathname;

describe("back", () => {
  test(
    "the hardware back button walks back through chat → game → feed and exits the app at the root",
    async () => {
      const wrapper = await wrapperContext(h);
      await signIn(wrapper.context, "spieler@kickrunde.de");
      const page = await wrapper.context.newPage();
      const { game } = await berlinGame(page);
      await page.goto("/games/berlin");
      await page.locator(`a[href="/game/${game.id}"]`).first().click();
      await page.waitForURL((url) => url.pathname === `/game/${game.id}`);
      await page.locator(`a[href="/game/${game.id}/chat"]`).click();
      await page.waitForURL((url) => url.pathname === `/game/${game.id}/chat`);
      await shot(page, "wrapper-chat-de");

      await wrapper.goBack(page);
      await page.waitForURL((url) => url.pathname === `/game/${game.id}`);
      await wrapper.goBack(page);
      await page.waitForURL((url) => url.pathname === "/games/berlin");
      expect(await wrapper.posted(page)).not.toContain("EXIT_APP");
      // the feed is where the app opened: back from here leaves the app
      await wrapper.goBack(page);
      await wrapper.waitForPosted(page, (m) => m === "EXIT_APP", "EXIT_APP");
      expect(path(page)).toBe("/games/berlin");
      await wrapper.context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "an open dialog closes first; the header arrow at the root posts BACK_NAVIGATE; at the region chooser back exits",
    async () => {
      const wrapper = await wrapperContext(h);
      const page = await wrapper.context.newPage();
      const { game } = await berlinGame(page);
      await page.goto(`/game/${game.id}`);
      await page.getByRole("button", { name: "Teilen" }).click();
      const dialog = page.getByRole("dialog", { name: "Kickrunde teilen" });
      await dialog.waitFor();
      await wrapper.goBack(page);
      await dialog.waitFor({ state: "hidden" });
      expect(path(page)).toBe(`/game/${game.id}`);
      expect(await wrapper.posted(page)).not.toContain("EXIT_APP");

      // opened straight at the game: the arrow hands back to the wrapper instead of leaving to some page
      await page.getByRole("button", { name: "Zurück" }).click();
      await wrapper.waitForPosted(page, (m) => m === "BACK_NAVIGATE", "BACK_NAVIGATE");
      expect(path(page)).toBe(`/game/${game.id}`);

      await page.goto("/games");
      await page.getByRole("button", { name: "Zurück" }).click();
      await wrapper.waitForPosted(page, (m) => m === "EXIT_APP", "EXIT_APP from the arrow");
      const before = (await wrapper.posted(page)).filter((m) => m === "EXIT_APP").length;
      await wrapper.goBack(page);
      await eventually(async () => (await wrapper.posted(page)).filter((m) => m === "EXIT_APP").length === before + 1, { what: "a second EXIT_APP from GO_BACK" });
      expect(path(page)).toBe("/games");
      await wrapper.context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("calendar", () => {
  for (const locale of ["de", "en"] as const) {
    test(
      `in the wrapper a game goes to the phone's calendar: createEvent with title, start, end and place (${locale})`,
      async () => {
        const wrapper = await wrapperContext(h, { locale: locale === "de" ? "de-DE" : "en-GB" });
        const page = await wrapper.context.newPage();
        const { game } = await berlinGame(page);
        await page.goto(`/game/${game.id}`);
        const button = page.getByRole("button", { name: locale === "de" ? "Zum Kalender hinzufügen" : "Add to calendar" });
        await button.scrollIntoViewIfNeeded();
        await shot(page, `wrapper-calendar-button-${locale}`);
        await button.click();
        await page.getByText(locale === "de" ? "Der Termin ist an deinen Kalender übergeben." : "The event has been handed to your calendar.").waitFor();
        await shot(page, `wrapper-calendar-sent-${locale}`);
        const [event] = postedOfType<{ title: string; start: string; end: string; location: string; url: string }>(await wrapper.posted(page), "createEvent");
        expect(event).toEqual({
          type: "createEvent",
          title: game.title ?? `Kickrunde · ${game.court!.name}`,
          start: game.startTime.toISOString(),
          end: game.endTime.toISOString(),
          location: [game.court!.name, game.court!.address].filter(Boolean).join(", "),
          url: `${h.baseUrl}/game/${game.id}`,
        } as never);
        await wrapper.context.close();
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "in a browser the same button downloads the game's .ics file, which an iCalendar parser reads back",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      const { game } = await berlinGame(page);
      await page.goto(`/game/${game.id}`);
      const link = page.getByRole("link", { name: "Zum Kalender hinzufügen" });
      await link.scrollIntoViewIfNeeded();
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`kickrunde-game-${game.id}.ics`);
      await page.getByText("Die Kalenderdatei wird heruntergeladen. Öffne sie, um den Termin zu speichern.").waitFor();
      await shot(page, "browser-calendar-download-de");
      const file = await download.path();
      const calendar = new ICAL.Component(ICAL.parse(readFileSync(file!, "utf8")));
      const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
      expect(event.summary).toBe(game.title ?? `Kickrunde · ${game.court!.name}`);
      expect(event.startDate.toJSDate().toISOString()).toBe(game.startTime.toISOString());
      expect(event.endDate.toJSDate().toISOString()).toBe(game.endTime.toISOString());
      expect(event.location).toBe([game.court!.name, game.court!.address].filter(Boolean).join(", "));
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a tournament's page offers its calendar file too (en)",
    async () => {
      const context = await h.newContext({ locale: "en-GB" });
      const page = await context.newPage();
      const region = await trpcCall<{ id: number }>(page, "query", "regions.bySlug", { slug: "berlin" });
      const [tournament] = await trpcCall<{ id: number; name: string; startTime: Date }[]>(page, "query", "tournaments.upcoming", { regionId: region.id });
      if (!tournament) throw new Error("no upcoming Berlin tournament in the demo data");
      await page.goto(`/tournament/${tournament.id}`);
      const link = page.getByRole("link", { name: "Add to calendar" });
      await link.scrollIntoViewIfNeeded();
      await shot(page, "browser-tournament-calendar-en");
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      const event = new ICAL.Event(new ICAL.Component(ICAL.parse(readFileSync((await download.path())!, "utf8"))).getFirstSubcomponent("vevent")!);
      expect(event.summary).toBe(tournament.name);
      expect(event.startDate.toJSDate().toISOString()).toBe(tournament.startTime.toISOString());
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("calendar: a court booking", () => {
  test(
    "the renter puts a booking into the phone's calendar, and the court's owner downloads it in a browser",
    async () => {
      const wrapper = await wrapperContext(h);
      await signIn(wrapper.context, "sophie@kickrunde.de");
      const { courts } = await trpcCall<{ courts: { id: number; name: string }[] }>(wrapper.context, "query", "courts.ofRegion", { regionSlug: "berlin" });
      const court = courts.find((c) => c.name === "Soccerhalle Kreuzberg");
      if (!court) throw new Error("the demo's rentable court is missing");
      let booking: { id: number; startTime: Date; endTime: Date } | null = null;
      for (let d = 5; d < 14 && !booking; d++) {
        const date = addBerlinDays(berlinDay(new Date()), d);
        const { slots } = await trpcCall<{ slots: { startTime: Date; options: ({ duration: number } | null)[] }[] }>(wrapper.context, "query", "bookings.slots", { courtId: court.id, date });
        const slot = slots.find((s) => s.options.some((o) => o?.duration === 60));
        if (slot) booking = await trpcCall(wrapper.context, "mutation", "bookings.create", { courtId: court.id, startTime: slot.startTime, duration: 60 });
      }
      if (!booking) throw new Error("no free hour at the Soccerhalle in the next two weeks");

      const page = await wrapper.context.newPage();
      await page.goto(`/court-booking/${booking.id}`);
      await page.getByRole("button", { name: "Zum Kalender hinzufügen" }).click();
      await page.getByText("Der Termin ist an deinen Kalender übergeben.").waitFor();
      await shot(page, "wrapper-booking-calendar-de");
      const [event] = postedOfType<{ title: string; start: string; end: string }>(await wrapper.posted(page), "createEvent");
      expect(event).toMatchObject({ title: "Platzbuchung · Soccerhalle Kreuzberg", start: booking.startTime.toISOString(), end: booking.endTime.toISOString() });
      await wrapper.context.close();

      const owner = await h.newContext();
      await signIn(owner, "platz@kickrunde.de");
      const ownerPage = await owner.newPage();
      await ownerPage.goto(`/court-booking/${booking.id}`);
      const [download] = await Promise.all([ownerPage.waitForEvent("download"), ownerPage.getByRole("link", { name: "Zum Kalender hinzufügen" }).click()]);
      const parsed = new ICAL.Event(new ICAL.Component(ICAL.parse(readFileSync((await download.path())!, "utf8"))).getFirstSubcomponent("vevent")!);
      expect(parsed.summary).toBe("Platzbuchung · Soccerhalle Kreuzberg");
      expect(parsed.startDate.toJSDate().toISOString()).toBe(booking.startTime.toISOString());
      await owner.close();
    },
    E2E_TIMEOUT,
  );
});

describe("other bridge messages", () => {
  test(
    "notifications are granted through the wrapper and its push token reaches the server",
    async () => {
      const token = `native-e2e-${Date.now().toString(36)}-abcdefghij`;
      const wrapper = await wrapperContext(h, { token });
      const page = await wrapper.context.newPage();
      const { regionId } = await berlinGame(page);
      await page.goto("/games/berlin");
      const box = page.getByTestId("region-subscription");
      const subscribe = box.getByRole("button", { name: "Benachrichtige mich" });
      // a key press, not a tap: the box sits at the foot of an endless feed that may still grow under the finger
      await subscribe.and(page.locator("button:not([aria-disabled='true']):not([disabled])")).waitFor();
      await subscribe.press("Enter");
      await box.getByRole("button", { name: "Abbestellen" }).or(box.getByRole("alert")).waitFor({ timeout: 30_000 });
      if (await box.getByRole("alert").isVisible()) throw new Error(`subscribing failed: ${await box.getByRole("alert").textContent()}; posted ${JSON.stringify(await wrapper.posted(page))}`);
      await box.scrollIntoViewIfNeeded();
      await shot(page, "wrapper-region-subscribed-de");
      const posted = await wrapper.posted(page);
      expect(posted).toContain("getNativeNotificationPermission");
      expect(posted).toContain("getNativeDeviceToken");
      // the server knows the token: the region subscription is stored under it
      expect(await trpcCall<{ subscribed: boolean }>(page, "query", "notifications.isSubscribedToRegion", { deviceToken: token, regionId })).toEqual({ subscribed: true });
      await wrapper.context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "copyToClipboard: the share dialog's copy goes through the wrapper",
    async () => {
      const wrapper = await wrapperContext(h);
      const page = await wrapper.context.newPage();
      const { game } = await berlinGame(page);
      await page.goto(`/game/${game.id}`);
      await page.getByRole("button", { name: "Teilen" }).click();
      const dialog = page.getByRole("dialog", { name: "Kickrunde teilen" });
      await dialog.getByRole("button", { name: "Kopieren", exact: true }).click();
      await dialog.getByRole("button", { name: "Kopiert!" }).waitFor();
      const [copied] = postedOfType<{ text: string }>(await wrapper.posted(page), "copyToClipboard");
      expect(copied?.text).toContain(`/game/${game.id}`);
      await wrapper.context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "STORE_REVIEW and REDIRECT_STORE_REVIEW from /review",
    async () => {
      const wrapper = await wrapperContext(h, { locale: "en-GB" });
      await signIn(wrapper.context, "mehmet@kickrunde.de");
      const page = await wrapper.context.newPage();
      await page.goto("/review");
      await page.getByRole("button", { name: "Rate in the app" }).click();
      await wrapper.waitForPosted(page, (m) => m === "STORE_REVIEW", "STORE_REVIEW");
      await page.getByRole("button", { name: "Review in the store" }).click();
      await wrapper.waitForPosted(page, (m) => m === "REDIRECT_STORE_REVIEW", "REDIRECT_STORE_REVIEW");
      await shot(page, "wrapper-review-en");
      await wrapper.context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the main journey inside the wrapper: a player joins a game, is told so once, and cancels again",
    async () => {
      const orga = await h.newContext();
      await signIn(orga, "sophie@kickrunde.de");
      const gameId = await createBerlinGame(h, orga, daysAhead(4, 11), { minPlayers: 2, maxPlayers: 10, playerCount: 1, playsHimself: true });
      const wrapper = await wrapperContext(h);
      await signIn(wrapper.context, "spieler@kickrunde.de");
      const page = await wrapper.context.newPage();
      await page.goto(`/game/${gameId}`);
      await page.getByRole("button", { name: "MITSPIELEN" }).first().click();
      await page.getByRole("dialog", { name: "Mitspielen" }).getByRole("button", { name: "Jetzt mitspielen" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Alles klar" }).click();
      const own = page.getByRole("region", { name: "Deine Teilnahme" });
      await own.getByText("Du bist dabei", { exact: true }).waitFor();
      expect(await page.getByText("Du bist dabei", { exact: true }).count()).toBe(1);
      await shot(page, "wrapper-joined-de");

      await own.getByRole("button", { name: "Teilnahme absagen" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Absagen", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Du hast abgesagt." }).waitFor();
      await own.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "MITSPIELEN" }).first().waitFor();
      await Promise.all([wrapper.context.close(), orga.close()]);
    },
    E2E_TIMEOUT,
  );
});
