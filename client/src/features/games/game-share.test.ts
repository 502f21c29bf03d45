import { describe, expect, test } from "bun:test";
import { gameUrl, shareText, telegramShareUrl, whatsappShareUrl } from "./game-share";

// Runs with the base locale (de), like the other client tests.
const base = {
  id: 42,
  title: null,
  court: { id: 1, name: "Mauerpark", address: null, imageUrl: null, latitude: 0, longitude: 0, turf: null, indoor: false, public: true, regionId: 1 },
  startTime: new Date("2026-11-25T17:30:00Z"),
  participantsAmount: 7,
  minPlayers: 10,
  maxPlayers: 14 as number | null,
};

describe("share text (spec 000 section 2)", () => {
  const url = gameUrl(42, "https://kickrunde.de");

  test("a private game's link carries its share key; a public game's stays as it was", () => {
    expect(gameUrl(42, "https://kickrunde.de", "0123456789abcdef0123456789abcdef")).toBe("https://kickrunde.de/game/42?key=0123456789abcdef0123456789abcdef");
    expect(gameUrl(42, "https://kickrunde.de", null)).toBe("https://kickrunde.de/game/42");
  });

  test("link, Berlin time and what is missing", () => {
    expect(url).toBe("https://kickrunde.de/game/42");
    expect(shareText(base, url, "de")).toBe(
      "Kickrunde am Mi., 25. Nov. um 18:30 Uhr – Mauerpark. Es fehlen noch 3 Spieler. Spiel mit: https://kickrunde.de/game/42",
    );
  });

  test.each([
    [{ participantsAmount: 9 }, "Es fehlt noch 1 Spieler."],
    [{ participantsAmount: 12 }, "Noch 2 Plätze frei."],
    [{ participantsAmount: 13 }, "Noch 1 Platz frei."],
    [{ participantsAmount: 14 }, "Die Warteliste ist offen."],
    [{ participantsAmount: 12, maxPlayers: null }, "Es gibt noch freie Plätze."],
  ])("%o -> %s", (change, sentence) => {
    expect(shareText({ ...base, ...change }, url, "de")).toContain(sentence);
  });

  test("messenger links carry the text", () => {
    const text = shareText(base, url, "de");
    expect(whatsappShareUrl(text)).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
    const telegram = new URL(telegramShareUrl(url, text));
    expect(telegram.searchParams.get("url")).toBe(url);
    expect(telegram.searchParams.get("text")).not.toContain(url);
  });
});
