import { describe, expect, test } from "bun:test";
import de from "./messages/de.json";
import en from "./messages/en.json";

/**
 * The client's catalogue (paraglide compiles it; a key missing in one language would silently fall back to
 * German): every key in both languages, none empty, each with the same parameters ({name}, {count}).
 * The server's push and mail texts have their own catalogue and test (server/integrations/push/texts.test.ts,
 * server/integrations/mail/templates.test.ts; notifications server/domains/notifications/README.md "Server texts").
 */
const messages = (catalogue: Record<string, string>) => Object.fromEntries(Object.entries(catalogue).filter(([key]) => key !== "$schema"));
const parameters = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe("the client's message catalogue", () => {
  test("German and English have the same keys, no empty text and the same parameters", () => {
    const [deMessages, enMessages] = [messages(de), messages(en)];
    expect(Object.keys(enMessages).sort()).toEqual(Object.keys(deMessages).sort());
    expect(Object.keys(deMessages).length).toBeGreaterThan(100);
    for (const [key, text] of Object.entries(deMessages)) {
      const other = enMessages[key]!;
      expect({ key, de: text.trim().length > 0, en: other.trim().length > 0 }).toEqual({ key, de: true, en: true });
      expect({ key, parameters: parameters(other) }).toEqual({ key, parameters: parameters(text) });
    }
  });
});
