import { describe, expect } from "bun:test";
import postgres from "postgres";
import type { BrowserContext, Page } from "playwright-core";
import { E2E_TIMEOUT, eventually, shot, trpcCall, uniqueEmail, useHarness, test } from "./harness";

/**
 * Issue 26: the review screen (/review) and its two bridge messages, the rate-app hint shown once to a player
 * who has played, and the legal pages from the configuration (LEGAL_*).
 */
const LEGAL = {
  LEGAL_OPERATOR: "Ballwerk Spielbetrieb GmbH",
  LEGAL_ADDRESS: "Eckfahne 3; 50667 Köln; Deutschland",
  LEGAL_REGISTER: "Amtsgericht Köln, HRB 98765",
  LEGAL_CONTACT_EMAIL: "kontakt@ballwerk.example",
  LEGAL_CONTACT_PHONE: "+49 221 555123",
  LEGAL_REPRESENTATIVE: "Lea Libero",
  LEGAL_VAT_ID: "DE987654321",
  LEGAL_DATA_PROTECTION_EMAIL: "privacy@ballwerk.example",
};
const h = useHarness({ env: LEGAL });

/** A browser profile inside the native wrapper: `window.ReactNativeWebView` records what the page posts. */
async function wrapperContext(options: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await h.newContext(options);
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__posted = [];
    w.ReactNativeWebView = { postMessage: (message: string) => (w.__posted as string[]).push(message) };
  });
  return context;
}
/** The review messages the page posted to the wrapper (other bridge messages, such as a device token request, left out). */
const posted = async (page: Page) => (await page.evaluate(() => (window as unknown as { __posted: string[] }).__posted)).filter((m) => m.includes("REVIEW"));

/** A new player (signed in in `context`), registered in `language`. */
async function newPlayer(context: BrowserContext, language: "de" | "en" = "de"): Promise<string> {
  const email = uniqueEmail("review");
  await trpcCall(context, "mutation", "auth.register", { email, password: "geheim123", firstName: "Rita", regionSlug: "berlin", language });
  return email;
}

/**
 * Gives the player with `email` three games played (copies of a Berlin game, 40 days back, with the player's
 * place) and an account a month old: what the rate-app hint asks for. Straight in the database, as a month
 * cannot pass in a test (and creating games through the API is throttled).
 */
async function asIfPlayedThreeGames(email: string): Promise<void> {
  const sql = postgres(h.databaseUrl!, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      const [user] = await tx`select id from users where email = ${email}`;
      const [source] = await tx`select g.id from games g join regions r on r.id = g.region_id where r.slug = 'berlin' and g.cancelled_at is null order by g.id limit 1`;
      for (let i = 1; i <= 3; i++) {
        await tx`create temp table g_copy on commit drop as select * from games where id = ${source!.id}`;
        await tx`update g_copy set id = nextval(pg_get_serial_sequence('games', 'id')), start_time = now() - ${`${40 + i} days`}::interval, end_time = now() - ${`${40 + i} days`}::interval + interval '1 hour'`;
        const [copy] = await tx`insert into games select * from g_copy returning id`;
        await tx`insert into participations (game_id, user_id) values (${copy!.id}, ${user!.id})`;
        await tx`drop table g_copy`;
      }
      await tx`update users set created_at = created_at - interval '30 days' where id = ${user!.id}`;
    });
  } finally {
    await sql.end();
  }
}

describe("/review", () => {
  for (const locale of ["de", "en"] as const) {
    test(
      `inside the wrapper its buttons post STORE_REVIEW and REDIRECT_STORE_REVIEW, with thanks (${locale})`,
      async () => {
        const context = await wrapperContext({ locale: locale === "de" ? "de-DE" : "en-US" });
        await newPlayer(context, locale);
        const page = await context.newPage();
        await page.goto("/review");
        const t = locale === "de"
          ? { title: "Kickrunde bewerten", inApp: "In der App bewerten", store: "Im Store bewerten", thanksApp: "Danke! Die Bewertung öffnet sich gleich.", thanksStore: "Danke! Der Store öffnet sich gleich." }
          : { title: "Rate Kickrunde", inApp: "Rate in the app", store: "Review in the store", thanksApp: "Thank you! The rating opens in a moment.", thanksStore: "Thank you! The store opens in a moment." };
        await page.getByRole("heading", { name: t.title }).waitFor();
        await shot(page, `review-wrapper-${locale}`);
        await page.getByRole("button", { name: t.inApp }).click();
        await page.getByRole("status").filter({ hasText: t.thanksApp }).waitFor();
        expect(await posted(page)).toEqual(["STORE_REVIEW"]);
        await shot(page, `review-wrapper-thanks-${locale}`);
        await page.getByRole("button", { name: t.store }).click();
        await page.getByRole("status").filter({ hasText: t.thanksStore }).waitFor();
        expect(await posted(page)).toEqual(["STORE_REVIEW", "REDIRECT_STORE_REVIEW"]);
        // rating counts as the hint's answer: the app does not ask this player again soon
        expect(await trpcCall<boolean>(page, "query", "users.showRateAppHint")).toBe(false);
        await context.close();
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "in a plain browser: no dead buttons, the text that rating works in the app, and a way back",
    async () => {
      const context = await h.newContext();
      await newPlayer(context);
      const page = await context.newPage();
      await page.goto("/review");
      await page.getByText("Bewerten geht in der Kickrunde-App").waitFor();
      expect(await page.getByRole("button", { name: "In der App bewerten" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Im Store bewerten" }).count()).toBe(0);
      await shot(page, "review-browser-de");
      await page.getByRole("link", { name: "Zurück zur Startseite" }).click();
      await page.waitForURL((url) => url.pathname !== "/review");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "visitors are sent to sign in",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/review");
      await page.waitForURL((url) => url.pathname === "/login");
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("the rate-app hint", () => {
  test(
    "a player with 3 played games sees it once on the feed inside the wrapper; \"Später\" and a reload: gone",
    async () => {
      if (!h.databaseUrl) {
        console.warn("review: skipping the rate-app hint, it needs DATABASE_URL (PostgreSQL) to move games into the past");
        return;
      }
      const context = await wrapperContext();
      const email = await newPlayer(context);
      const page = await context.newPage();

      expect(await trpcCall<boolean>(context, "query", "users.showRateAppHint")).toBe(false);
      await asIfPlayedThreeGames(email);
      expect(await trpcCall<boolean>(context, "query", "users.showRateAppHint")).toBe(true);

      await page.goto("/games/berlin");
      const hint = page.getByRole("region", { name: "Gefällt Dir Kickrunde?" });
      await hint.waitFor();
      await shot(page, "review-hint-de");
      await hint.getByRole("button", { name: "Später" }).click();
      await hint.waitFor({ state: "detached" });
      expect(await posted(page)).toEqual([]);
      await eventually(async () => (await trpcCall<boolean>(context, "query", "users.showRateAppHint")) === false, { what: "the hint recorded as seen" });

      await page.reload();
      await page.getByTestId("feed-list").waitFor();
      await page.locator('[data-testid="feed-list"][aria-busy="false"]').waitFor();
      expect(await page.getByRole("region", { name: "Gefällt Dir Kickrunde?" }).count()).toBe(0);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "\"Rate\" posts STORE_REVIEW (English); never in a plain browser",
    async () => {
      if (!h.databaseUrl) return;
      const context = await wrapperContext({ locale: "en-US" });
      const email = await newPlayer(context, "en");
      await asIfPlayedThreeGames(email);

      // the same player in a plain browser: the rule says yes, but only the wrapper can rate
      const browser = await h.newContext({ locale: "en-US" });
      await trpcCall(browser, "mutation", "auth.login", { email, password: "geheim123" });
      const plain = await browser.newPage();
      await plain.goto("/games/berlin");
      await plain.locator('[data-testid="feed-list"][aria-busy="false"]').waitFor();
      expect(await plain.getByRole("region", { name: "Enjoying Kickrunde?" }).count()).toBe(0);
      await browser.close();

      const page = await context.newPage();
      await page.goto("/games/berlin");
      const hint = page.getByRole("region", { name: "Enjoying Kickrunde?" });
      await hint.waitFor();
      await shot(page, "review-hint-en");
      await hint.getByRole("button", { name: "Rate", exact: true }).click();
      await hint.waitFor({ state: "detached" });
      expect(await posted(page)).toEqual(["STORE_REVIEW"]);
      await eventually(async () => (await trpcCall<boolean>(context, "query", "users.showRateAppHint")) === false, { what: "the hint recorded as seen" });
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

describe("legal pages from the configuration", () => {
  for (const locale of ["de", "en"] as const) {
    test(
      `Impressum and Datenschutz show LEGAL_* and no placeholder (${locale})`,
      async () => {
        const context = await h.newContext({ locale: locale === "de" ? "de-DE" : "en-US" });
        const page = await context.newPage();
        await page.goto("/impressum");
        await page.getByRole("heading", { name: locale === "de" ? "Impressum" : "Legal notice", level: 1 }).waitFor();
        const impressum = (await page.locator("article").textContent()) ?? "";
        for (const text of ["Ballwerk Spielbetrieb GmbH", "Eckfahne 3", "50667 Köln", "Amtsgericht Köln, HRB 98765", "kontakt@ballwerk.example", "+49 221 555123", "Lea Libero", "DE987654321"]) {
          expect(impressum).toContain(text);
        }
        expect(impressum).not.toContain("Mustermann");
        expect(impressum).not.toContain("Demo");
        expect(await page.getByText("Beispielangaben").count()).toBe(0);
        await shot(page, `legal-impressum-${locale}`, { full: true });

        await page.goto("/datenschutz");
        await page.getByRole("heading", { name: locale === "de" ? "Datenschutzerklärung" : "Privacy policy", level: 1 }).waitFor();
        const privacy = (await page.locator("article").textContent()) ?? "";
        for (const text of ["Ballwerk Spielbetrieb GmbH", "Eckfahne 3", "kontakt@ballwerk.example", "privacy@ballwerk.example"]) expect(privacy).toContain(text);
        expect(privacy).not.toContain("hallo@kickrunde.de");
        expect(privacy).not.toContain("Musterstraße");
        await shot(page, `legal-privacy-${locale}`, { full: true });
        await context.close();
      },
      E2E_TIMEOUT,
    );
  }
});
