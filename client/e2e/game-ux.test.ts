import { describe, expect } from "bun:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";

/*
 * The game screens as a player, organiser and guest meet them at 390 px (issue 11, UX defects 5-8,
 * 11, 12, 14, 15 and the participation colours): the waiting list, finished games, what a viewer may
 * see of reliability, marks on the feed cards, the game chat list, the direct chat's edge cases, the
 * join dialog's name error, the header's city, profile list order and tap targets.
 */

const h = useHarness();

type GameRef = { id: number; startTime: Date; endTime: Date };

/** A context that has allowed notifications (the join flow asks for them). */
async function notifyingContext(): Promise<BrowserContext> {
  const context = await h.newContext();
  await context.grantPermissions(["notifications"], { origin: h.baseUrl });
  return context;
}

/** A public game of the organiser's, the day after tomorrow at `hour` UTC, for up to `maxPlayers`. */
function createGame(orga: BrowserContext, maxPlayers: number | null, description: string, hour: number): Promise<number> {
  return createBerlinGame(h, orga, daysAhead(2, hour), { description, teams: 2, gameMode: 1, minPlayers: 2, maxPlayers, playerCount: 1, playsHimself: true });
}

/** The 0..1 relative luminance of a CSS rgb() colour (WCAG 2.x). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

async function box(locator: Locator): Promise<{ width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not visible");
  return b;
}

function playerTable(page: Page) {
  return page.getByRole("table", { name: "Spieler", exact: true });
}

describe("the waiting list", () => {
  test(
    "a full game says \"Auf die Warteliste\", asks for no ball or bibs, names the place and lets one leave it",
    async () => {
      const orga = await h.newContext();
      await signIn(orga, "orga@kickrunde.de");
      const gameId = await createGame(orga, 2, "Volle Runde für die Warteliste", 14);
      const mehmet = await notifyingContext();
      await signIn(mehmet, "mehmet@kickrunde.de");
      await trpcCall(mehmet, "mutation", "participation.join", { gameId });

      const context = await notifyingContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      await page.goto(`/game/${gameId}`);
      const toQueue = page.getByRole("button", { name: "Auf die Warteliste" });
      await toQueue.waitFor();
      expect(await page.getByRole("button", { name: "MITSPIELEN" }).count()).toBe(0);
      await shot(page, "ux-queue-button");

      await toQueue.click();
      const dialog = page.getByRole("dialog", { name: "Auf die Warteliste" });
      await dialog.getByText("Die Kickrunde ist voll. Du kommst auf Platz 1 der Warteliste", { exact: false }).waitFor();
      expect(await dialog.getByRole("switch").count()).toBe(0);
      await shot(page, "ux-queue-dialog");
      await dialog.getByRole("button", { name: "Auf die Warteliste" }).click();
      const success = page.getByRole("dialog", { name: "Du stehst auf der Warteliste" });
      await success.getByText("Du bist Platz 1 auf der Warteliste.", { exact: false }).waitFor();
      await success.getByRole("button", { name: "Alles klar" }).click();

      const box = page.getByRole("region", { name: "Deine Teilnahme" });
      await box.getByText("Du stehst auf der Warteliste (Platz 1)").waitFor();
      expect(await box.getByRole("switch").count()).toBe(0);
      await shot(page, "ux-queue-box", { full: true });

      // The feed card marks the game as one I wait for.
      await page.goto("/games/berlin");
      const card = page.locator(`a[href="/game/${gameId}"]`);
      await card.getByText("Auf der Warteliste").waitFor();
      expect(await card.getAttribute("data-role")).toBe("waiting");

      await page.goto(`/game/${gameId}`);
      await box.getByRole("button", { name: "Warteliste verlassen" }).click();
      const leave = page.getByRole("dialog", { name: "Warteliste verlassen?" });
      await leave.getByText("Du verlässt die Warteliste.").waitFor();
      await shot(page, "ux-queue-leave");
      await leave.getByRole("button", { name: "Warteliste verlassen" }).click();
      await toQueue.waitFor();
      expect(await box.count()).toBe(0);
      await Promise.all([context.close(), mehmet.close(), orga.close()]);
    },
    E2E_TIMEOUT,
  );
});

describe("a finished game", () => {
  test(
    "says it is over, offers no spots, and keeps the report and rating actions",
    async () => {
      const context = await h.newContext();
      const { userId } = await signIn(context, "spieler@kickrunde.de");
      const attended = await trpcCall<{ objects: GameRef[] }>(context, "query", "users.games", { userId, kind: "attended", limit: 20, upcoming: false });
      const past = attended.objects.find((g) => g.endTime.getTime() < Date.now());
      if (!past) throw new Error("the demo data has no finished game of Lena's");

      const page = await context.newPage();
      await page.goto(`/game/${past.id}`);
      await page.getByRole("heading", { name: "Diese Kickrunde ist vorbei" }).waitFor();
      await page.locator("#main").getByText("Vorbei", { exact: true }).first().waitFor();
      await page.getByText(/^\d+ Spieler waren dabei$/).first().waitFor();
      expect(await page.getByText(/Plätze? frei/).count()).toBe(0);
      expect(await page.getByRole("progressbar").count()).toBe(0);
      const own = page.getByRole("region", { name: "Deine Teilnahme" });
      await own.getByText("Du warst dabei", { exact: true }).waitFor();
      expect(await own.getByText("Du bist dabei", { exact: true }).count()).toBe(0);
      await own.getByRole("link", { name: "Kickrunde melden" }).waitFor();
      await page.getByRole("link", { name: "Nächste Kickrunde finden" }).waitFor();
      await shot(page, "ux-finished-player", { full: true });

      // In the profile list the card says "Vorbei" instead of offering spots.
      await page.goto(`/user/${userId}`);
      const card = page.locator(`section[aria-labelledby='user-games-attended'] a[href="/game/${past.id}"]`);
      await card.getByText("Vorbei").waitFor();
      expect(await card.getByText(/frei|fehlen/).count()).toBe(0);

      // The organiser is asked to rate the attendance.
      const orga = await h.newContext();
      await signIn(orga, "orga@kickrunde.de");
      const orgaPage = await orga.newPage();
      await orgaPage.goto(`/game/${past.id}`);
      const banner = orgaPage.getByRole("status").filter({ has: orgaPage.getByRole("heading", { name: "Diese Kickrunde ist vorbei" }) });
      await banner.getByRole("link", { name: "Anwesenheit bewerten" }).waitFor();
      expect(await orgaPage.getByRole("heading", { name: "Wer war da?" }).count()).toBe(0);
      await shot(orgaPage, "ux-finished-organiser");
      await Promise.all([context.close(), orga.close()]);
    },
    E2E_TIMEOUT,
  );
});

describe("reliability on the player list", () => {
  test(
    "everybody sees participation colours; scores only the organiser and each player for themself",
    async () => {
      const lena = await h.newContext();
      const { userId: lenaId } = await signIn(lena, "spieler@kickrunde.de");
      type Chats = { currentGameChats: { gameId: number; courtName: string | null; role: string }[] };
      const chats = await trpcCall<Chats>(lena, "query", "chat.unreadCount");
      const gameId = chats.currentGameChats.find((c) => c.courtName === "Tempelhofer Feld Bolzplatz" && c.role === "playing")!.gameId;

      const page = await lena.newPage();
      await page.goto(`/game/${gameId}`);
      const table = playerTable(page);
      const row = (name: string) => table.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
      // Lena (86) sees her own score; Jonas (94) and Mehmet (72) only as colours, never as "?".
      await row("Lena").locator('[aria-label="Zuverlässigkeit 9 von 10"]').waitFor();
      await row("Jonas").getByRole("img", { name: "Zuverlässigkeit: Kommt immer" }).waitFor();
      await row("Mehmet").getByRole("img", { name: "Zuverlässigkeit: Kommt etwa 8 von 10 Mal" }).waitFor();
      expect(await table.getByText("?", { exact: true }).count()).toBe(0);
      expect(await table.locator('[aria-label^="Zuverlässigkeit "][aria-label$=" von 10"]').count()).toBe(1);
      await page.getByRole("heading", { name: "Zuverlässigkeit" }).waitFor();
      await shot(page, "ux-reliability-player", { full: true });
      expect(lenaId).toBeGreaterThan(0);

      // A guest sees no score at all, the colours and their legend.
      const guest = await h.newContext();
      const guestPage = await guest.newPage();
      await guestPage.goto(`/game/${gameId}`);
      await playerTable(guestPage).getByRole("img", { name: "Zuverlässigkeit: Kommt immer" }).first().waitFor();
      expect(await playerTable(guestPage).locator('[aria-label$=" von 10"]').count()).toBe(0);
      await guestPage.getByRole("heading", { name: "Zuverlässigkeit" }).waitFor();

      // The organiser sees every score.
      const orga = await h.newContext();
      await signIn(orga, "orga@kickrunde.de");
      const orgaPage = await orga.newPage();
      await orgaPage.goto(`/game/${gameId}`);
      await playerTable(orgaPage).locator('[aria-label="Zuverlässigkeit 9 von 10"]').first().waitFor();
      await playerTable(orgaPage).locator('[aria-label="Zuverlässigkeit 7 von 10"]').waitFor();
      expect(await playerTable(orgaPage).getByRole("img").count()).toBe(0);

      // Tap targets: the organiser's player actions and the player-name links are at least 44 px.
      const actions = orgaPage.getByRole("button", { name: "Aktionen für Lena" });
      expect((await box(actions)).width).toBeGreaterThanOrEqual(44);
      expect((await box(actions)).height).toBeGreaterThanOrEqual(44);
      expect((await box(playerTable(orgaPage).getByRole("link", { name: "Lena", exact: true }))).height).toBeGreaterThanOrEqual(44);
      await Promise.all([lena.close(), guest.close(), orga.close()]);
    },
    E2E_TIMEOUT,
  );
});

describe("the feed card", () => {
  test(
    "marks the games I play in and organise; the court name is not cut by the price",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      await page.goto("/games/berlin");
      // Lena plays in the Tempelhof game of today and organises the Mauerpark one.
      const playing = page.locator('a[data-role="playing"]').filter({ hasText: "Tempelhofer Feld Bolzplatz" }).first();
      await playing.getByText("Du spielst mit").waitFor();
      const organising = page.locator('a[data-role="organising"]').filter({ hasText: "Mauerpark Soccer Court" }).first();
      await organising.getByText("Du organisierst").waitFor();
      // A game she has nothing to do with carries no mark.
      const other = page.locator("a[href^='/game/']:not([data-role])").first();
      await other.waitFor();
      expect(await other.getByText(/^(Du spielst mit|Du organisierst|Auf der Warteliste)$/).count()).toBe(0);
      // The title has the card's whole width: no line is clamped.
      const title = playing.locator("h3 > span");
      const clamped = await title.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      expect(clamped).toBe(false);
      await shot(page, "ux-feed-cards");
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("chat", () => {
  test(
    "the game chat list shows the last message, its sender and time; the Chat tab names its count",
    async () => {
      const orga = await h.newContext();
      await signIn(orga, "orga@kickrunde.de");
      const lena = await h.newContext();
      await signIn(lena, "spieler@kickrunde.de");
      type Chats = { currentGameChats: { gameId: number; courtName: string | null; role: string }[] };
      const chats = await trpcCall<Chats>(lena, "query", "chat.unreadCount");
      const tempelhof = chats.currentGameChats.find((c) => c.courtName === "Tempelhofer Feld Bolzplatz" && c.role === "playing")!.gameId;
      await trpcCall(orga, "mutation", "chat.createComment", { gameId: tempelhof, text: "Wer bringt heute den Ball mit? Ich hab nur Leibchen dabei." });

      const page = await lena.newPage();
      await page.goto("/chat?tab=sessions");
      const row = page.getByRole("link", { name: /Tempelhofer Feld Bolzplatz/ }).filter({ hasText: "Jonas:" });
      // The preview stops after 40 characters (spec 000 section 9).
      await row.getByText("Jonas: Wer bringt heute den Ball mit? Ich hab n…", { exact: true }).waitFor();
      await row.getByText(/^\d{2}:\d{2}$/).waitFor();
      // Lena's own Mauerpark game has no messages yet.
      await page.getByRole("link", { name: /Mauerpark Soccer Court/ }).getByText("Noch keine Nachrichten").first().waitFor();
      await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Chat, 1 ungelesen" }).waitFor();
      await shot(page, "ux-chat-sessions");
      await Promise.all([orga.close(), lena.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a direct chat with an unknown user or oneself is a clear dead end; a real one has the partner as heading",
    async () => {
      const context = await h.newContext();
      const { userId } = await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      await page.goto("/user/999/chat");
      await page.getByRole("heading", { name: "Nutzer existiert nicht.", level: 1 }).waitFor();
      expect(await page.getByLabel("Nachricht", { exact: true }).count()).toBe(0);
      await page.getByRole("link", { name: "Zu Deinen Chats" }).waitFor();
      await shot(page, "ux-chat-unknown");

      await page.goto(`/user/${userId}/chat`);
      await page.getByRole("heading", { name: "Du kannst Dir selbst keine Nachrichten schicken.", level: 1 }).waitFor();
      expect(await page.getByLabel("Nachricht", { exact: true }).count()).toBe(0);
      await shot(page, "ux-chat-self");

      await page.goto("/user/2/chat");
      await page.getByRole("heading", { name: "Jonas", level: 1 }).waitFor();
      await page.getByLabel("Nachricht", { exact: true }).waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("the game page", () => {
  test(
    "a taken guest name is marked at the name field",
    async () => {
      // Another organiser: one game per organiser and half minute.
      const orga = await h.newContext();
      await signIn(orga, "admin@kickrunde.de");
      const gameId = await createGame(orga, null, "Runde für Gäste", 17);
      const first = await h.newContext();
      await trpcCall(first, "mutation", "participation.join", { gameId, firstName: "Kai", deviceToken: "e2e-device-kai" });

      const context = await notifyingContext();
      const page = await context.newPage();
      await page.goto(`/game/${gameId}`);
      await page.getByRole("button", { name: "MITSPIELEN" }).click();
      const dialog = page.getByRole("dialog", { name: "Mitspielen" });
      const name = dialog.getByLabel("Dein Vorname");
      await name.fill("Kai");
      await dialog.getByRole("button", { name: "Jetzt mitspielen" }).click();
      await dialog.getByText(/Dieser Vorname ist in dieser Kickrunde schon vergeben/).waitFor();
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await name.getAttribute("aria-describedby")) ?? "";
      const description = await page.locator(`[id="${describedBy.split(" ")[0]}"]`).textContent();
      expect(description).toContain("schon vergeben");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("firstName");
      // Exactly one place says it: at the field, not again at the bottom.
      expect(await dialog.getByText(/schon vergeben/).count()).toBe(1);
      await shot(page, "ux-join-name-taken");
      await name.fill("Kai B");
      await name.blur();
      expect(await name.getAttribute("aria-invalid")).toBeNull();
      await Promise.all([orga.close(), first.close(), context.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the header shows the city of the game, not the user's own; ?created opens nothing for others",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const hamburg = await trpcCall<{ games: { id: number }[] }>(context, "query", "games.feed", { regionSlug: "hamburg" });
      const page = await context.newPage();
      await page.goto("/games/berlin");
      await page.getByRole("banner").getByText("Berlin", { exact: true }).waitFor();
      await page.goto(`/game/${hamburg.games[0]!.id}?created`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.getByRole("banner").getByText("Hamburg", { exact: true }).waitFor();
      expect(await page.getByRole("banner").getByText("Berlin", { exact: true }).count()).toBe(0);
      expect(await page.getByRole("dialog", { name: "Deine Kickrunde ist online!" }).count()).toBe(0);
      await shot(page, "ux-header-other-city");
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("profile lists", () => {
  test(
    "upcoming games come first, soonest first, then past games, newest first",
    async () => {
      const context = await h.newContext();
      const { userId } = await signIn(context, "orga@kickrunde.de");
      const page = await context.newPage();
      await page.goto(`/user/${userId}`);
      const hosted = page.locator("section[aria-labelledby='user-games-hosted']");
      await hosted.getByRole("link").first().waitFor();
      const more = hosted.getByRole("button", { name: "Mehr laden" });
      for (let round = 0; round < 10; round++) {
        await page.waitForFunction(() => !document.querySelector("section[aria-labelledby='user-games-hosted'] button[aria-busy='true']"));
        if (!(await more.count())) break;
        await more.click();
      }
      const ids = await hosted.locator("a[href^='/game/']").evaluateAll((links) => links.map((a) => Number(a.getAttribute("href")!.split("/").pop())));
      const games = await Promise.all(ids.map((gameId) => trpcCall<GameRef & { cancelledAt: Date | null }>(context, "query", "games.byId", { gameId })));
      const now = Date.now();
      const isUpcoming = (g: (typeof games)[number]) => g.endTime.getTime() > now && g.cancelledAt === null;
      const firstPast = games.findIndex((g) => !isUpcoming(g));
      const upcoming = firstPast === -1 ? games : games.slice(0, firstPast);
      const past = firstPast === -1 ? [] : games.slice(firstPast);
      expect(upcoming.length).toBeGreaterThan(1);
      expect(past.length).toBeGreaterThan(0);
      expect(past.every((g) => !isUpcoming(g))).toBe(true);
      const starts = (list: typeof games) => list.map((g) => g.startTime.getTime());
      expect(starts(upcoming)).toEqual([...starts(upcoming)].sort((a, b) => a - b));
      expect(starts(past)).toEqual([...starts(past)].sort((a, b) => b - a));
      await hosted.getByRole("heading", { name: "Vergangene Kickrunden" }).waitFor();
      await shot(page, "ux-profile-lists", { full: true });
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("accessibility", () => {
  test(
    "the chosen day chip keeps 4.5:1 contrast; \"Jetzt registrieren\" is a 44 px target",
    async () => {
      const context = await h.newContext();
      await signIn(context, "orga@kickrunde.de");
      const page = await context.newPage();
      await page.goto("/create/game");
      const days = page.getByRole("radiogroup", { name: "Tag" });
      const chosen = days.getByRole("radio", { checked: true });
      await chosen.waitFor();
      const colours = await chosen.evaluate((chip) => {
        const background = getComputedStyle(chip).backgroundColor;
        return [...chip.querySelectorAll("span span")].map((span) => {
          const style = getComputedStyle(span);
          return { color: style.color, opacity: Number(style.opacity) * Number(getComputedStyle(span.parentElement!).opacity), background };
        });
      });
      expect(colours.length).toBe(2);
      for (const c of colours) {
        expect(c.opacity).toBe(1);
        expect(contrast(c.color, c.background)).toBeGreaterThanOrEqual(4.5);
      }

      const guest = await h.newContext();
      const login = await guest.newPage();
      await login.goto("/login");
      const register = login.getByRole("link", { name: "Jetzt registrieren" });
      await register.waitFor();
      expect((await box(register)).height).toBeGreaterThanOrEqual(44);
      await Promise.all([context.close(), guest.close()]);
    },
    E2E_TIMEOUT,
  );
});
