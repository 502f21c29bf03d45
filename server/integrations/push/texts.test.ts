import { describe, expect, test } from "bun:test";
import { LANGUAGES } from "@shared/constants";
import { clipPushText, PUSH_TEXT_KEYS, pushText, type PushParams } from "./texts";

/**
 * The push texts live on the server in one typed catalogue per language (notifications README, "Server
 * texts"): the compiler makes English name every German key; this walks every key in both languages for
 * what the compiler cannot see: an empty text, a parameter that did not arrive ("undefined"), a text
 * left untranslated.
 */
const params: PushParams = { game: "Freitagskick", name: "Lena", text: "Bis gleich", players: 7, minPlayers: 10, amountCents: 1000 };

describe("push texts", () => {
  test("every key in German and English, with every parameter, and not the same in both", () => {
    expect(LANGUAGES).toEqual(["de", "en"]);
    expect(PUSH_TEXT_KEYS.length).toBeGreaterThan(25);
    for (const key of PUSH_TEXT_KEYS) {
      const [de, en] = LANGUAGES.map((language) => pushText(language, key, params));
      for (const text of [de!, en!]) {
        expect({ key, title: text.title.trim().length > 0, body: text.body.trim().length > 0 }).toEqual({ key, title: true, body: true });
        expect(`${key}: ${text.title} ${text.body}`).not.toMatch(/undefined|NaN|null|\[object/);
      }
      // without the sender's name a comment or a message shows the words around the parameters too
      const [deWords, enWords] = LANGUAGES.map((language) => pushText(language, key, { ...params, name: undefined }));
      expect({ key, same: `${deWords!.title} ${deWords!.body}` === `${enWords!.title} ${enWords!.body}` }).toEqual({ key, same: false });
    }
  });

  test("long texts are clipped to a preview of 180 characters", () => {
    expect(clipPushText("kurz")).toBe("kurz");
    expect(clipPushText(undefined)).toBeUndefined();
    const long = clipPushText("x".repeat(500));
    expect([long.length, long.endsWith("…")]).toEqual([180, true]);
  });
});
