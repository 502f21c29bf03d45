import { describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { E2E_TIMEOUT, eventually, holdRequests, proceduresOf, shot, signIn, trpcCall, useHarness, test } from "./harness";

const h = useHarness();

function chatBadge(page: Page) {
  return page.getByRole("navigation", { name: "Hauptnavigation" }).getByTestId("chat-badge");
}

async function send(page: Page, text: string) {
  await page.getByLabel("Nachricht", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Senden" }).click();
  await page.getByRole("listitem").getByText(text, { exact: true }).waitFor();
}

/**
 * The page's requests for the unread counts (the path the page was on for each) and a wait for the count of answers:
 * one listener each for the whole test, not a wait of its own per answer.
 */
function watchUnreadCounts(page: Page) {
  const asked: string[] = [];
  let answers = 0;
  page.on("request", (request) => {
    if (proceduresOf(request.url()).includes("chat.unreadCount")) asked.push(new URL(page.url()).pathname);
  });
  page.on("response", (response) => {
    if (proceduresOf(response.url()).includes("chat.unreadCount")) answers++;
  });
  const answered = (count: number) => eventually(() => answers >= count, { what: `${count} answers to chat.unreadCount` });
  return { asked, answered };
}

describe("chat", () => {
  test("signed-out users go to the login for /chat and /user/{id}/chat", async () => {
    const context = await h.newContext();
    const page = await context.newPage();
    await page.goto("/chat");
    await page.waitForURL(/\/login\?redirect=/);
    await page.goto("/user/75/chat");
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  }, E2E_TIMEOUT);

  test(
    "the badge asks for the unread counts once on the first screen and once on each navigation",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      const { asked, answered } = watchUnreadCounts(page);

      await page.goto("/games/berlin");
      await answered(1);
      const tabs = page.getByRole("navigation", { name: "Hauptnavigation" });
      await tabs.getByRole("link", { name: "Plätze", exact: true }).click();
      await page.waitForURL(/\/courts/);
      await answered(2);
      // a second request for the first screen would have come long before this one (it did: the navigation effect
      // cancelled the query's own first fetch and asked again)
      expect(asked).toHaveLength(2);
      await tabs.getByRole("link", { name: "Kickrunden", exact: true }).click();
      await page.waitForURL(/\/games\//);
      await answered(3);
      expect(asked).toHaveLength(3);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the badge asks for the next screen's counts when its chunk came after the feed's game cards had asked",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      const { asked, answered } = watchUnreadCounts(page);
      // The badge's chunk is held until the user has moved on (as on a slow phone, where it mounted a screen late):
      // the feed's game cards ask for the counts meanwhile, for the feed.
      const releaseChunk = await holdRequests(page, /\/assets\/unread-watch-[\w-]+\.js$/);

      await page.goto("/games/berlin");
      await answered(1); // the game cards' answer
      await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Plätze", exact: true }).click();
      await page.waitForURL(/\/courts\//);
      releaseChunk();
      await answered(2); // the courts screen's
      expect(asked).toEqual(["/games/berlin", "/courts/berlin"]);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a request still on its way when the user moves on does not leave the first screen noted: coming back to it asks again",
    async () => {
      const context = await h.newContext();
      await signIn(context, "spieler@kickrunde.de");
      const page = await context.newPage();
      const { asked, answered } = watchUnreadCounts(page);
      // The first screen's request is answered only once the user is on the courts (a slow network). Before, the
      // courts screen's badge asked again by joining that request (a query without data does not restart), the feed
      // stayed noted as asked for, and coming back to it asked nothing (seen in CI: an ended session went unnoticed
      // on the feed). Now the request on its way counts for the courts screen.
      const releaseFirst = await holdRequests(page, /\/trpc\/[^?]*chat\.unreadCount/, 1);
      await page.goto("/games/berlin");
      await eventually(() => asked.length === 1, { what: "the first screen's request sent (and held)" });
      const tabs = page.getByRole("navigation", { name: "Hauptnavigation" });
      await tabs.getByRole("link", { name: "Plätze", exact: true }).click();
      await page.waitForURL(/\/courts\//);
      await page.getByRole("heading", { name: /Plätze/ }).first().waitFor();
      releaseFirst();
      await answered(1);
      const before = asked.length;
      await tabs.getByRole("link", { name: "Kickrunden", exact: true }).click();
      await page.waitForURL(/\/games\//);
      await eventually(() => asked.length > before, { what: "a request after coming back to the feed" });
      expect(asked.at(-1)).toBe("/games/berlin");
      await answered(asked.length);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "two players chat in a game chat and in direct messages; the Chat tab badge counts up and clears",
    async () => {
      const orgaContext = await h.newContext();
      const spielerContext = await h.newContext();
      const orga = await orgaContext.newPage();
      const spieler = await spielerContext.newPage();
      const { userId: orgaId } = await signIn(orgaContext, "orga@kickrunde.de");
      const { userId: spielerId } = await signIn(spielerContext, "spieler@kickrunde.de");

      // The seeded Tempelhof game: orga organises, spieler plays.
      type Unread = { directMessages: number; currentGameChats: { gameId: number; courtName: string | null }[] };
      const spielerChats = await trpcCall<Unread>(spieler, "query", "chat.unreadCount");
      const gameId = spielerChats.currentGameChats.find((c) => c.courtName === "Tempelhofer Feld Bolzplatz")!.gameId;
      expect(gameId).toBeGreaterThan(0);

      // Spieler reads the (seeded) game chat first, so the badge starts from what is read.
      await spieler.goto(`/game/${gameId}/chat`);
      await spieler.getByRole("heading", { name: "Chat" }).waitFor();
      await spieler.goto("/chat");
      await eventually(async () => (await spieler.getByRole("tab", { name: /Kickrunden/ }).getAttribute("aria-selected")) === "true", { what: "selected tab" });
      await chatBadge(spieler).waitFor({ state: "detached" });

      // Orga writes in the game chat; spieler's Chat tab counts it on the next navigation.
      await orga.goto(`/game/${gameId}/chat`);
      await send(orga, "Wer bringt den Ball mit?");
      await shot(orga, "chat-game");
      await spieler.getByRole("link", { name: "Kickrunden", exact: true }).click();
      await eventually(async () => (await chatBadge(spieler).textContent()) === "1", { what: "badge 1" });
      await spieler.goto(`/game/${gameId}`);
      await spieler.locator("#main").getByRole("link", { name: "Chat, 1 ungelesen" }).waitFor();
      await shot(spieler, "chat-game-page-icon");
      await spieler.locator("#main").getByRole("link", { name: "Chat, 1 ungelesen" }).click();
      await spieler.getByText("Wer bringt den Ball mit?").waitFor();
      await send(spieler, "Ich bringe einen mit!");
      await chatBadge(spieler).waitFor({ state: "detached" });
      // Orga's open chat picks the answer up by itself (10-second refresh).
      await orga.getByText("Ich bringe einen mit!").waitFor({ timeout: 25_000 });

      // Direct messages: orga writes to spieler.
      await orga.goto(`/user/${spielerId}/chat`);
      await orga.getByText("Noch keine Nachrichten. Schreib Lena etwas!").or(orga.getByRole("list", { name: /Unterhaltung mit/ })).waitFor();
      await send(orga, "Hi, spielst Du nächste Woche auch mit? https://example.com/x");
      await orga.getByRole("link", { name: /example\.com/ }).waitFor({ state: "detached" });
      // one direct message per 3 seconds: the rule is a time, so the test lets it pass (the first one is stored by now)
      await Bun.sleep(3_100);
      await send(orga, "Infos: http://127.0.0.1/game/1");

      await spieler.goto("/chat?tab=players");
      await eventually(async () => (await chatBadge(spieler).textContent()) === "2", { what: "badge 2" });
      const row = spieler.getByRole("link", { name: /Jonas/ }).first();
      await eventually(async () => ((await row.textContent()) ?? "").includes("Infos: http://127.0.0.1/game/1"), { what: "preview" });
      await row.getByLabel("2 ungelesen").waitFor();
      await shot(spieler, "chat-players");
      await row.click();
      await spieler.waitForURL(new RegExp(`/user/${orgaId}/chat$`));
      await spieler.getByText("Neu").first().waitFor();
      await spieler.getByRole("link", { name: "http://127.0.0.1/game/1" }).waitFor();
      await chatBadge(spieler).waitFor({ state: "detached", timeout: 20_000 });
      await shot(spieler, "chat-direct");
      await send(spieler, "Klar, bin dabei!");
      // Orga's open conversation refreshes every 5 seconds.
      await orga.getByText("Klar, bin dabei!").waitFor({ timeout: 20_000 });

      // The support chat and the News tab.
      await spieler.goto("/user/75/chat");
      await spieler.getByText("Support", { exact: true }).waitFor();
      await shot(spieler, "chat-support");
      await spieler.goto("/chat?kickrunde");
      await eventually(async () => (await spieler.getByRole("tab", { name: /News/ }).getAttribute("aria-selected")) === "true", { what: "selected tab" });
      await spieler.getByText("Noch keine News.").or(spieler.getByRole("tabpanel").getByRole("listitem").first()).waitFor();
      await shot(spieler, "chat-news");
      await spieler.goto("/chat?tab=sessions");
      await spieler.getByRole("link", { name: /Tempelhofer Feld Bolzplatz/ }).waitFor();
      await shot(spieler, "chat-sessions");

      await orgaContext.close();
      await spielerContext.close();
    },
    E2E_TIMEOUT,
  );
});
