import { describe, expect, test } from "bun:test";
import { languageFromAcceptLanguage } from "./game-preview";

describe("the reader's language from Accept-Language (fallback English, spec 001)", () => {
  test.each<[string | undefined, "de" | "en"]>([
    ["de-DE,de;q=0.9,en;q=0.8", "de"],
    ["de", "de"],
    ["en-GB,en", "en"],
    ["DE-at", "de"],
    // a language we do not speak gets English, never German
    ["fr-FR,fr;q=0.9", "en"],
    ["fr-CH, fr;q=0.9, *;q=0.5", "en"],
    ["tr", "en"],
    // a language we speak further down the list wins over the fallback, by weight
    ["fr-CH, fr;q=0.9, de;q=0.7", "de"],
    ["fr, en;q=0.3, de;q=0.8", "de"],
    ["de;q=0.5, en;q=0.5", "de"],
    // q=0 means "not this one"; nonsense weights count as none
    ["de;q=0, fr", "en"],
    ["de;q=abc", "en"],
    ["", "en"],
    ["*", "en"],
    [undefined, "en"],
  ])("%p -> %p", (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });
});
