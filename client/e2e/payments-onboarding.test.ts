import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { E2E_TIMEOUT, shot, trpcCall, uniqueEmail, useHarness, linkFromMail, test } from "./harness";

const h = useHarness();

/**
 * The organiser's payment onboarding /payments-onboarding (spec 001 section 2.9) against the
 * server's Stripe emulator: its hosted onboarding page stands in for Stripe's.
 */

/** A new account registered through the API (signed in in `context`); registration sends the confirmation mail. */
async function registerOrganiser(context: BrowserContext, email: string): Promise<void> {
  await trpcCall(context, "mutation", "auth.register", { email, password: "geheim123", firstName: "Mara", regionSlug: "berlin", language: "de" });
}

async function confirmEmail(context: BrowserContext, email: string): Promise<void> {
  const mails = await context.newPage();
  const link = await linkFromMail(mails, email, "Bitte bestätige Deine E-Mail-Adresse", "/confirm-email?token=");
  await mails.goto(link);
  await mails.getByText("Deine E-Mail-Adresse ist bestätigt. Danke!").waitFor();
  await mails.close();
}

/** The bullet points of the "what is still missing" warning. */
async function missingItems(page: Page): Promise<string[]> {
  return page.getByTestId("onboarding-missing").getByRole("listitem").allTextContents();
}

/** "Zahlungen einrichten" → the hint about the business type → "Weiter zu Stripe": the emulator's hosted page. */
async function startOnboarding(page: Page, button = "Zahlungen einrichten"): Promise<void> {
  await page.getByRole("button", { name: button }).click();
  const hint = page.getByRole("dialog", { name: "Kurzer Hinweis vorab" });
  await hint.waitFor();
  await hint.getByText("Einzelunternehmen, Kleinunternehmer oder Freiberufler").waitFor();
  await hint.getByRole("button", { name: "Weiter zu Stripe" }).click();
  await page.waitForURL(/\/connect\/onboarding\/[A-Za-z0-9]+$/);
  await page.getByRole("button", { name: "Einrichtung abschließen" }).waitFor();
}

describe("payment onboarding", () => {
  test(
    "signed out, the page asks to sign in to collect payments",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/payments-onboarding");
      await page.getByText("Melde Dich an, um Zahlungen zu empfangen.").waitFor();
      await shot(page, "payments-signed-out");
      await page.getByRole("link", { name: "Anmelden" }).last().click();
      await page.waitForURL(/\/login\?redirect=%2Fpayments-onboarding$/);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a new organiser goes from an unverified profile to payments fully enabled",
    async () => {
      const email = uniqueEmail("onboarding");
      const context = await h.newContext();
      await registerOrganiser(context, email);
      const page = await context.newPage();

      // The way in: the burger menu.
      await page.goto("/games/berlin");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü" }).getByRole("link", { name: "Zahlungen empfangen" }).click();
      await page.waitForURL(/\/payments-onboarding$/);

      // 2. E-mail not verified: the prompt, and everything else that is missing.
      await page.getByRole("heading", { name: "Zahlungen empfangen", level: 1 }).waitFor();
      await page.getByRole("heading", { name: "E-Mail-Adresse bestätigen" }).waitFor();
      await page.getByTestId("onboarding-missing").waitFor();
      expect(await missingItems(page)).toEqual(["eine bestätigte E-Mail-Adresse", "Dein Nachname", "Dein Geburtsdatum", "Deine Adresse"]);
      expect(await page.getByRole("button", { name: "Zahlungen einrichten" }).count()).toBe(0);
      await shot(page, "payments-unverified", { full: true });

      await confirmEmail(context, email);

      // 5. The setup: read-only personal data (missing ones flagged), the address form, no start yet.
      await page.goto("/payments-onboarding");
      await page.getByTestId("onboarding-setup").waitFor();
      const personal = page.getByRole("region", { name: "Persönliche Daten" });
      await personal.getByText("Mara").waitFor();
      expect(await personal.getByText("fehlt", { exact: true }).count()).toBe(2);
      await page.getByText("Adresse fehlt").waitFor();
      expect(await missingItems(page)).toEqual(["Dein Nachname", "Dein Geburtsdatum", "Deine Adresse"]);
      expect(await page.getByRole("button", { name: "Zahlungen einrichten" }).count()).toBe(0);
      await shot(page, "payments-setup-missing", { full: true });

      // The address: saving waits for street, postal code, town and country; German postal codes have five digits.
      const address = page.getByRole("region", { name: "Adresse" });
      const saveAddress = address.getByRole("button", { name: "Adresse speichern" });
      expect(await saveAddress.isDisabled()).toBe(true);
      await address.getByLabel("Straße und Hausnummer").fill("Torstraße 12");
      await address.getByLabel("Postleitzahl").fill("1011");
      await address.getByLabel("Ort").fill("Berlin");
      expect(await address.getByLabel("Land").inputValue()).toBe("DE");
      expect(await saveAddress.isDisabled()).toBe(false);
      await saveAddress.click();
      await address.getByText("Deutsche Postleitzahlen haben 5 Ziffern.").waitFor();
      await shot(page, "payments-address-invalid");
      await address.getByLabel("Postleitzahl").fill("10119");
      await saveAddress.click();
      await address.getByText("Adresse gespeichert.").waitFor();
      await address.getByText("10119 Berlin").waitFor();
      expect(await missingItems(page)).toEqual(["Dein Nachname", "Dein Geburtsdatum"]);

      // Personal data through the profile, which leads back here after saving.
      await personal.getByRole("link", { name: "Persönliche Daten bearbeiten" }).click();
      await page.waitForURL(/\/profile\?payments-onboarding$/);
      await page.getByText("Für Zahlungen brauchen wir Deinen Nachnamen und Dein Geburtsdatum.", { exact: false }).waitFor();
      await shot(page, "payments-profile");
      await page.getByLabel("Nachname").fill("Schulz");
      await page.getByLabel("Geburtsdatum").fill("1994-05-17");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.waitForURL(/\/payments-onboarding$/);
      await page.getByText("Schulz").waitFor();
      await page.getByText("17. Mai 1994").waitFor();
      expect(await page.getByTestId("onboarding-missing").count()).toBe(0);
      await shot(page, "payments-setup-complete", { full: true });

      // Start: the hint, then Stripe's (the emulator's) hosted onboarding.
      await page.getByRole("button", { name: "Zahlungen einrichten" }).click();
      await page.getByRole("dialog", { name: "Kurzer Hinweis vorab" }).waitFor();
      await shot(page, "payments-hint");
      await page.getByRole("dialog").getByRole("button", { name: "Weiter zu Stripe" }).click();
      await page.waitForURL(/\/connect\/onboarding\/[A-Za-z0-9]+$/);
      await page.getByText(email).waitFor();
      await shot(page, "payments-emulator-page");
      // The check after the return is held back until its progress message was seen.
      let progressSeen!: () => void;
      const checkMayAnswer = new Promise<void>((resolve) => (progressSeen = resolve));
      await page.route("**/trpc/payments.refreshAccount*", async (route) => {
        await checkMayAnswer;
        await route.continue();
      });
      await page.getByRole("button", { name: "Einrichtung abschließen" }).click();

      // Back with ?stripe-return: the check, then 3. payments fully enabled.
      await page.waitForURL(/\/payments-onboarding\?stripe-return$/);
      await page.getByText("Wir prüfen Dein Zahlungskonto…").waitFor();
      await shot(page, "payments-checking");
      progressSeen();
      await page.getByText("Zahlungen sind vollständig eingerichtet").waitFor();
      await page.waitForURL(/\/payments-onboarding$/);
      await shot(page, "payments-ready");
      const account = await trpcCall<Record<string, unknown>>(context, "query", "users.myAccount");
      expect(account).toMatchObject({ hasPaymentAccount: true, paymentOnboardingCompleted: true, paymentChargesEnabled: true, paymentPayoutsEnabled: true, paymentBusinessType: "individual" });
      await page.getByRole("link", { name: "Kickrunde erstellen" }).last().click();
      await page.waitForURL(/\/create\/game$/);
      // Issue 12's end: the create form now offers managed payment, with the payout calculator once on.
      const managed = page.getByRole("switch", { name: "Online-Zahlung über Kickrunde" });
      await managed.waitFor();
      await managed.click();
      await page.getByText("Auszahlungsrechner").waitFor();
      await shot(page, "payments-create-form-managed");
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "left incomplete: the problem and the help boxes; an expired link continues; the restart starts over",
    async () => {
      const email = uniqueEmail("incomplete");
      const context = await h.newContext();
      await registerOrganiser(context, email);
      await confirmEmail(context, email);
      await trpcCall(context, "mutation", "accounts.editProfile", { email, firstName: "Mara", lastName: "Schulz", dateOfBirth: "1994-05-17" });
      await trpcCall(context, "mutation", "addresses.createOrUpdate", { line1: "Torstraße 12", postalCode: "10119", town: "Berlin", country: "DE" });
      const page = await context.newPage();

      // The link expires before it is used: back with ?stripe-refresh, and on from there.
      await page.goto("/payments-onboarding");
      await startOnboarding(page);
      await page.goto("/payments-onboarding?stripe-refresh");
      await page.getByText("Der Link zu Stripe ist abgelaufen. Mach einfach weiter, wo Du aufgehört hast.").waitFor();
      await shot(page, "payments-link-expired");
      await page.getByRole("button", { name: "Einrichtung fortsetzen" }).first().click();
      await page.waitForURL(/\/connect\/onboarding\/[A-Za-z0-9]+$/);

      // Left incomplete as a company: 4. completed but charges not enabled.
      await page.getByLabel("Unternehmen").check();
      await page.getByRole("button", { name: "Unvollständig lassen" }).click();
      await page.waitForURL(/\/payments-onboarding(\?stripe-return)?$/);
      await page.getByText("Deine Angaben sind bei Stripe angekommen, aber Zahlungen sind noch nicht freigeschaltet.").waitFor();
      await page.getByRole("heading", { name: "Du bist Privatperson?" }).waitFor();
      await page.getByRole("heading", { name: "Du richtest Zahlungen für eine Organisation ein?" }).waitFor();
      await page.getByTestId("onboarding-chargesDisabled").waitFor();
      await shot(page, "payments-charges-disabled", { full: true });
      expect(await trpcCall<Record<string, unknown>>(context, "query", "users.myAccount")).toMatchObject({
        paymentOnboardingCompleted: true,
        paymentChargesEnabled: false,
        paymentBusinessType: "company",
      });

      // The restart: confirmed, the account is forgotten and the start is offered again.
      await page.getByRole("button", { name: "Einrichtung neu starten" }).click();
      const confirm = page.getByRole("dialog", { name: "Einrichtung neu starten?" });
      await confirm.waitFor();
      await shot(page, "payments-restart-confirm");
      await confirm.getByRole("button", { name: "Neu starten" }).click();
      await page.getByTestId("onboarding-setup").waitFor();
      await page.getByRole("button", { name: "Zahlungen einrichten" }).waitFor();
      expect(await page.getByRole("button", { name: "Einrichtung neu starten" }).count()).toBe(0);
      expect(await trpcCall<Record<string, unknown>>(context, "query", "users.myAccount")).toMatchObject({ hasPaymentAccount: false, paymentOnboardingCompleted: false });
      await shot(page, "payments-after-restart", { full: true });

      // This time as a private person, and finished: ready.
      await startOnboarding(page);
      await page.getByRole("button", { name: "Einrichtung abschließen" }).click();
      await page.getByText("Zahlungen sind vollständig eingerichtet").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
