import { describe, expect, test } from "bun:test";
import { changeLine, changeLineText, gameChangeValues, noticeChanges, parseChangeLine, type NoticeChange } from "./game-change-notice";

/** Friday 27 November 2026, 19:30 in Berlin. */
const FRI_1930 = "2026-11-27T18:30:00.000Z";

describe("gameChangeValues", () => {
  test("before and after of the changed fields, instants as ISO, long texts left out", () => {
    const before = { startTime: new Date(FRI_1930), priceCents: 500, maxPlayers: 12, description: "alt", title: null, externalPaymentRequestsAllowed: false };
    const after = { startTime: new Date("2026-11-27T18:45:00Z"), priceCents: 400, maxPlayers: null, description: "neu", title: "Kick", externalPaymentRequestsAllowed: true };
    expect(gameChangeValues(before, after, ["startTime", "priceCents", "maxPlayers", "description", "title", "externalPaymentRequestsAllowed"])).toEqual({
      startTime: { from: FRI_1930, to: "2026-11-27T18:45:00.000Z" },
      priceCents: { from: 500, to: 400 },
      maxPlayers: { from: 12, to: null },
      title: { from: null, to: "Kick" },
      externalPaymentRequestsAllowed: { from: false, to: true },
    });
  });
});

describe("noticeChanges: only what matters to players, in a fixed order", () => {
  test("allowing cash requests, instant capture, public/private: nothing to tell", () => {
    expect(
      noticeChanges({ externalPaymentRequestsAllowed: { from: false, to: true }, instantCapture: { from: false, to: true }, gameType: { from: "PUBLIC", to: "PRIVATE" } }),
    ).toEqual([]);
    expect(noticeChanges(undefined)).toEqual([]);
  });
  test("price before time in the payload, time first in the notice", () => {
    expect(noticeChanges({ priceCents: { from: 500, to: 400 }, externalPaymentRequestsAllowed: { from: false, to: true }, startTime: { from: "a", to: "b" } }).map((c) => c.field)).toEqual([
      "startTime",
      "priceCents",
    ]);
  });
});

describe("changeLine in German and English", () => {
  const line = (field: NoticeChange["field"], from: NoticeChange["from"], to: NoticeChange["to"]) => [changeLine({ field, from, to }, "de"), changeLine({ field, from, to }, "en")];
  test.each([
    [line("startTime", FRI_1930, "2026-11-27T18:45:00.000Z"), ["Beginn: 19:30 → 19:45", "Start: 19:30 → 19:45"]],
    [line("startTime", FRI_1930, "2026-11-28T18:30:00.000Z"), ["Datum: Fr., 27.11. → Sa., 28.11.", "Date: Fri 27/11 → Sat 28/11"]],
    [line("startTime", FRI_1930, "2026-11-28T17:00:00.000Z"), ["Beginn: Fr., 27.11., 19:30 → Sa., 28.11., 18:00", "Start: Fri 27/11, 19:30 → Sat 28/11, 18:00"]],
    [line("durationMinutes", 90, 60), ["Dauer: 90 → 60 Minuten", "Duration: 90 → 60 minutes"]],
    [line("courtId", "Soccerhalle", "Bolzplatz"), ["Platz: Soccerhalle → Bolzplatz", "Court: Soccerhalle → Bolzplatz"]],
    [line("priceCents", 500, 450), ["Preis: 5,00 € → 4,50 €", "Price: €5.00 → €4.50"]],
    [line("priceCents", 300, 0), ["Preis: 3,00 € → kostenlos", "Price: €3.00 → free"]],
    [line("maxPlayers", 12, null), ["Maximale Spielerzahl: 12 → unbegrenzt", "Maximum players: 12 → no limit"]],
    [line("minPlayers", 8, 10), ["Mindestspielerzahl: 8 → 10", "Minimum players: 8 → 10"]],
    [line("teams", 2, 3), ["Teams: 2 → 3", "Teams: 2 → 3"]],
    [line("gameMode", 5, 6), ["Spieler pro Team: 5 → 6", "Players per team: 5 → 6"]],
    [line("level", "ALL", "HIGH"), ["Niveau: Alle Niveaus → Hoch", "Level: All levels → High"]],
    [line("gender", "MIXED", "FEMALE"), ["Wer spielt: Gemischt → Frauen", "Who plays: Mixed → Women"]],
    [line("title", null, "Kick"), ["Titel: kein Titel → „Kick“", "Title: no title → “Kick”"]],
    [line("isManagedPayment", false, true), ["Online-Bezahlung: aus → an", "Online payment: off → on"]],
  ])("%p", (got, expected) => {
    // Intl writes a no-break space inside amounts
    expect(got.map((s) => s.replace(/\u00a0/g, " "))).toEqual(expected);
  });
});

describe("the chat's stored change line", () => {
  test("round trip; other texts and damaged ones are not change lines", () => {
    const changes: NoticeChange[] = [{ field: "startTime", from: FRI_1930, to: "2026-11-27T18:45:00.000Z" }];
    expect(parseChangeLine(changeLineText(changes))).toEqual(changes);
    expect(parseChangeLine("joined")).toBeNull();
    expect(parseChangeLine("changed:{")).toBeNull();
    expect(parseChangeLine('changed:[{"field":"password","from":1,"to":2}]')).toBeNull();
  });
});
