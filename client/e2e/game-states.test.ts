import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, signIn, trpcCall, useHarness, test } from "./harness";
import { createManagedGame } from "./payment-helpers";

/*
 * States a user can believe on the game page (issue 23 items 12-14), at 390 px in German and English:
 * the own status said once and first (also for a cancelled game and in the chat list), the join
 * dialog's requirements before anything is filled in (price and total, an account, a confirmed
 * address), and a confirmation after each action (one toast above the tab bar).
 */

const h = useHarness();

async function notifyingContext(locale?: string): Promise<BrowserContext> {
  const context = await h.newContext(locale ? { locale } : {});
  await context.grantPermissions(["notifications"], { origin: h.baseUrl });
  return context;
}

/** The toast is above the tab bar, never over it. */
async function expectToastAboveTabBar(page: Page): Promise<void> {
  const toast = await page.getByTestId("toast").boundingBox();
  const nav = await page.getByRole("navigation").last().boundingBox();
  if (!toast || !nav) throw new Error("toast or tab bar not visible");
  expect(toast.y + toast.height).toBeLessThanOrEqual(nav.y + 0.5);
}

describe("my status in this game", () => {
  test(
    "a cancelled game tells nobody \"Du bist dabei\", and the chat list marks it",
    async () => {
      for (const [locale, email, banner, chatTab] of [
        // organisers may create one game per 2 minutes: each language has its own
        ["de-DE", "admin@kickrunde.de", "Diese Kickrunde wurde abgesagt", "Abgesagt"],
        ["en-GB", "emma@kickrunde.de", "This game was cancelled", "Cancelled"],
      ] as const) {
        const orga = await h.newContext({ locale });
        await signIn(orga, email);
        const gameId = await createBerlinGame(h, orga, daysAhead(3, locale === "de-DE" ? 9 : 10), { minPlayers: 2, maxPlayers: 10, playerCount: 1, playsHimself: true });
        const lena = await notifyingContext(locale);
        await signIn(lena, "spieler@kickrunde.de");
        await trpcCall(lena, "mutation", "participation.join", { gameId, deviceToken: `e2e-states-${locale}` });
        await trpcCall(orga, "mutation", "games.cancel", { gameId, reason: "BAD_WEATHER", message: null });

        for (const context of [orga, lena]) {
          const page = await context.newPage();
          await page.goto(`/game/${gameId}`);
          await page.getByRole("heading", { name: banner }).waitFor();
          expect(await page.getByText(/^(Du bist dabei|You're in)$/).count()).toBe(0);
          expect(await page.getByRole("region", { name: /^(Deine Teilnahme|Your participation)$/ }).count()).toBe(0);
          if (context === orga) await shot(page, `states-cancelled-organiser-${locale}`);
          await page.close();
        }

        const page = await lena.newPage();
        await page.goto("/chat?tab=sessions");
        const row = page.getByRole("link").filter({ has: page.getByTestId("chat-game-cancelled") });
        await row.first().getByText(chatTab, { exact: true }).waitFor();
        await shot(page, `states-chat-cancelled-${locale}`);
        await Promise.all([orga.close(), lena.close()]);
      }
    },
    E2E_TIMEOUT,
  );

  test(
    "right after joining the status stands first on the page; cancelling confirms with a toast above the tab bar",
    async () => {
      const orga = await h.newContext();
      await signIn(orga, "sophie@kickrunde.de");
      const gameId = await createBerlinGame(h, orga, daysAhead(3, 11), { minPlayers: 2, maxPlayers: 10, playerCount: 1, playsHimself: true });
      for (const [locale, email, names] of [
        ["de-DE", "spieler@kickrunde.de", { play: "MITSPIELEN", dialog: "Mitspielen", submit: "Jetzt mitspielen", ok: "Alles klar", status: "Du bist dabei", region: "Deine Teilnahme", cancel: "Teilnahme absagen", confirm: "Absagen", toast: "Du hast abgesagt." }],
        ["en-GB", "mehmet@kickrunde.de", { play: /^(JOIN|PLAY ALONG)$/i, dialog: /^(Join|Play along)$/, submit: /^(Join now|Play now)$/, ok: "Got it", status: "You're in", region: "Your participation", cancel: "Cancel participation", confirm: "Cancel", toast: "You have cancelled." }],
      ] as const) {
        const context = await h.newContext({ locale });
        await signIn(context, email);
        const page = await context.newPage();
        await page.goto(`/game/${gameId}`);
        await page.getByRole("button", { name: names.play }).first().click();
        await page.getByRole("dialog", { name: names.dialog }).getByRole("button", { name: names.submit }).click();
        await page.getByRole("dialog").getByRole("button", { name: names.ok }).click();
        const own = page.getByRole("region", { name: names.region });
        await own.getByText(names.status, { exact: true }).waitFor();
        // first on the page: above the organiser and the player list
        const ownBox = (await own.boundingBox())!;
        const players = (await page.getByRole("table").first().boundingBox())!;
        expect(ownBox.y).toBeLessThan(players.y);
        expect(ownBox.y).toBeLessThan(844);
        expect(await page.getByText(names.status, { exact: true }).count()).toBe(1);
        await shot(page, `states-joined-${locale}`);

        await own.getByRole("button", { name: names.cancel }).click();
        await page.getByRole("dialog").getByRole("button", { name: names.confirm, exact: true }).click();
        const toast = page.getByRole("status").filter({ hasText: names.toast });
        await toast.waitFor();
        await expectToastAboveTabBar(page);
        await own.waitFor({ state: "detached" });
        await shot(page, `states-cancel-toast-${locale}`);
        await context.close();
      }
      await orga.close();
    },
    E2E_TIMEOUT,
  );
});

describe("requirements before the tap", () => {
  test(
    "the paid join dialog shows price and total and \"Weiter zur Zahlung\"; a guest is sent to sign in or register; an unconfirmed address gets \"Link erneut senden\"",
    async () => {
      const gameId = await createManagedGame(h, daysAhead(3, 12), { minPlayers: 2, maxPlayers: 12, priceCents: 600 });

      // A player: price, total for the players chosen, and where the button leads.
      const mehmet = await h.newContext();
      await signIn(mehmet, "mehmet@kickrunde.de");
      const page = await mehmet.newPage();
      await page.goto(`/game/${gameId}`);
      await page.getByRole("button", { name: "MITSPIELEN" }).click();
      const dialog = page.getByRole("dialog", { name: "Mitspielen" });
      const price = dialog.getByTestId("join-price");
      await price.getByText("Preis pro Spieler").waitFor();
      await price.getByText("Gesamt").waitFor();
      await dialog.getByRole("button", { name: "Weiter zur Zahlung (6,00\u00a0€)" }).waitFor();
      await shot(page, "states-join-paid-de");
      await mehmet.close();

      // A guest: sign in or register first, nothing to fill in.
      for (const [locale, names] of [
        ["de-DE", { play: "MITSPIELEN", title: "Für diese Kickrunde brauchst Du ein Konto", signIn: "Anmelden", register: "Registrieren", name: "Dein Vorname" }],
        ["en-GB", { play: /^(JOIN|PLAY ALONG)$/i, title: "You need an account for this game", signIn: "Sign in", register: "Register", name: "Your first name" }],
      ] as const) {
        const guest = await h.newContext({ locale });
        const guestPage = await guest.newPage();
        await guestPage.goto(`/game/${gameId}`);
        await guestPage.getByRole("button", { name: names.play }).first().click();
        const needs = guestPage.getByTestId("join-needs-account");
        await needs.getByRole("heading", { name: names.title }).waitFor();
        await needs.getByRole("link", { name: names.signIn }).waitFor();
        await needs.getByRole("link", { name: names.register }).waitFor();
        expect(await guestPage.getByLabel(names.name).count()).toBe(0);
        await shot(guestPage, `states-join-guest-paid-${locale}`);
        await needs.getByRole("link", { name: names.register }).click();
        await guestPage.waitForURL((url) => url.pathname === "/register" && url.searchParams.get("redirect") === `/game/${gameId}`);
        await guest.close();
      }

      // An unconfirmed address: the link again, before anything else.
      for (const [locale, email, names] of [
        ["de-DE", "lukas@kickrunde.de", { play: "MITSPIELEN", title: "Bestätige zuerst Deine E-Mail-Adresse", resend: "Link erneut senden" }],
        ["en-GB", "noah@kickrunde.de", { play: /^(JOIN|PLAY ALONG)$/i, title: "Confirm your e-mail address first", resend: /^(Send the link again|Resend link|Send link again)$/i }],
      ] as const) {
        const context = await h.newContext({ locale });
        await signIn(context, email);
        const p = await context.newPage();
        await p.goto(`/game/${gameId}`);
        await p.getByRole("button", { name: names.play }).first().click();
        const needs = p.getByTestId("join-needs-verified");
        await needs.getByRole("heading", { name: names.title }).waitFor();
        await needs.getByRole("button", { name: names.resend }).waitFor();
        await shot(p, `states-join-unverified-${locale}`);
        await context.close();
      }
    },
    E2E_TIMEOUT,
  );
});
