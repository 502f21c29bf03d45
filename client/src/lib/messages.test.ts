import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_CODES } from "@shared/errors";

const ROOT = join(import.meta.dir, "../../..");
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(ROOT, `shared/i18n/messages/${locale}.json`), "utf8"));
const de = catalogue("de");
const en = catalogue("en");

/** Codes the shared schemas put into issue messages (`error: "..."`, `return "..."`). */
function schemaValidationCodes(): string[] {
  const codes = new Set<string>();
  const files = readdirSync(join(ROOT, "shared/schemas")).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
  for (const file of files) {
    const source = readFileSync(join(ROOT, "shared/schemas", file), "utf8");
    for (const match of source.matchAll(/(?:error: |return )"([a-z_]+)"/g)) codes.add(match[1]!);
  }
  return [...codes];
}

describe("message catalogue", () => {
  test("German and English have the same keys, none empty", () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(de).sort());
    for (const [key, text] of [...Object.entries(de), ...Object.entries(en)]) {
      expect({ key, empty: text.trim() === "" }).toEqual({ key, empty: false });
    }
  });

  test("every server error code has a text", () => {
    for (const code of Object.keys(ERROR_CODES)) {
      expect(de).toHaveProperty(`error_${code}`);
      expect(en).toHaveProperty(`error_${code}`);
    }
  });

  test("every validation code of the shared schemas has a text", () => {
    const codes = schemaValidationCodes();
    expect(codes.length).toBeGreaterThan(10);
    for (const code of [...codes, "date_in_future", "too_young", "invalid"]) {
      expect(de).toHaveProperty(`validation_${code}`);
      expect(en).toHaveProperty(`validation_${code}`);
    }
  });

  test("spec texts are used word for word (spec 001 sections 2.1, 2.3, 8)", () => {
    expect(de.login_redirect_notice).toBe("Melde Dich an, um fortzufahren.");
    expect(de.login_logout_notice).toBe("Erfolgreich abgemeldet. Bis zum nächsten Mal!");
    expect(de.login_forgot_password).toBe("Passwort vergessen?");
    expect(de.error_INVALID_CREDENTIALS).toBe("E-Mail oder Passwort ist inkorrekt.");
    expect(de.error_EMAIL_IN_USE).toBe("E-Mail Adresse wird bereits verwendet. Bist du bereits registriert?");
    expect(de.not_found_title).toBe("Seite konnte nicht gefunden werden");
    expect(de.error_screen_restore).toBe("Wiederherstellen");
    expect(de.regions_loading).toBe("Regionen werden geladen...");
    expect(de.regions_error).toBe(
      "Regionen konnten nicht geladen werden. Versuche es später erneut. Wenn das Problem bestehen bleibt, melde Dich beim Administrator.",
    );
    expect(de.feed_empty).toBe("Keine Kickrunden gefunden.");
    expect(de.error_USER_NOT_FOUND).toBe("Spieler konnte nicht gefunden werden.");
  });

  test("game texts of spec 000 are used word for word (sections 5, 6, 8)", () => {
    expect(de.error_GAME_EDIT_FORBIDDEN).toBe("Du hast keine Berechtigung dieses Spiel zu editieren.");
    expect(de.game_cancel_failed).toBe("Kickrunde konnte nicht abgesagt werden. Bitte wende Dich an einen Administrator.");
    expect(de.error_ALREADY_IN_GAME_AT_TIME).toBe("Du bist bereits bei einer anderen Kickrunde zu dieser Zeit eingetragen");
    expect(de.common_understood).toBe("Verstanden");
    expect(de.game_form_court_select).toBe("Platz auswählen");
    expect(de.validation_price_negative).toContain("darf nicht negativ sein");
    expect(de.validation_price_too_high).toContain("nicht höher als 100 Euro");
  });
});

/** Every .tsx file under client/src (tests aside). */
function componentFiles(dir = join(ROOT, "client/src")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "paraglide" ? [] : componentFiles(path);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [path] : [];
  });
}

describe("keyed texts (validation and error codes) are drawn again when their chunk arrives", () => {
  // Under Vite the keyed texts come in a chunk of their own after the first screen (lib/messages.ts): a component that
  // draws `validation_<code>` from its own state before it came shows the generic text and would keep it (a form
  // checked by a quick tap, the last CI runs' tournament registration). It listens for the chunk itself, or through
  // useField / useServerErrors, or draws a `Field` of its parent's useField.
  const listens = /useMessageCatalogue\(|useLoadedMessageCatalogue\(|useField\(|useServerErrors\(|from "@client\/lib\/use-field"/;
  test("every component file that translates a code at run time listens", () => {
    const files = componentFiles();
    expect(files.length).toBeGreaterThan(100);
    const deaf = files
      .filter((file) => /\bvalidationMessage\(|\bmessageByKey\(/.test(readFileSync(file, "utf8")))
      .filter((file) => !listens.test(readFileSync(file, "utf8")))
      .map((file) => file.slice(ROOT.length + 1));
    expect(deaf).toEqual([]);
  });
});
