import { describe } from "bun:test";
import type { BrowserContext } from "playwright-core";
import { createBerlinGame, daysAhead, E2E_TIMEOUT, shot, trpcCall, useHarness, test } from "./harness";

/**
 * Issue 23 item 8 at 390 px: a guest whose connection already holds the most guest places in a game is
 * told so in the join dialog, with the way forward (sign in), in German and in English. Every browser of
 * this harness reaches the server from one address, as a household behind one router would.
 */
const h = useHarness();

async function notifyingContext(locale: string): Promise<BrowserContext> {
  const context = await h.newContext({ locale });
  await context.grantPermissions(["notifications"], { origin: h.baseUrl });
  return context;
}

describe("guest limits", () => {
  for (const [locale, organiser, day, t] of [
    ["de-DE", "orga@kickrunde.de", 9, { play: /^MITSPIELEN$/i, dialog: "Mitspielen", name: "Dein Vorname", submit: /^(Jetzt mitspielen)$/, refused: /schon genug Gäste bei dieser Kickrunde dabei\. Melde Dich an/ }],
    ["en-GB", "admin@kickrunde.de", 10, { play: /^(JOIN|PLAY ALONG)$/i, dialog: /^(Join|Play along)$/, name: "Your first name", submit: /^(Join now|Play now)$/, refused: /already has enough guests in this game\. Sign in/ }],
  ] as const) {
    test(
      `${locale}: a third guest from the same connection is refused with the reason and the way forward`,
      async () => {
        const gameId = await createBerlinGame(h, organiser, daysAhead(day, 16));
        const household = await h.newContext();
        for (const name of ["Ada", "Bo"]) await trpcCall(household, "mutation", "participation.join", { gameId, firstName: name, deviceToken: `e2e-${locale}-${name}` });

        const context = await notifyingContext(locale);
        const page = await context.newPage();
        await page.goto(`/game/${gameId}`);
        await page.getByRole("button", { name: t.play }).first().click();
        const dialog = page.getByRole("dialog", { name: t.dialog });
        await dialog.getByLabel(t.name).fill("Cem");
        await dialog.getByRole("button", { name: t.submit }).click();
        await dialog.getByText(t.refused).waitFor();
        await shot(page, `guest-places-limit-${locale}`);
        await Promise.all([household.close(), context.close()]);
      },
      E2E_TIMEOUT,
    );
  }
});
