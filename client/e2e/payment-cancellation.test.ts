import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { daysAhead, E2E_TIMEOUT, eventually, shot, signIn, trpcCall, useHarness, test } from "./harness";
import { createManagedGame, DEMO_MANAGED_TITLE, joinAndPay, viewerParticipation } from "./payment-helpers";

const h = useHarness();

/**
 * What cancelling does to the money of a managed-payment game (issue 13 "Cancelling"; spec 000 section
 * 4 "Refund on cancellation"), against the Stripe emulator: free until 48 hours before the start (the
 * hold is released at once); later the money is kept unless a replacement pays, and then released; an
 * organiser's cancellation of the game gives every hold back. Each release is told by mail.
 */

/** Waits for a mail to `to` whose subject starts with `subject`, on the dev mail catcher. */
async function waitForMail(page: Page, to: string, subject: string): Promise<void> {
  await eventually(async () => (await mailCount(page, to, subject)) > 0, { what: `a mail "${subject}" to ${to}` });
}

async function mailCount(page: Page, to: string, subject: string): Promise<number> {
  await page.goto("/dev/mails");
  return page.locator("article").filter({ hasText: subject }).filter({ hasText: to }).count();
}

/** Cancels the own participation through the game page's dialog, checking what it says about the money. */
async function cancelOnPage(context: BrowserContext, gameId: number, terms: string, name: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`/game/${gameId}`);
  await page.getByRole("button", { name: "Teilnahme absagen" }).click();
  const dialog = page.getByRole("dialog", { name: "Teilnahme absagen?" });
  await dialog.getByText(terms).waitFor();
  await shot(page, name);
  await dialog.getByRole("button", { name: "Absagen", exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.close();
}

describe("cancelling in a managed-payment game", () => {
  test(
    "3 days ahead the hold is released at once; 1 day ahead it is kept until a replacement pays, then released",
    async () => {
      const mails = await (await h.newContext()).newPage();

      // Three days ahead (the demo managed game): free.
      const organiser = await h.newContext();
      await signIn(organiser, "orga@kickrunde.de");
      const feed = await trpcCall<{ games: { id: number; title: string | null; startTime: Date }[] }>(organiser, "query", "games.feed", { regionSlug: "berlin", filter: "organising" });
      const demo = feed.games.find((g) => g.title === DEMO_MANAGED_TITLE)!;
      expect(demo.startTime.getTime() - Date.now()).toBeGreaterThan(48 * 3600_000);
      const early = demo.id;
      const lena = await joinAndPay(h, early, "spieler@kickrunde.de");
      await cancelOnPage(lena, early, "Bis 48 Stunden vor Beginn kannst Du kostenlos absagen.", "payment-cancel-free");
      await waitForMail(mails, "spieler@kickrunde.de", "Zahlung freigegeben");

      // One day ahead: the organiser plays, minimum 3 reached by two paying players; one leaves.
      const late = await createManagedGame(h, daysAhead(1, 4), { minPlayers: 3, maxPlayers: 3 });
      const mehmet = await joinAndPay(h, late, "mehmet@kickrunde.de");
      const lenaLate = await joinAndPay(h, late, "spieler@kickrunde.de");
      const releasedBefore = await mailCount(mails, "mehmet@kickrunde.de", "Zahlung freigegeben");
      await cancelOnPage(mehmet, late, "Es sind weniger als 48 Stunden bis zum Beginn: Deine Zahlung wird nur erstattet, wenn sich Ersatz für Dich findet.", "payment-cancel-charged");
      // kept: no release while nobody replaces him. Keeping is decided in the cancellation's own transaction
      // (no give-back job is sent; late-cancellation.test.ts runs the jobs to prove it), so no mail is on its way.
      expect(await mailCount(mails, "mehmet@kickrunde.de", "Zahlung freigegeben")).toBe(releasedBefore);

      // Sophie takes the place and pays: Mehmet's hold is released and he is told.
      await joinAndPay(h, late, "sophie@kickrunde.de");
      await waitForMail(mails, "mehmet@kickrunde.de", "Zahlung freigegeben");
      expect(await mailCount(mails, "mehmet@kickrunde.de", "Zahlung freigegeben")).toBe(releasedBefore + 1);
      await shot(mails, "payment-cancel-released-mail");

      // The organiser cancels the game: every hold goes back (the players' statuses read Released).
      await trpcCall(organiser, "mutation", "games.cancel", { gameId: late, reason: "OTHER_REASON", message: "Platz gesperrt" });
      await waitForMail(mails, "spieler@kickrunde.de", "Abgesagt");
      // Lena's hold went back: her participation in the cancelled game reads Released
      await eventually(async () => (await viewerParticipation(lenaLate, late))?.paymentStatus === "Released", { what: "Lena's hold released" });
      await lenaLate.close();
    },
    E2E_TIMEOUT,
  );
});
