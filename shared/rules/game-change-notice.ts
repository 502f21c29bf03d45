import { GAME_TIME_ZONE, type Language } from "../constants";
import { berlinDay } from "./berlin-time";
import { formatMoney } from "./money";

/**
 * What a change notice says (issue 23 item 16): "Beginn: 19:30 → 19:45" instead of "the game was
 * changed". An edit records the before and after values of its changed fields in the CHANGED game
 * event (`changes`, games/manage.ts); the pushes, mails and the chat's system line word the fields
 * that matter to players, in the reader's language, with this one formatter (server and client).
 */

export type ChangeValue = string | number | boolean | null;
export type FieldChange = { from: ChangeValue; to: ChangeValue };
/** Before and after of each changed field, JSON-safe (instants as ISO strings). */
export type GameChanges = Record<string, FieldChange>;

/**
 * The fields players are told about, in the order the notice lists them. Everything else (the
 * descriptions, whether cash may be requested, instant capture, public/private, the organisation)
 * changes nothing a player agreed to: an edit of only those sends no notice and no chat line.
 */
export const NOTICE_FIELDS = [
  "startTime",
  "durationMinutes",
  "courtId",
  "priceCents",
  "maxPlayers",
  "minPlayers",
  "teams",
  "gameMode",
  "level",
  "gender",
  "title",
  "isManagedPayment",
] as const;
export type NoticeField = (typeof NOTICE_FIELDS)[number];

/** Long texts are not copied into the event (their change is in `fields` alone). */
const NOT_RECORDED = new Set(["description", "descriptionEn", "updatedAt"]);

const jsonValue = (v: unknown): ChangeValue | undefined =>
  v instanceof Date ? v.toISOString() : v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : undefined;

/** The before and after values of `fields` (the changed ones) for the CHANGED event's payload. */
export function gameChangeValues(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[]): GameChanges {
  const out: GameChanges = {};
  for (const f of fields) {
    if (NOT_RECORDED.has(f)) continue;
    const from = jsonValue(before[f]);
    const to = jsonValue(after[f]);
    if (from !== undefined && to !== undefined) out[f] = { from, to };
  }
  return out;
}

/** One change a notice tells, `court` with names instead of ids (the caller looks them up). */
export type NoticeChange = { field: NoticeField; from: ChangeValue; to: ChangeValue };

/** The changes worth a notice, in NOTICE_FIELDS order; empty: nobody is told. */
export function noticeChanges(changes: GameChanges | undefined): NoticeChange[] {
  if (!changes) return [];
  return NOTICE_FIELDS.filter((f) => changes[f] && changes[f]!.from !== changes[f]!.to).map((f) => ({ field: f, from: changes[f]!.from, to: changes[f]!.to }));
}

const formats = new Map<string, Intl.DateTimeFormat>();
function berlin(language: Language, withDate: boolean, withTime: boolean) {
  const key = `${language}${withDate}${withTime}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language === "de" ? "de-DE" : "en-GB", {
      timeZone: GAME_TIME_ZONE,
      ...(withDate ? { weekday: "short", day: "2-digit", month: "2-digit" } : {}),
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    } as Intl.DateTimeFormatOptions);
    formats.set(key, f);
  }
  return f;
}

const WORDS = {
  de: {
    start: "Beginn",
    date: "Datum",
    duration: (from: string, to: string) => `Dauer: ${from} → ${to} Minuten`,
    court: "Platz",
    noCourt: "kein Platz",
    price: "Preis",
    free: "kostenlos",
    maxPlayers: "Maximale Spielerzahl",
    unlimited: "unbegrenzt",
    minPlayers: "Mindestspielerzahl",
    teams: "Teams",
    gameMode: "Spieler pro Team",
    level: "Niveau",
    levels: { ALL: "Alle Niveaus", LOW: "Niedrig", MEDIUM: "Mittel", HIGH: "Hoch" } as Record<string, string>,
    gender: "Wer spielt",
    genders: { MIXED: "Gemischt", MALE: "Männer", FEMALE: "Frauen" } as Record<string, string>,
    title: "Titel",
    noTitle: "kein Titel",
    quote: (s: string) => `„${s}“`,
    managed: "Online-Bezahlung",
    on: "an",
    off: "aus",
  },
  en: {
    start: "Start",
    date: "Date",
    duration: (from: string, to: string) => `Duration: ${from} → ${to} minutes`,
    court: "Court",
    noCourt: "no court",
    price: "Price",
    free: "free",
    maxPlayers: "Maximum players",
    unlimited: "no limit",
    minPlayers: "Minimum players",
    teams: "Teams",
    gameMode: "Players per team",
    level: "Level",
    levels: { ALL: "All levels", LOW: "Low", MEDIUM: "Medium", HIGH: "High" } as Record<string, string>,
    gender: "Who plays",
    genders: { MIXED: "Mixed", MALE: "Men", FEMALE: "Women" } as Record<string, string>,
    title: "Title",
    noTitle: "no title",
    quote: (s: string) => `“${s}”`,
    managed: "Online payment",
    on: "on",
    off: "off",
  },
} as const;

const str = (v: ChangeValue) => (v === null ? "" : String(v));

/** "Beginn: 19:30 → 19:45" (same day), "Datum: Fr., 27.11. → Sa., 28.11." (same time) or both. */
function startLine(language: Language, from: ChangeValue, to: ChangeValue): string {
  const w = WORDS[language];
  const a = new Date(str(from));
  const b = new Date(str(to));
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return `${w.start}: ${str(from)} → ${str(to)}`;
  const sameDay = berlinDay(a) === berlinDay(b);
  const time = berlin(language, false, true);
  const sameTime = time.format(a) === time.format(b);
  if (sameDay) return `${w.start}: ${time.format(a)} → ${time.format(b)}`;
  if (sameTime) {
    const date = berlin(language, true, false);
    return `${w.date}: ${date.format(a)} → ${date.format(b)}`;
  }
  const both = berlin(language, true, true);
  return `${w.start}: ${both.format(a)} → ${both.format(b)}`;
}

/** One change as a line in `language`. */
export function changeLine(change: NoticeChange, language: Language): string {
  const w = WORDS[language];
  const { from, to } = change;
  const pair = (label: string, show: (v: ChangeValue) => string) => `${label}: ${show(from)} → ${show(to)}`;
  switch (change.field) {
    case "startTime":
      return startLine(language, from, to);
    case "durationMinutes":
      return w.duration(str(from), str(to));
    case "courtId":
      return pair(w.court, (v) => (v === null ? w.noCourt : str(v)));
    case "priceCents":
      return pair(w.price, (v) => (typeof v === "number" && Number.isSafeInteger(v) ? (v === 0 ? w.free : formatMoney(v, language)) : str(v)));
    case "maxPlayers":
      return pair(w.maxPlayers, (v) => (v === null ? w.unlimited : str(v)));
    case "minPlayers":
      return pair(w.minPlayers, str);
    case "teams":
      return pair(w.teams, str);
    case "gameMode":
      return pair(w.gameMode, str);
    case "level":
      return pair(w.level, (v) => w.levels[str(v)] ?? str(v));
    case "gender":
      return pair(w.gender, (v) => w.genders[str(v)] ?? str(v));
    case "title":
      return pair(w.title, (v) => (v === null || v === "" ? w.noTitle : w.quote(str(v))));
    case "isManagedPayment":
      return pair(w.managed, (v) => (v ? w.on : w.off));
  }
}

/**
 * The game chat's system line for a change stores the changes themselves (court names already looked
 * up), so every reader sees it in their own language: `changed:` and the JSON of NoticeChange[].
 */
export const CHANGE_LINE_PREFIX = "changed:";

export function changeLineText(changes: NoticeChange[]): string {
  return `${CHANGE_LINE_PREFIX}${JSON.stringify(changes)}`;
}

/** The changes of a stored system line; null for any other text (or a damaged one). */
export function parseChangeLine(text: string): NoticeChange[] | null {
  if (!text.startsWith(CHANGE_LINE_PREFIX)) return null;
  try {
    const parsed: unknown = JSON.parse(text.slice(CHANGE_LINE_PREFIX.length));
    if (!Array.isArray(parsed)) return null;
    const fields = new Set<string>(NOTICE_FIELDS);
    const ok = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
    const list = parsed.filter((c): c is NoticeChange => typeof c === "object" && c !== null && fields.has(c.field) && ok(c.from) && ok(c.to));
    return list.length === parsed.length ? list : null;
  } catch {
    return null;
  }
}

/** The court change with names instead of ids (`names` from the caller's lookup; an unknown court keeps "?"). */
export function withCourtNames(changes: NoticeChange[], names: Map<number, string>): NoticeChange[] {
  const name = (v: ChangeValue) => (typeof v === "number" ? (names.get(v) ?? "?") : v);
  return changes.map((c) => (c.field === "courtId" ? { ...c, from: name(c.from), to: name(c.to) } : c));
}

/** The court ids a change names (to look up). */
export function changedCourtIds(changes: NoticeChange[]): number[] {
  const c = changes.find((x) => x.field === "courtId");
  return c ? [c.from, c.to].filter((v): v is number => typeof v === "number") : [];
}
