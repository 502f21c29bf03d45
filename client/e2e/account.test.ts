import { describe, expect } from "bun:test";
import type { Page } from "playwright-core";
import { E2E_TIMEOUT, shot, signIn, uniqueEmail, useHarness, linkFromMail, test } from "./harness";

const h = useHarness();

/** The account the tests share: registered in the first, reset in the second, deleted in the last. */
const email = uniqueEmail("account");
const firstPassword = "geheim123";
const newPassword = "neuesGeheimnis9";
let userId = 0;

/** A real 900x600 PNG drawn in the browser: a striped landscape, so the crop is visible. */
async function makePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 900;
    canvas.height = 600;
    const context = canvas.getContext("2d")!;
    const colours = ["#16a34a", "#facc15", "#0ea5e9", "#ef4444"];
    colours.forEach((colour, index) => {
      context.fillStyle = colour;
      context.fillRect(index * 225, 0, 225, 600);
    });
    context.fillStyle = "#ffffff";
    context.beginPath();
    context.arc(450, 300, 150, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

describe("account screens", () => {
  test(
    "register, confirm the e-mail from the caught mail, edit the profile and upload a picture",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();

      // The profile is behind the login guard.
      await page.goto("/profile");
      await page.waitForURL(/\/login\?redirect=%2Fprofile/);

      await page.goto("/register");
      await page.getByLabel("E-Mail").fill(email);
      await page.getByLabel("Passwort", { exact: true }).fill(firstPassword);
      await page.getByLabel("Vorname").fill("Kim");
      await page.getByLabel("Stadt").selectOption("hamburg");
      await page.getByRole("button", { name: "Konto erstellen" }).click();
      // Registration ends on "check your inbox"; "Weiter" leads on to the own profile.
      await page.getByRole("heading", { name: "Fast geschafft!", level: 1 }).waitFor();
      await page.getByRole("link", { name: "Weiter" }).click();
      await page.waitForURL(/\/user\/\d+$/);
      userId = Number(new URL(page.url()).pathname.split("/").pop());
      await page.getByText("E-Mail nicht bestätigt").waitFor();
      // Own profile: edit and sign out; own waiting list.
      await page.getByRole("heading", { name: "Organisierte Kickrunden" }).waitFor();
      await page.getByText("Noch keine Kickrunden organisiert.").waitFor();
      await page.getByRole("heading", { name: "Auf der Warteliste" }).waitFor();
      await shot(page, "account-user-own", { full: true });

      await page.getByRole("link", { name: "Profil bearbeiten" }).click();
      await page.waitForURL(/\/profile$/);
      await page.getByRole("heading", { name: "Profil bearbeiten", level: 1 }).waitFor();
      expect(await page.getByLabel("E-Mail", { exact: true }).inputValue()).toBe(email);
      expect(await page.getByLabel("Stadt").inputValue()).toBe("hamburg");
      await shot(page, "account-profile", { full: true });

      // Request the confirmation link (spec 001 section 2.5).
      await page.getByRole("button", { name: "Bestätigungslink senden" }).click();
      await page.getByText(`Wir haben Dir einen Bestätigungslink an ${email} geschickt. Er ist 48 Stunden gültig.`).waitFor();
      await page.getByRole("button", { name: "Schon bestätigt? Aktualisieren" }).waitFor();
      await shot(page, "account-profile-link-sent");

      const mails = await context.newPage();
      const confirmLink = await linkFromMail(mails, email, "Bitte bestätige Deine E-Mail-Adresse", "/confirm-email?token=");
      await shot(mails, "account-dev-mails");
      await mails.close();

      await page.goto(confirmLink);
      await page.getByText("Deine E-Mail-Adresse ist bestätigt. Danke!").waitFor();
      await shot(page, "account-confirm-email-success");
      await page.getByRole("link", { name: "Zu meinem Profil" }).click();
      await page.waitForURL(new RegExp(`/user/${userId}$`));
      await page.getByText("E-Mail bestätigt", { exact: true }).waitFor();

      // Edit: an invalid first name disables saving and is reported in the catalogue's words.
      await page.goto("/profile");
      expect(await page.getByRole("heading", { name: "E-Mail-Adresse bestätigen" }).count()).toBe(0);
      const save = page.getByRole("button", { name: "Speichern" });
      await page.getByLabel("Vorname").fill("K");
      await page.getByLabel("Vorname").blur();
      await page.getByText("Der Name muss 2 bis 50 Zeichen lang sein.").waitFor();
      expect(await save.isDisabled()).toBe(true);
      await page.getByLabel("Geburtsdatum").fill("2999-01-01");
      await page.getByLabel("Geburtsdatum").blur();
      await page.getByText("Das Datum darf nicht in der Zukunft liegen.").waitFor();
      // Registration asks no birth date; one given on the profile must still mean 16 or older.
      await page.getByLabel("Geburtsdatum").fill("2015-05-05");
      await page.getByLabel("Geburtsdatum").blur();
      await page.getByText("Du musst mindestens 16 Jahre alt sein.").waitFor();
      await shot(page, "account-profile-errors", { full: true });

      await page.getByLabel("Vorname").fill("  Kimberly ");
      await page.getByLabel("Vorname").blur();
      expect(await page.getByLabel("Vorname").inputValue()).toBe("Kimberly");
      await page.getByLabel("Nachname").fill("Lange");
      await page.getByLabel("Geburtsdatum").fill("1998-12-24");
      await page.getByLabel("Stadt").selectOption("berlin");
      await page.getByRole("switch", { name: "E-Mails zu Kickrunden" }).click();
      expect(await save.isDisabled()).toBe(false);
      await save.click();
      await page.waitForURL(new RegExp(`/user/${userId}$`));
      await page.getByText("Dein Profil wurde gespeichert.").waitFor();
      await page.getByRole("heading", { name: "Kimberly", level: 1 }).waitFor();
      await page.getByText("Berlin", { exact: true }).first().waitFor();
      await shot(page, "account-user-saved");

      // Back on /profile the saved values are there; ?court leads to the court after saving.
      await page.goto("/profile?court=3");
      expect(await page.getByLabel("Nachname").inputValue()).toBe("Lange");
      expect(await page.getByLabel("Geburtsdatum").inputValue()).toBe("1998-12-24");
      expect(await page.getByRole("switch", { name: "E-Mails zu Kickrunden" }).getAttribute("aria-checked")).toBe("false");

      // A wrong file type is refused before anything is sent.
      const fileInput = page.locator('input[name="profileImage"]');
      await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
      await page.getByText("Invalides Dateiformat. Nur .jpg, jpeg und .png erlaubt.").waitFor();
      await shot(page, "account-profile-image-format");

      // Crop square and upload.
      await fileInput.setInputFiles({ name: "bild.png", mimeType: "image/png", buffer: await makePng(page) });
      const dialog = page.getByRole("dialog", { name: "Bildausschnitt wählen" });
      await dialog.waitFor();
      await dialog.getByRole("slider", { name: "Zoom" }).fill("1.6");
      const area = dialog.getByRole("img", { name: "Bildausschnitt, mit den Pfeiltasten verschieben" });
      await area.focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await shot(page, "account-crop");
      await dialog.getByRole("button", { name: "Übernehmen und hochladen" }).click();
      await page.getByText("Profilbild gespeichert.").waitFor();
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Bild löschen" }).waitFor();
      await shot(page, "account-profile-image-saved");

      await page.goto(`/user/${userId}`);
      const avatar = page.getByRole("img", { name: "Profilbild von Kimberly" });
      await avatar.waitFor();
      expect(await avatar.getAttribute("src")).toMatch(/\/uploads\/profile-images\/[\w-]+\.jpg$/);
      await page.waitForFunction(() => {
        const image = document.querySelector<HTMLImageElement>('img[alt="Profilbild von Kimberly"]');
        return image?.complete && image.naturalWidth === 640 && image.naturalHeight === 640;
      });
      await shot(page, "account-user-with-image");

      // Saving from /profile?court=3 leads to the court page (spec 001 section 2.5).
      await page.goto("/profile?court=3");
      await page.getByRole("button", { name: "Speichern" }).click();
      await page.waitForURL(/\/court\/3$/);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "another user's profile offers a direct message; ?next-game opens the first upcoming hosted game",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      const { userId: orgaId } = await signIn(context, "orga@kickrunde.de");
      await context.clearCookies();

      const guest = await context.newPage();
      await guest.goto(`/user/${orgaId}`);
      await guest.getByRole("link", { name: "Nachricht schreiben" }).waitFor();
      expect(await guest.getByRole("link", { name: "Nachricht schreiben" }).getAttribute("href")).toBe(`/user/${orgaId}/chat`);
      await guest.getByText("Regionsleitung Berlin").waitFor();
      expect(await guest.getByRole("heading", { name: "Auf der Warteliste" }).count()).toBe(0);
      await guest.getByRole("heading", { name: "Organisierte Kickrunden" }).waitFor();
      const hosted = guest.locator("section", { has: guest.getByRole("heading", { name: "Organisierte Kickrunden" }) });
      await hosted.getByRole("link").first().waitFor();
      const before = await hosted.getByRole("listitem").count();
      expect(before).toBeLessThanOrEqual(5);
      if (await hosted.getByRole("button", { name: "Mehr laden" }).count()) {
        await hosted.getByRole("button", { name: "Mehr laden" }).click();
        await guest.waitForFunction(
          (count) => document.querySelectorAll("section[aria-labelledby='user-games-hosted'] li").length > count,
          before,
        );
      }
      await shot(guest, "account-user-other", { full: true });

      await guest.goto(`/user/${orgaId}?next-game`);
      await guest.waitForURL(/\/game\/\d+/);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "a forgotten password is reset with the link from the mail",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();

      // A broken link says so at once.
      await page.goto("/reset-password?reset_token=abc");
      await page.getByText("Ungültiger Link zum Zurücksetzen.").waitFor();
      await shot(page, "account-reset-invalid");

      await page.goto("/login");
      await page.getByRole("link", { name: "Passwort vergessen?" }).click();
      await page.waitForURL(/\/request-password-reset$/);
      await page.getByRole("heading", { name: "Passwort vergessen?" }).waitFor();
      await shot(page, "account-request-reset");
      await page.getByLabel("E-Mail").fill(email);
      await page.getByRole("button", { name: "Link anfordern" }).click();
      await page.getByText(`Wenn es ein Konto mit ${email} gibt`).waitFor();
      await page.getByRole("button", { name: "Andere E-Mail-Adresse verwenden" }).waitFor();
      await shot(page, "account-request-reset-sent");

      const resetLink = await linkFromMail(page, email, "Dein neues Passwort für Kickrunde", "/reset-password?reset_token=");
      expect(new URL(resetLink).searchParams.get("reset_token")).toHaveLength(128);
      await page.goto(resetLink);
      await page.getByRole("heading", { name: "Neues Passwort" }).waitFor();
      await page.getByLabel("Neues Passwort").fill("kurz");
      await page.getByLabel("Neues Passwort").blur();
      await page.getByText("Das Passwort muss mindestens 6 Zeichen lang sein.").waitFor();
      await shot(page, "account-reset-form");
      await page.getByLabel("Neues Passwort").fill(newPassword);
      await page.getByRole("button", { name: "Passwort speichern" }).click();
      await page.waitForURL(/\/login$/);
      await page.getByText("Dein Passwort wurde geändert. Melde Dich jetzt mit dem neuen Passwort an.").waitFor();
      await shot(page, "account-reset-done");

      // The link works once.
      await page.goto(resetLink);
      await page.getByLabel("Neues Passwort").fill("nochmalNeu1");
      await page.getByRole("button", { name: "Passwort speichern" }).click();
      await page.getByText("Der Link zum Zurücksetzen ist ungültig oder abgelaufen. Fordere einfach einen neuen an.").waitFor();

      await expect(signIn(context, email, firstPassword)).rejects.toMatchObject({ status: 401, app: { code: "INVALID_CREDENTIALS" } });
      expect((await signIn(context, email, newPassword)).userId).toBe(userId);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "confirm-email without a token and signed out shows the error",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      await page.goto("/confirm-email");
      await page.getByText("Die E-Mail-Adresse konnte nicht bestätigt werden. Bitte versuche es erneut.").waitFor();
      await shot(page, "account-confirm-email-error");
      await page.goto("/confirm-email?token=wrongtoken");
      await page.getByText("Die E-Mail-Adresse konnte nicht bestätigt werden. Bitte versuche es erneut.").waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  test(
    "the account is deleted once the confirmation word is typed",
    async () => {
      const context = await h.newContext();
      const page = await context.newPage();
      expect((await signIn(context, email, newPassword)).userId).toBe(userId);

      await page.goto("/profile");
      await page.getByRole("link", { name: "Zur Kontolöschung" }).click();
      await page.waitForURL(/\/profile\/delete$/);
      const remove = page.getByRole("button", { name: "Konto endgültig löschen" });
      expect(await remove.isDisabled()).toBe(true);
      await page.getByLabel("Gib „löschen“ ein, um zu bestätigen").fill("ja bitte");
      expect(await remove.isDisabled()).toBe(true);
      await shot(page, "account-delete-locked");
      await page.getByLabel("Gib „löschen“ ein, um zu bestätigen").fill("Konto LÖSCHEN");
      expect(await remove.isDisabled()).toBe(false);
      await shot(page, "account-delete-unlocked");
      await remove.click();

      await page.waitForURL((url) => url.pathname === "/" || url.pathname.startsWith("/games"));
      await page.getByText("Dein Konto wurde gelöscht. Schade, dass Du gehst!").waitFor();
      expect(await page.evaluate(() => localStorage.getItem("kickrunde.myAccount"))).toBeNull();
      await shot(page, "account-deleted");

      await expect(signIn(context, email, newPassword)).rejects.toMatchObject({ status: 401, app: { code: "INVALID_CREDENTIALS" } });
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
