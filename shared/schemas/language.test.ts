import { describe, expect, test } from "bun:test";
import { normalizeLanguage, zLanguage } from "./common";

describe("language tags (one normaliser for every language a client sends)", () => {
  test.each([
    ["de", "de"],
    ["en", "en"],
    ["en-GB", "en"],
    ["de-DE", "de"],
    ["en_US", "en"],
    ["DE", "de"],
    ["de-Latn-AT", "de"],
    [" en-gb ", "en"],
    // a language we do not speak gets the fallback, English (spec 001 sections 1 and 9), never German
    ["fr", "en"],
    ["fr-FR", "en"],
    ["pt_BR", "en"],
    ["tr", "en"],
  ])("%p -> %p", (tag, language) => {
    expect(normalizeLanguage(tag)).toBe(language as "de" | "en");
    expect(zLanguage.parse(tag)).toBe(language as "de" | "en");
  });

  test.each(["", "e", "english", "deutsch", "en--GB", "en-", "-en", "de\u0000", "en-GB-toolongsubtag", "x".repeat(40)])(
    "%p is refused with language_invalid",
    (tag) => {
      const result = zLanguage.safeParse(tag);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("language_invalid");
    },
  );

  test("a non-string is refused with the same code", () => {
    expect(zLanguage.safeParse(42).error?.issues[0]?.message).toBe("language_invalid");
  });
});
