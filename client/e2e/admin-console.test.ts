import { describe, expect } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { E2E_TIMEOUT, shot, signIn, trpcCall, TrpcCallError, useHarness, test } from "./harness";

/*
 * The staff console at 390 px (issue 26): as the demo admin, create a region and an organisation with a member,
 * promote a user to court owner, block one (their open session elsewhere ends at its next navigation), send news that
 * a user of the chosen region reads in Chat → News, and work a game report to closed; the audit log tells it all.
 * A non-admin opening /admin reads "Fehlende Berechtigung.". Screenshots in German and English.
 */

const h = useHarness();

async function signedIn(email: string, locale?: string): Promise<{ context: BrowserContext; page: Page; userId: number }> {
  const context = await h.newContext(locale ? { locale } : {});
  const { userId } = await signIn(context, email);
  const page = await context.newPage();
  return { context, page, userId };
}

/** The toast's text, once it shows `text`. */
async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByTestId("toast").filter({ hasText: text }).waitFor();
}

describe("the staff console", () => {
  test(
    "a non-admin opening /admin reads the no-permission screen, and has no menu entry",
    async () => {
      const { context, page } = await signedIn("spieler@kickrunde.de");
      await page.goto("/admin");
      await page.getByTestId("no-permission").getByRole("heading", { name: "Fehlende Berechtigung." }).waitFor();
      await page.getByRole("link", { name: "Zu den Kickrunden" }).waitFor();
      await shot(page, "admin-no-permission");
      // a deeper console page is refused the same way, and the server refuses the calls themselves
      await page.goto("/admin/users");
      await page.getByRole("heading", { name: "Fehlende Berechtigung." }).waitFor();
      const refused = await trpcCall(context, "query", "admin.overview").catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TrpcCallError);
      expect((refused as TrpcCallError).app?.code).toBe("FORBIDDEN");
      await page.goto("/games/berlin");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü", exact: true }).getByRole("link", { name: "Turniere" }).waitFor();
      expect(await page.getByRole("dialog", { name: "Menü", exact: true }).getByRole("link", { name: "Verwaltung" }).count()).toBe(0);

      // a visitor is sent to the sign-in and back
      const visitor = await h.newContext();
      const visitorPage = await visitor.newPage();
      await visitorPage.goto("/admin/regions");
      await visitorPage.waitForURL(/\/login\?redirect=/);
      await Promise.all([context.close(), visitor.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the admin reaches the console from the menu and creates a region with its checks",
    async () => {
      const { context, page } = await signedIn("admin@kickrunde.de");
      await page.goto("/games/berlin");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("dialog", { name: "Menü", exact: true }).getByRole("link", { name: "Verwaltung" }).click();
      await page.getByRole("heading", { name: "Hallo Anna" }).waitFor();
      await page.getByTestId("admin-card-reports-count").waitFor();
      expect(await page.getByTestId("admin-card-reports-count").textContent()).toBe("0");
      await shot(page, "admin-home-de", { full: true });

      await page.getByTestId("admin-card-regions").click();
      await page.getByRole("heading", { name: "Regionen", exact: true }).waitFor();
      await page.getByTestId("admin-region-row").filter({ hasText: "Leipzig" }).waitFor();
      await page.getByLabel("Regionen filtern").fill("xyz");
      await page.getByText("Keine Region passt zu „xyz“.").waitFor();
      await page.getByTestId("admin-region-new").click();

      await page.getByRole("heading", { name: "Neue Region" }).waitFor();
      await page.getByLabel("Name", { exact: true }).fill("Rostock");
      // the slug follows the name until it is edited
      expect(await page.getByLabel("Adresse (Slug)").inputValue()).toBe("rostock");
      await page.getByLabel("Breitengrad").fill("54,0924");
      await page.getByLabel("Längengrad").fill("12,0991");
      await page.getByLabel("WhatsApp-Gruppe").fill("http://example.com/gruppe");
      await page.getByTestId("admin-region-submit").click();
      // the shared schema's words, at the field
      await page.getByText("Bitte gib einen https-Link zu WhatsApp", { exact: false }).waitFor();
      await shot(page, "admin-region-form-error", { full: true });
      await page.getByLabel("WhatsApp-Gruppe").fill("https://chat.whatsapp.com/RostockKickt");
      await page.getByRole("switch", { name: "Hervorgehoben" }).click();
      await page.getByTestId("admin-region-submit").click();
      await toast(page, "Region Rostock angelegt");
      await page.waitForURL(/\/admin\/regions$/);
      const row = page.getByTestId("admin-region-row").filter({ hasText: "Rostock" });
      await row.waitFor();
      await shot(page, "admin-regions-de");

      // the city is the app's now
      const regions = await trpcCall<{ slug: string; name: string }[]>(context, "query", "regions.list");
      expect(regions.some((region) => region.slug === "rostock" && region.name === "Rostock")).toBe(true);

      // a second region with the same slug is told at the slug field
      await page.getByTestId("admin-region-new").click();
      await page.getByLabel("Name", { exact: true }).fill("Rostock");
      await page.getByLabel("Breitengrad").fill("54.1");
      await page.getByLabel("Längengrad").fill("12.1");
      await page.getByTestId("admin-region-submit").click();
      await page.getByText("Dieser Slug ist schon vergeben.").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the admin creates an organisation and adds a member, who can be removed again",
    async () => {
      const { context, page } = await signedIn("admin@kickrunde.de");
      await page.goto("/admin/organizations");
      await page.getByRole("heading", { name: "Organisationen", exact: true }).waitFor();
      await page.getByTestId("admin-org-new").click();
      await page.getByLabel("Name", { exact: true }).fill("FC Rostock Nord");
      await page.getByLabel("Plattformgebühr").fill("120");
      await page.getByTestId("admin-org-submit").click();
      await page.getByText("Bitte gib einen Prozentsatz zwischen 0 und 100", { exact: false }).waitFor();
      await page.getByLabel("Plattformgebühr").fill("5,5");
      await page.getByTestId("admin-org-submit").click();
      await toast(page, "Organisation FC Rostock Nord angelegt");
      await page.getByRole("heading", { name: "FC Rostock Nord" }).waitFor();
      await page.getByText("Noch keine Mitglieder.").waitFor();
      await page.getByTestId("admin-org-logo-link").waitFor();

      const picker = page.getByTestId("admin-org-member-picker");
      await picker.getByLabel("Mitglied suchen").fill("sophie");
      await picker.getByTestId("admin-pick-user").filter({ hasText: "sophie@kickrunde.de" }).click();
      await toast(page, "Sophie Hoffmann ist jetzt Mitglied von FC Rostock Nord");
      const member = page.getByTestId("admin-org-member").filter({ hasText: "Sophie Hoffmann" });
      await member.waitFor();
      await shot(page, "admin-organization-de", { full: true });

      const sophie = await h.newContext();
      await signIn(sophie, "sophie@kickrunde.de");
      const account = await trpcCall<{ organization: { name: string } | null }>(sophie, "query", "users.myAccount");
      expect(account.organization?.name).toBe("FC Rostock Nord");

      // removing asks first and says what happens
      await member.getByRole("button", { name: "Sophie Hoffmann entfernen" }).click();
      const dialog = page.getByRole("dialog", { name: "Mitglied entfernen?" });
      await dialog.getByText("Sophie Hoffmann gehört danach nicht mehr zu FC Rostock Nord", { exact: false }).waitFor();
      await dialog.getByRole("button", { name: "Entfernen" }).click();
      await toast(page, "Sophie Hoffmann ist kein Mitglied von FC Rostock Nord mehr");
      await page.getByText("Noch keine Mitglieder.").waitFor();
      expect((await trpcCall<{ organization: unknown }>(sophie, "query", "users.myAccount")).organization).toBeNull();

      await page.goto("/admin/organizations");
      await page.getByTestId("admin-org-row").filter({ hasText: "FC Rostock Nord" }).getByText("5,5 % Gebühr").waitFor();
      await Promise.all([context.close(), sophie.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the admin makes a user a court owner and blocks another, whose open session ends",
    async () => {
      const { context, page } = await signedIn("admin@kickrunde.de");
      const lukas = await signedIn("lukas@kickrunde.de");
      expect((await trpcCall<{ isCourtOwner: boolean }>(lukas.context, "query", "users.myAccount")).isCourtOwner).toBe(false);

      await page.goto("/admin/users");
      await page.getByLabel("Nutzer suchen").fill("fischer");
      await page.waitForURL(/q=fischer/);
      await page.locator('[data-testid="admin-users-results"][data-query="fischer"][aria-busy="false"]').waitFor();
      const row = page.getByTestId("admin-user-row").filter({ hasText: "lukas@kickrunde.de" });
      await row.waitFor();
      expect(await page.getByTestId("admin-user-row").count()).toBe(1);
      await shot(page, "admin-users-search-de");
      await row.click();
      await page.getByRole("heading", { name: "Lukas Fischer" }).waitFor();
      await page.getByRole("switch", { name: "Platzbetreiber" }).click();
      await page.getByTestId("admin-user-save-roles").click();
      await toast(page, "Rollen von Lukas gespeichert");
      await page.getByTestId("admin-user-court-owner-chip").waitFor();
      expect((await trpcCall<{ isCourtOwner: boolean }>(lukas.context, "query", "users.myAccount")).isCourtOwner).toBe(true);
      await page.getByTestId("admin-audit-entry").filter({ hasText: "Rollen geändert" }).waitFor();
      await shot(page, "admin-user-detail-de", { full: true });

      // Mehmet is signed in elsewhere, on the feed
      const mehmet = await signedIn("mehmet@kickrunde.de");
      await mehmet.page.goto("/user/me");
      await mehmet.page.waitForURL(/\/user\/\d+/);

      await page.getByRole("link", { name: "Zu den Nutzern" }).click();
      await page.getByLabel("Nutzer suchen").fill("mehmet@");
      await page.locator('[data-testid="admin-users-results"][data-query="mehmet@"][aria-busy="false"]').waitFor();
      await page.getByTestId("admin-user-row").filter({ hasText: "mehmet@kickrunde.de" }).click();
      await page.getByRole("heading", { name: "Mehmet Yılmaz" }).waitFor();
      expect(Number(await page.getByTestId("admin-user-sessions").textContent())).toBeGreaterThanOrEqual(1);
      await page.getByTestId("admin-user-block").click();
      const dialog = page.getByRole("dialog", { name: "Mehmet Yılmaz sperren?" });
      await dialog.getByText("Mehmet wird sofort auf allen Geräten abgemeldet", { exact: false }).waitFor();
      await dialog.getByLabel("Grund").fill("Beleidigungen im Chat");
      await shot(page, "admin-block-confirm-de");
      await dialog.getByRole("button", { name: "Jetzt sperren" }).click();
      await toast(page, "Mehmet Yılmaz ist gesperrt und abgemeldet");
      await page.getByTestId("admin-user-blocked-banner").waitFor();
      expect(await page.getByTestId("admin-user-sessions").textContent()).toBe("0");
      await shot(page, "admin-user-blocked-de", { full: true });

      // Mehmet's next navigation finds him signed out; signing in again is refused
      await mehmet.page.goto("/profile");
      await mehmet.page.waitForURL(/\/login/);
      expect(await trpcCall(mehmet.context, "query", "users.myAccount")).toBeNull();
      const again = await signIn(mehmet.context, "mehmet@kickrunde.de").catch((error: unknown) => error);
      expect((again as TrpcCallError).app?.code).toBe("ACCOUNT_BLOCKED");

      // lifting the block lets him in again
      await page.getByRole("button", { name: "Sperre aufheben" }).click();
      await toast(page, "Sperre von Mehmet Yılmaz aufgehoben");
      await page.getByTestId("admin-user-block").waitFor();
      await signIn(mehmet.context, "mehmet@kickrunde.de");
      await Promise.all([context.close(), lukas.context.close(), mehmet.context.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the admin sends news to Köln: Emma (Köln) reads it in Chat → News, Lena (Berlin) does not",
    async () => {
      const { context, page } = await signedIn("admin@kickrunde.de");
      await page.goto("/admin/news");
      await page.getByRole("heading", { name: "News", exact: true }).waitFor();
      await page.getByTestId("admin-news-new").click();
      await page.getByRole("heading", { name: "News schreiben" }).waitFor();
      await page.getByTestId("admin-news-review").click();
      await page.getByText("Wähle mindestens eine Region oder „Alle Regionen“.").waitFor();
      await page.getByLabel("Deutsch", { exact: true }).fill("Sommerturnier in Köln am Samstag – jetzt anmelden!");
      await page.getByLabel("Englisch", { exact: true }).fill("Summer tournament in Cologne on Saturday – sign up now!");
      await page.getByLabel("Region suchen").fill("Kö");
      await page.getByTestId("admin-news-region-option").filter({ hasText: "Köln" }).click();
      await page.getByRole("button", { name: "Köln abwählen" }).waitFor();
      await page.getByTestId("admin-news-preview").getByText("Sommerturnier in Köln am Samstag", { exact: false }).waitFor();
      await page.getByRole("radio", { name: "English" }).click();
      await page.getByTestId("admin-news-preview").getByText("Summer tournament in Cologne", { exact: false }).waitFor();
      await shot(page, "admin-news-compose-de", { full: true });
      await page.getByTestId("admin-news-review").click();
      const dialog = page.getByRole("dialog", { name: "News senden?" });
      await dialog.getByText("Nutzer in Köln sehen sie in Chat → News", { exact: false }).waitFor();
      await shot(page, "admin-news-confirm-de");
      await dialog.getByRole("button", { name: "Jetzt senden" }).click();
      await toast(page, /News gesendet/);
      await page.waitForURL(/\/admin\/news$/);
      await page.getByTestId("admin-news-row").filter({ hasText: "Sommerturnier in Köln" }).getByText("Köln", { exact: true }).waitFor();
      await shot(page, "admin-news-list-de");

      const emma = await signedIn("emma@kickrunde.de");
      await emma.page.goto("/chat?kickrunde");
      await emma.page.getByText("Sommerturnier in Köln am Samstag – jetzt anmelden!").waitFor();
      await shot(emma.page, "admin-news-in-chat-de");
      const lena = await h.newContext();
      await signIn(lena, "spieler@kickrunde.de");
      const lenaNews = await trpcCall<{ textDe: string }[]>(lena, "query", "chat.marketingMessages");
      expect(lenaNews.some((news) => news.textDe.includes("Sommerturnier in Köln"))).toBe(false);
      await Promise.all([context.close(), emma.context.close(), lena.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a game report is answered and closed; the reporter reads the answer from support",
    async () => {
      const lena = await signedIn("spieler@kickrunde.de");
      const attended = await trpcCall<{ objects: { id: number; endTime: Date }[] }>(lena.context, "query", "users.games", {
        userId: lena.userId,
        kind: "attended",
        limit: 20,
        upcoming: false,
      });
      const past = attended.objects.find((game) => game.endTime.getTime() < Date.now());
      if (!past) throw new Error("the demo data has no finished game of Lena's");
      // through the player's own report screen
      await lena.page.goto(`/game/${past.id}/report`);
      await lena.page.getByLabel("Platz nicht verfügbar").check();
      await lena.page.getByLabel("Beschreibung").fill("Der Platz war abgeschlossen, wir standen eine halbe Stunde vor dem Tor.");
      await lena.page.getByRole("button", { name: "Meldung senden" }).click();
      await lena.page.getByText("Danke! Deine Meldung ist bei uns angekommen.").waitFor();

      const { context, page } = await signedIn("admin@kickrunde.de");
      await page.goto("/admin");
      await page.getByTestId("admin-card-reports-count").filter({ hasText: "1" }).waitFor();
      await shot(page, "admin-home-report-waiting-de");
      await page.getByTestId("admin-card-reports").click();
      const report = page.getByTestId("admin-report").filter({ hasText: "wir standen eine halbe Stunde vor dem Tor" });
      await report.waitFor();
      expect(await report.getByTestId("admin-report-status").textContent()).toBe("Offen");
      await shot(page, "admin-report-open-de", { full: true });
      await report.getByTestId("admin-report-answer-open").click();
      await report.getByTestId("admin-report-send-answer").click();
      await report.getByText("Dieses Feld ist erforderlich.").waitFor();
      await report.getByLabel("Antwort an Lena").fill("Danke für Deine Meldung, Lena! Wir haben mit dem Organisator gesprochen.");
      await report.getByTestId("admin-report-send-answer").click();
      await toast(page, "Antwort an Lena gesendet");
      await report.getByTestId("admin-report-status").filter({ hasText: "Beantwortet" }).waitFor();
      await report.getByTestId("admin-report-answer").getByText("Wir haben mit dem Organisator gesprochen.", { exact: false }).waitFor();
      await shot(page, "admin-report-answered-de", { full: true });

      // cancelling the game asks first and says what happens (kept: the game is over anyway)
      await report.getByTestId("admin-report-cancel-game").click();
      const dialog = page.getByRole("dialog", { name: "Kickrunde absagen?" });
      await dialog.getByText("Alle Teilnehmer werden benachrichtigt", { exact: false }).waitFor();
      await shot(page, "admin-report-cancel-confirm-de");
      await dialog.getByRole("button", { name: "Zurück" }).click();

      await report.getByTestId("admin-report-close").click();
      await toast(page, "Meldung geschlossen");
      await page.getByText("Nichts zu tun.").waitFor();
      await page.getByRole("radio", { name: "Geschlossen" }).click();
      await page
        .getByTestId("admin-report")
        .filter({ hasText: "wir standen eine halbe Stunde vor dem Tor" })
        .getByTestId("admin-report-status")
        .filter({ hasText: "Geschlossen" })
        .waitFor();

      // the answer reached Lena as a direct message from support
      await lena.page.goto("/user/75/chat");
      await lena.page.getByText("Danke für Deine Meldung, Lena! Wir haben mit dem Organisator gesprochen.").waitFor();
      await Promise.all([context.close(), lena.context.close()]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the audit log tells who did what, and payments needing attention are empty; the console in English",
    async () => {
      const { context, page } = await signedIn("admin@kickrunde.de");
      await page.goto("/admin/audit");
      await page.getByRole("heading", { name: "Protokoll" }).waitFor();
      for (const action of [
        "Region angelegt",
        "Organisation angelegt",
        "Mitglied hinzugefügt",
        "Konto gesperrt",
        "Sperre aufgehoben",
        "News gesendet",
        "Meldung beantwortet",
        "Meldung geschlossen",
      ]) {
        await page.getByTestId("admin-audit-entry").filter({ hasText: action }).first().waitFor();
      }
      const created = page.getByTestId("admin-audit-entry").filter({ hasText: "Region angelegt" });
      await created.getByText("von Anna Becker").waitFor();
      await created.getByText("rostock", { exact: true }).waitFor();
      await shot(page, "admin-audit-de");
      await page.getByLabel("Bereich").selectOption("user");
      await page.getByTestId("admin-audit-entry").filter({ hasText: "Konto gesperrt" }).waitFor();
      expect(await page.getByTestId("admin-audit-entry").filter({ hasText: "Region angelegt" }).count()).toBe(0);

      await page.goto("/admin/payments");
      await page.getByText("Alles abgeglichen.").waitFor();
      await shot(page, "admin-payments-de");
      await context.close();

      const en = await signedIn("admin@kickrunde.de", "en-US");
      await en.page.goto("/admin");
      await en.page.getByRole("heading", { name: "Hello Anna" }).waitFor();
      await en.page.getByText("No open reports").waitFor();
      await shot(en.page, "admin-home-en", { full: true });
      await en.page.getByTestId("admin-card-users").click();
      await en.page.getByLabel("Search users").fill("lukas");
      await en.page.locator('[data-testid="admin-users-results"][data-query="lukas"][aria-busy="false"]').waitFor();
      await en.page.getByTestId("admin-user-row").filter({ hasText: "lukas@kickrunde.de" }).getByText("Court owner").waitFor();
      await shot(en.page, "admin-users-en");
      await en.page.getByTestId("admin-user-row").filter({ hasText: "lukas@kickrunde.de" }).click();
      await en.page.getByRole("heading", { name: "Roles" }).waitFor();
      await shot(en.page, "admin-user-detail-en", { full: true });
      await en.page.goto("/admin/regions/new");
      await en.page.getByRole("heading", { name: "New region" }).waitFor();
      await shot(en.page, "admin-region-new-en", { full: true });
      await en.page.goto("/admin/news/new");
      await en.page.getByRole("heading", { name: "Write news" }).waitFor();
      await shot(en.page, "admin-news-compose-en", { full: true });
      await en.page.goto("/admin/audit");
      await en.page.getByTestId("admin-audit-entry").filter({ hasText: "Region created" }).first().waitFor();
      await shot(en.page, "admin-audit-en");
      await en.page.goto("/admin/reports");
      await en.page.getByText("Nothing to do.").waitFor();
      await shot(en.page, "admin-reports-empty-en");
      await en.context.close();
    },
    E2E_TIMEOUT,
  );
});
