import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  bookingPaymentDescription,
  gamePaymentDescription,
  PAYMENT_DESCRIPTION_MAX,
  paymentStatementSuffix,
  STATEMENT_SUFFIX_MAX,
} from "./payment-description";

/** Friday 27 November 2026, 19:30 in Berlin (CET). */
const FRI = new Date("2026-11-27T18:30:00Z");
/** Saturday 4 July 2026, 09:05 in Berlin (CEST). */
const SUMMER = new Date("2026-07-04T07:05:00Z");

describe("gamePaymentDescription", () => {
  test.each([
    [{ title: null, courtName: "Soccerhalle Kreuzberg", startTime: FRI }, "Kickrunde · Soccerhalle Kreuzberg · Fr 27.11. 19:30"],
    [{ title: "Freitagskick", courtName: "Soccerhalle Kreuzberg", startTime: FRI }, "Kickrunde · Freitagskick · Soccerhalle Kreuzberg · Fr 27.11. 19:30"],
    [{ title: "Privat", courtName: null, startTime: SUMMER }, "Kickrunde · Privat · Sa 04.07. 09:05"],
    [{ title: null, courtName: null, startTime: SUMMER }, "Kickrunde · Sa 04.07. 09:05"],
    [{ title: "  Zeile\neins\t ", courtName: "Platz", startTime: FRI }, "Kickrunde · Zeile eins · Platz · Fr 27.11. 19:30"],
  ])("%o → %s", (game, expected) => {
    expect(gamePaymentDescription(game)).toBe(expected);
  });

  test("a long title is shortened, the time stays, never more than 200 characters", () => {
    const d = gamePaymentDescription({ title: "x".repeat(500), courtName: "Halle", startTime: FRI });
    expect(d.length).toBe(PAYMENT_DESCRIPTION_MAX);
    expect(d.startsWith("Kickrunde · xxx")).toBe(true);
    expect(d.endsWith("… · Fr 27.11. 19:30")).toBe(true);
  });

  test("any title and court (emoji, control characters, very long): within the limit and deterministic", () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 400, unit: "grapheme" })), fc.option(fc.string({ maxLength: 400, unit: "binary" })), fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }), (title, courtName, startTime) => {
        const d = gamePaymentDescription({ title, courtName, startTime });
        expect([...d].length).toBeLessThanOrEqual(PAYMENT_DESCRIPTION_MAX);
        expect(d.length).toBeLessThanOrEqual(PAYMENT_DESCRIPTION_MAX);
        expect(d).toBe(gamePaymentDescription({ title, courtName, startTime }));
        expect(d).not.toMatch(/[\n\r\t]/);
      }),
    );
  });
});

describe("bookingPaymentDescription", () => {
  test("court, sub-court, start and end in Berlin", () => {
    expect(bookingPaymentDescription({ courtName: "Soccerhalle Kreuzberg", subCourtName: "Platz 2", startsAt: FRI, endsAt: new Date(FRI.getTime() + 3600_000) })).toBe(
      "Kickrunde · Platzbuchung · Soccerhalle Kreuzberg, Platz 2 · Fr 27.11. 19:30–20:30",
    );
  });
  test("a sub-court named like its court is not repeated", () => {
    expect(bookingPaymentDescription({ courtName: "Bolzplatz", subCourtName: "Bolzplatz", startsAt: SUMMER, endsAt: new Date(SUMMER.getTime() + 90 * 60_000) })).toBe(
      "Kickrunde · Platzbuchung · Bolzplatz · Sa 04.07. 09:05–10:35",
    );
  });
});

describe("paymentStatementSuffix", () => {
  test("weekday and date in Berlin", () => {
    expect(paymentStatementSuffix(FRI)).toBe("FR 27.11.");
    expect(paymentStatementSuffix(SUMMER)).toBe("SA 04.07.");
    // 23:30 UTC on a Friday is already Saturday in Berlin
    expect(paymentStatementSuffix(new Date("2026-11-27T23:30:00Z"))).toBe("SA 28.11.");
  });

  test("every date gives what Stripe accepts: at most 10 characters, a letter, no forbidden character", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }), (d) => {
        const s = paymentStatementSuffix(d);
        expect(s.length).toBeLessThanOrEqual(STATEMENT_SUFFIX_MAX);
        expect(s).toMatch(/^[A-Z]{2} \d\d\.\d\d\.$/);
      }),
    );
  });
});
