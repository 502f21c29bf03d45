import { afterAll, describe, expect } from "bun:test";
import { PgBoss } from "pg-boss";
import type { BrowserContext } from "playwright-core";
import { startWeatherEmulator } from "../../server/integrations/weather/emulator";
import { E2E_TIMEOUT, eventually, linkFromMail, shot, signIn, trpcCall, useHarness, test } from "./harness";

/**
 * Issue 29, weather for outdoor games at 390 px, German and English: the server asks this file's Open-Meteo emulator
 * (WEATHER_URL), which forecasts heavy rain at the game's hours; the hourly refresh and the 15-minute warning jobs are
 * asked for through the server's queue, as their schedules would. The feed card shows the weather icon, the game page
 * its forecast row and, for the organiser, the warning box whose "Wegen Wetter absagen" cancels the game.
 */
const weather = await startWeatherEmulator();
const h = useHarness({ env: { WEATHER_URL: weather.url } });
afterAll(() => weather.close());

type Court = { id: number; name: string; latitude: number; longitude: number; indoor: boolean };
type GameView = {
  id: number;
  cancelledAt: string | null;
  cancellationReason: string | null;
  weather?: { code: number; condition: string; temperatureC: number } | null;
  weatherAlert?: { kind: string } | null;
};

/** Asks the server's queue for a job, as its schedule would. */
async function runJob(name: "weather-refresh" | "weather-alerts"): Promise<void> {
  const boss = new PgBoss({ connectionString: h.databaseUrl!, supervise: false, migrate: false, schedule: false });
  await boss.start();
  try {
    await boss.send(name, {});
  } finally {
    await boss.stop({ graceful: true, timeout: 5000 });
  }
}

/**
 * A game by the signed-in organiser between 1 h 10 min and 2 h 50 min from now (inside the 3-hour warning window, still
 * open for cancelling) on the first outdoor Berlin court free then, with heavy rain forecast for its hours. The
 * organiser's own demo games (the seed's evening game, its game soon after the start) decide which start is free: at
 * some hours of the day 2 h 10 min from now overlaps one of them (ALREADY_IN_GAME_AT_TIME, a CI run at 14:47 UTC).
 */
async function rainyGame(context: BrowserContext, skipCourts: number[]): Promise<{ gameId: number; court: Court } | null> {
  const courts = await trpcCall<Court[]>(context, "query", "courts.search", { regionSlug: "berlin" });
  for (const minutesAhead of [130, 90, 165, 70, 110, 150, 170]) {
    const start = new Date(Math.ceil((Date.now() + minutesAhead * 60_000) / 300_000) * 300_000);
    for (const court of courts.filter((c) => !c.indoor && !skipCourts.includes(c.id))) {
      const created = await trpcCall<{ id: number }>(context, "mutation", "games.create", {
        description: "Regenrunde",
        startTime: start,
        courtId: court.id,
        minPlayers: 2,
        maxPlayers: 12,
        playerCount: 2,
      }).catch((error: { app?: { code?: string } }) => {
        if (error.app?.code === "SAME_COURT_WITHIN_HOUR" || error.app?.code === "ALREADY_IN_GAME_AT_TIME") return error.app.code;
        throw error;
      });
      // the organiser plays elsewhere then: another start, not another court
      if (created === "ALREADY_IN_GAME_AT_TIME") break;
      if (typeof created === "string") continue;
      for (let t = Math.floor(start.getTime() / 3_600_000) * 3_600_000; t < start.getTime() + 2 * 3_600_000; t += 3_600_000) {
        weather.setForecast({ latitude: court.latitude, longitude: court.longitude, hour: new Date(t), code: 65, precipitationMm: 8.4, temperatureC: 13.6, windKmh: 24, gustsKmh: 48 });
      }
      return { gameId: created.id, court };
    }
  }
  return null;
}

/**
 * The rainy game of the first of `organisers` free at some start inside the window (between about 15:40 and 16:15 UTC
 * every start of the window overlaps orga's demo evening game at 19:00 Berlin), with `context` signed in as them.
 */
async function rainyGameOfOne(context: BrowserContext, organisers: string[], skipCourts: number[]): Promise<{ gameId: number; court: Court; organiser: string }> {
  for (const organiser of organisers) {
    await signIn(context, organiser);
    const game = await rainyGame(context, skipCourts);
    if (game) return { ...game, organiser };
  }
  throw new Error(`no outdoor Berlin court free at a start one of ${organisers.join(", ")} is free for`);
}

describe("weather", () => {
  const usedCourts: number[] = [];
  for (const [locale, lang, organiser] of [
    ["de-DE", "de", "orga@kickrunde.de"],
    ["en-GB", "en", "admin@kickrunde.de"],
  ] as const) {
    test(
      `${lang}: the feed card's icon, the game page's forecast, the organiser's warning and the rain cancel`,
      async () => {
        if (!h.databaseUrl) throw new Error("the weather e2e needs DATABASE_URL (PostgreSQL) to ask the server's queue for its jobs");
        const t =
          lang === "de"
            ? { label: /^Regen, 14 °C$/, row: "Wetter zum Anpfiff", title: "Starkregen angesagt", text: "8,4 mm Regen pro Stunde", action: "Wegen Wetter absagen", confirm: "Ja, absagen", cancelled: "Diese Kickrunde wurde abgesagt" }
            : { label: /^Rain, 14 °C$/, row: "Weather at kick-off", title: "Heavy rain forecast", text: "8.4 mm of rain per hour", action: "Cancel because of the weather", confirm: "Yes, cancel", cancelled: "This game was cancelled" };
        const context = await h.newContext({ locale });
        // German mails: the fallback organiser's account speaks German too (not admin@, who organises the English run: one new game per organiser at a time)
        const { gameId, court, organiser: host } = await rainyGameOfOne(context, [organiser, "emma@kickrunde.de"], usedCourts);
        usedCourts.push(court.id);

        // the hourly refresh fills the cache; pages read it
        await runJob("weather-refresh");
        await eventually(async () => (await trpcCall<GameView>(context, "query", "games.byId", { gameId })).weather?.code === 65, { what: "the game's forecast cached" });
        // the 15-minute warning job: the game starts within 3 hours with heavy rain
        await runJob("weather-alerts");
        await eventually(async () => (await trpcCall<GameView>(context, "query", "games.byId", { gameId })).weatherAlert?.kind === "RAIN", { what: "the organiser warned" });

        const page = await context.newPage();
        // the mail in the organiser's account language links to the game (the push goes to their devices the same way)
        if (lang === "de") expect(await linkFromMail(page, host, "Starkregen angesagt", `/game/${gameId}`)).toContain(`/game/${gameId}`);
        await page.goto("/games/berlin");
        const card = page.locator(`a[href="/game/${gameId}"]`);
        await card.scrollIntoViewIfNeeded();
        const badge = card.getByTestId("weather-badge");
        expect(await badge.getAttribute("aria-label")).toMatch(t.label);
        expect(await badge.textContent()).toBe("14°");
        await shot(page, `weather-feed-${lang}`);

        await card.click();
        await page.waitForURL(new RegExp(`/game/${gameId}$`));
        const row = page.getByTestId("game-weather");
        await row.getByRole("heading", { name: t.row }).waitFor();
        expect(await row.getByRole("img").first().getAttribute("aria-label")).toMatch(t.label);
        expect(await row.textContent()).toContain(lang === "de" ? "8,4 mm" : "8.4 mm");
        const box = page.getByTestId("weather-alert");
        await box.getByRole("heading", { name: t.title }).waitFor();
        expect(await box.textContent()).toContain(t.text);
        await shot(page, `weather-game-${lang}`);
        await row.scrollIntoViewIfNeeded();
        await shot(page, `weather-game-row-${lang}`);

        // the player's view: the forecast, no warning box
        const player = await h.newContext({ locale });
        await signIn(player, "mehmet@kickrunde.de");
        const playerPage = await player.newPage();
        await playerPage.goto(`/game/${gameId}`);
        await playerPage.getByTestId("game-weather").waitFor();
        expect(await playerPage.getByTestId("weather-alert").count()).toBe(0);
        await player.close();

        // one tap, a confirm, the existing cancel with BAD_WEATHER
        await box.getByRole("button", { name: t.action }).click();
        const dialog = page.getByRole("dialog");
        await dialog.getByRole("button", { name: t.confirm }).waitFor();
        await shot(page, `weather-cancel-confirm-${lang}`);
        await dialog.getByRole("button", { name: t.confirm }).click();
        await page.getByText(t.cancelled).first().waitFor();
        expect(await page.getByTestId("weather-alert").count()).toBe(0);
        const after = await trpcCall<GameView>(context, "query", "games.byId", { gameId });
        expect(after).toMatchObject({ cancellationReason: "BAD_WEATHER", weatherAlert: null });
        expect(after.cancelledAt).not.toBeNull();
        await shot(page, `weather-cancelled-${lang}`);
        await context.close();
      },
      E2E_TIMEOUT,
    );
  }
});
