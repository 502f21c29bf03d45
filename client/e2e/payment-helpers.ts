/**
 * The steps the managed-payment e2e files share (issue 13): finding or making a managed-payment game,
 * joining it from the game page up to the checkout dialog, paying on the local Stripe emulator's hosted
 * page, and reading the viewer's own participation back through the API.
 */
import type { BrowserContext, Locator, Page } from "playwright-core";
import { createBerlinGame, eventually, shot, signIn, trpcCall, type Harness } from "./harness";

/** The seeded managed-payment game (scripts' demo seed), 6,00 € a place, more than 48 hours ahead. */
export const DEMO_MANAGED_TITLE = "Kunstrasen-Kick mit Online-Zahlung";

/** The demo managed-payment game's id, as the signed-in `context` finds it in the Berlin feed. */
export async function demoManagedGameId(context: BrowserContext): Promise<number> {
  const feed = await trpcCall<{ games: { id: number; title: string | null }[] }>(context, "query", "games.feed", { regionSlug: "berlin", limit: 50 });
  const game = feed.games.find((g) => g.title === DEMO_MANAGED_TITLE);
  if (!game) throw new Error("the demo managed-payment game is missing");
  return game.id;
}

/** A managed-payment Berlin game by orga@kickrunde.de at `start`, 5 € a place; `input` sets the rest. */
export function createManagedGame(h: Harness, start: Date, input: Record<string, unknown> = {}): Promise<number> {
  return createBerlinGame(h, "orga@kickrunde.de", start, { isManagedPayment: true, priceCents: 500, ...input });
}

/** The viewer's own participation in the game (null when they have none), as the game page reads it. */
export async function viewerParticipation<P = { paymentStatus: string }>(context: BrowserContext, gameId: number): Promise<P | null> {
  return (await trpcCall<{ viewer: { participation: P | null } }>(context, "query", "games.byId", { gameId })).viewer.participation;
}

/** Joins from the game page ("MITSPIELEN", "Weiter zur Zahlung (…)") and returns the checkout dialog it opens. */
export async function joinAndOpenCheckout(page: Page, gameId: number): Promise<Locator> {
  await page.goto(`/game/${gameId}`);
  await page.getByRole("button", { name: "MITSPIELEN" }).click();
  await page.getByRole("dialog", { name: "Mitspielen" }).getByRole("button", { name: /^Weiter zur Zahlung \(/ }).click();
  const checkout = page.getByRole("dialog", { name: "Platz bezahlen" });
  await checkout.waitFor();
  return checkout;
}

/**
 * On the emulator's hosted checkout page: optionally waits for `amount` and takes the screenshot
 * `shotName`, presses the outcome button, and waits until the provider sent the player back to the game page.
 */
export async function payOnEmulator(
  page: Page,
  gameId: number,
  outcome: "Erfolgreich bezahlen" | "Zahlung ablehnen lassen",
  options: { amount?: string; shotName?: string } = {},
): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith("/checkout/"));
  if (options.amount) await page.getByText(options.amount).first().waitFor();
  if (options.shotName) await shot(page, options.shotName);
  await page.getByRole("button", { name: outcome }).click();
  await page.waitForURL((url) => url.pathname === `/game/${gameId}`);
}

type Joined = { participation: { id: number; paymentStatus: string }; payment: { checkoutUrl: string | null } | null };

/** `email` signed in in a new context, joined through the API and paid on the emulator's page until Approved; returns the context. */
export async function joinAndPay(h: Harness, gameId: number, email: string): Promise<BrowserContext> {
  const context = await h.newContext();
  await signIn(context, email);
  const joined = await trpcCall<Joined>(context, "mutation", "participation.join", { gameId });
  if (joined.participation.paymentStatus !== "Open" || !joined.payment?.checkoutUrl) throw new Error(`${email} joined without an Open payment to pay`);
  const page = await context.newPage();
  await page.goto(joined.payment.checkoutUrl);
  await payOnEmulator(page, gameId, "Erfolgreich bezahlen");
  await eventually(async () => (await viewerParticipation(context, gameId))?.paymentStatus === "Approved", { what: "paid" });
  await page.close();
  return context;
}
