import { GAME_TIME_ZONE } from "../constants";

/**
 * What a payment is called at Stripe (issue 23 item 6): the checkout page and Stripe's receipt show
 * the intent's `description`, the card statement its `statement_descriptor_suffix`. Both are part of
 * the create request, whose idempotency key names purpose, subject and attempt, so they are made only
 * from the game or booking (never from "now" or the payer's language): German, Berlin wall time.
 */

/** Stripe's limit for a PaymentIntent's description. */
export const PAYMENT_DESCRIPTION_MAX = 200;

/**
 * The card statement shows `<prefix>* <suffix>` in at most 22 characters, and the account's static
 * prefix may have up to 10 (Stripe's "statement descriptors" page): 22 - 10 - "* " leaves 10 for the
 * suffix whatever the prefix is.
 */
export const STATEMENT_SUFFIX_MAX = 10;

const PARTS = new Intl.DateTimeFormat("de-DE", {
  timeZone: GAME_TIME_ZONE,
  weekday: "short",
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** Weekday ("Fr"), date ("27.11.") and time ("19:30") of an instant in Berlin. */
function berlinParts(instant: Date): { weekday: string; date: string; time: string } {
  const p = Object.fromEntries(PARTS.formatToParts(instant).map((x) => [x.type, x.value]));
  return { weekday: (p.weekday ?? "").replace(".", ""), date: `${p.day}.${p.month}.`, time: `${p.hour}:${p.minute}` };
}

/** "Fr 27.11. 19:30" (Berlin). */
export function berlinShortWhen(instant: Date): string {
  const p = berlinParts(instant);
  return `${p.weekday} ${p.date} ${p.time}`;
}

/** A user-given name on one line: control characters and runs of white space become one space. */
const oneLine = (s: string) => s.replace(/[\p{Cc}\p{Cf}\s]+/gu, " ").trim();

/**
 * "Kickrunde · <names> · <when>" within PAYMENT_DESCRIPTION_MAX: the names (user text, e.g. a long
 * title) are shortened with "…" so that the brand and the time always stay.
 */
function described(names: string[], when: string): string {
  const head = "Kickrunde · ";
  const tail = ` · ${when}`;
  const middle = names.map(oneLine).filter(Boolean).join(" · ");
  if (!middle) return `Kickrunde · ${when}`;
  const room = PAYMENT_DESCRIPTION_MAX - head.length - tail.length;
  if (middle.length <= room) return `${head}${middle}${tail}`;
  // cut by code points (never half an emoji), counting UTF-16 units as Stripe's limit does
  let cut = "";
  for (const ch of middle) {
    if (cut.length + ch.length > room - 1) break;
    cut += ch;
  }
  const fitted = `${cut.trimEnd()}…`;
  return `${head}${fitted}${tail}`;
}

/**
 * A game's payment: "Kickrunde · Freitagskick · Soccerhalle Kreuzberg · Fr 27.11. 19:30"; a game
 * without a title is named by its court, a courtless (private) game by its time alone.
 */
export function gamePaymentDescription(game: { title: string | null; courtName: string | null; startTime: Date }): string {
  return described([game.title ?? "", game.courtName ?? ""], berlinShortWhen(game.startTime));
}

/**
 * A court booking's payment: "Kickrunde · Platzbuchung · Soccerhalle Kreuzberg, Platz 2 · Fr 27.11. 19:30–20:30";
 * the sub-court is named when it is not the court itself (a court without sub-courts gets one of its name).
 */
export function bookingPaymentDescription(b: { courtName: string; subCourtName: string | null; startsAt: Date; endsAt: Date }): string {
  const sub = b.subCourtName && oneLine(b.subCourtName) !== oneLine(b.courtName) ? `, ${b.subCourtName}` : "";
  const end = berlinParts(b.endsAt);
  return described([`Platzbuchung`, `${b.courtName}${sub}`], `${berlinShortWhen(b.startsAt)}–${end.time}`);
}

/** A tournament team's entry fee: "Kickrunde · Sommer-Cup · Team Blau · Sa 12.07. 10:00" (the tournament's start, Berlin). */
export function tournamentPaymentDescription(p: { tournamentName: string; teamName: string; startTime: Date }): string {
  return described([p.tournamentName, p.teamName], berlinShortWhen(p.startTime));
}

/**
 * The card statement's suffix: weekday and date in Berlin, "FR 27.11." (9 characters: at least one
 * letter, only Latin letters, digits, space and dot, none of < > \ ' " *), so a player tells two
 * Kickrunde charges apart on the statement; the description names the rest.
 */
export function paymentStatementSuffix(startTime: Date): string {
  const p = berlinParts(startTime);
  return `${p.weekday.toUpperCase()} ${p.date}`.slice(0, STATEMENT_SUFFIX_MAX);
}
