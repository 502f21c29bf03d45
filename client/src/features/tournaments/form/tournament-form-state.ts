import { addBerlinDays, berlinDateTimeToInstant, berlinTimeOfDay } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { euroInputToCents } from "@shared/rules/game-form";
import { formatMoney } from "@shared/rules/money";
import type { Language } from "@shared/constants";
import type { TCourtRef } from "@shared/schemas/games";
import {
  TOURNAMENT,
  tournamentStartProblem,
  ZCreateTournamentInput,
  type TCreateTournamentInput,
  type TTournament,
  type TUpdateTournamentInput,
} from "@shared/schemas/tournaments";
import { fieldProblems } from "@client/lib/schema-problem";

/** The court the form shows: what the court picker answers, or a tournament's court. */
export type FormCourt = Pick<TCourtRef, "id" | "name" | "address" | "imageUrl" | "turf" | "indoor" | "public">;

/**
 * What the tournament form holds, as typed: texts as entered (an empty English text means none), start and
 * end as Berlin day and time, the price as the euro text of the field, the single-player game as a link or id.
 */
export type TournamentFormState = {
  name: string;
  description: string;
  descriptionEn: string;
  rules: string;
  rulesEn: string;
  cancellationPolicy: string;
  cancellationPolicyEn: string;
  termsOfParticipation: string;
  termsOfParticipationEn: string;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  /** a court from the list, or a place by name */
  place: "court" | "name";
  court: FormCourt | null;
  locationName: string;
  maxTeams: number;
  gameMode: number;
  maxPlayers: number;
  price: string;
  pricePerPlayer: boolean;
  business: boolean;
  signupUrl: string;
  planUrl: string;
  whatsappGroupUrl: string;
  singlePlayerGame: string;
};

/** The English texts, each optional beside its German one. */
export const ENGLISH_FIELDS = ["descriptionEn", "rulesEn", "cancellationPolicyEn", "termsOfParticipationEn"] as const;

/** A new tournament: two weeks ahead, Saturday-like hours 10 to 18, 16 teams of 5 a side with up to 15 players (spec 001 section 9). */
export function initialCreateState(now: Date): TournamentFormState {
  const day = addBerlinDays(berlinDay(now), 14);
  return {
    name: "",
    description: "",
    descriptionEn: "",
    rules: "",
    rulesEn: "",
    cancellationPolicy: "",
    cancellationPolicyEn: "",
    termsOfParticipation: "",
    termsOfParticipationEn: "",
    startDay: day,
    startTime: "10:00",
    endDay: day,
    endTime: "18:00",
    place: "court",
    court: null,
    locationName: "",
    maxTeams: 16,
    gameMode: 5,
    maxPlayers: TOURNAMENT.maxPlayersDefault,
    price: "",
    pricePerPlayer: false,
    business: false,
    signupUrl: "",
    planUrl: "",
    whatsappGroupUrl: "",
    singlePlayerGame: "",
  };
}

/** The form of a saved tournament. */
export function initialEditState(t: TTournament, locale: Language): TournamentFormState {
  return {
    name: t.name,
    description: t.description,
    descriptionEn: t.descriptionEn ?? "",
    rules: t.rules,
    rulesEn: t.rulesEn ?? "",
    cancellationPolicy: t.cancellationPolicy,
    cancellationPolicyEn: t.cancellationPolicyEn ?? "",
    termsOfParticipation: t.termsOfParticipation,
    termsOfParticipationEn: t.termsOfParticipationEn ?? "",
    startDay: berlinDay(t.startTime),
    startTime: berlinTimeOfDay(t.startTime),
    endDay: berlinDay(t.endTime),
    endTime: berlinTimeOfDay(t.endTime),
    place: t.court ? "court" : "name",
    court: t.court,
    locationName: t.locationName ?? "",
    maxTeams: t.maxTeams,
    gameMode: t.gameMode,
    maxPlayers: t.maxPlayers,
    price: t.participationPriceCents === 0 ? "" : formatMoney(t.participationPriceCents, locale, "plain"),
    pricePerPlayer: t.pricePerPlayer,
    business: t.business,
    signupUrl: t.signupUrl ?? "",
    planUrl: t.planUrl ?? "",
    whatsappGroupUrl: t.whatsappGroupUrl ?? "",
    singlePlayerGame: t.singlePlayerGame ? String(t.singlePlayerGame.id) : "",
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

function instantOf(day: string, time: string): Date | null {
  return DAY.test(day) && TIME.test(time) ? berlinDateTimeToInstant(day, time) : null;
}

/** A game's id from its link (".../game/123", also with a name after it) or the bare id; null when it is neither, undefined when empty. */
export function gameIdOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const match = /^(?:\d+|(?:https?:\/\/[^/\s]+)?\/game\/(\d+)(?:[/?#]\S*)?)$/.exec(trimmed);
  if (!match) return null;
  const id = Number(match[1] ?? trimmed);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const orNull = (text: string): string | null => (text.trim() === "" ? null : text);

/** Field problems found before sending, as validation codes by input name (the server's names). */
export type FormProblems = Partial<Record<keyof TCreateTournamentInput | "singlePlayerGameId", string>>;

/**
 * The create input of the form, checked with the shared schema (the same rules the server applies) plus what
 * only the form can know: a price or game link it cannot read, a start no longer ahead.
 */
export function toInput(state: TournamentFormState, now: Date): { input: TCreateTournamentInput; problems: FormProblems } {
  const problems: FormProblems = {};
  const startTime = instantOf(state.startDay, state.startTime);
  const endTime = instantOf(state.endDay, state.endTime);
  const cents = state.price.trim() === "" ? 0 : euroInputToCents(state.price);
  const gameId = gameIdOf(state.singlePlayerGame);
  const input = {
    name: state.name,
    description: state.description,
    descriptionEn: orNull(state.descriptionEn),
    rules: state.rules,
    rulesEn: orNull(state.rulesEn),
    cancellationPolicy: state.cancellationPolicy,
    cancellationPolicyEn: orNull(state.cancellationPolicyEn),
    termsOfParticipation: state.termsOfParticipation,
    termsOfParticipationEn: orNull(state.termsOfParticipationEn),
    startTime: startTime ?? new Date(Number.NaN),
    endTime: endTime ?? new Date(Number.NaN),
    courtId: state.place === "court" ? (state.court?.id ?? null) : null,
    locationName: state.place === "name" ? orNull(state.locationName) : null,
    maxTeams: state.maxTeams,
    gameMode: state.gameMode,
    maxPlayers: state.maxPlayers,
    participationPriceCents: cents ?? 0,
    pricePerPlayer: state.pricePerPlayer,
    business: state.business,
    signupUrl: orNull(state.signupUrl),
    planUrl: orNull(state.planUrl),
    whatsappGroupUrl: orNull(state.whatsappGroupUrl),
    singlePlayerGameId: gameId ?? null,
  } satisfies TCreateTournamentInput;
  const parsed = ZCreateTournamentInput.safeParse(input);
  if (!parsed.success) Object.assign(problems, fieldProblems(parsed.error));
  if (!startTime) problems.startTime = "start_time_required";
  if (!endTime) problems.endTime = "end_time_required";
  if (cents === null) problems.participationPriceCents = "price_invalid";
  if (gameId === null) problems.singlePlayerGameId = "tournament_game_link_invalid";
  // a court is chosen on its own screen: its problem is the place's
  if (problems.locationName === "tournament_place_required" && state.place === "court") {
    delete problems.locationName;
    problems.courtId = "tournament_place_required";
  }
  // what the server will store (texts trimmed), so an edit compares like with like
  const checked: TCreateTournamentInput = parsed.success ? parsed.data : input;
  return { input: checked, problems: problems.startTime ? problems : withStart(problems, startTime, now) };
}

/** The start must lie ahead (and not too far): the server's refusal, said at the field before sending. */
function withStart(problems: FormProblems, start: Date | null, now: Date): FormProblems {
  const problem = start ? tournamentStartProblem(start, now) : null;
  if (problem === "TOURNAMENT_IN_PAST") return { ...problems, startTime: "tournament_start_in_past" };
  if (problem === "TOURNAMENT_TOO_FAR_AHEAD") return { ...problems, startTime: "tournament_start_too_far" };
  return problems;
}

const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/**
 * An edit sends only what changed (the server checks the coupled rules on the result): an unchanged start
 * that has meanwhile come closer is not sent again.
 */
export function updatePayload(t: TTournament, input: TCreateTournamentInput): TUpdateTournamentInput {
  const saved: Record<keyof TCreateTournamentInput, unknown> = {
    name: t.name,
    description: t.description,
    descriptionEn: t.descriptionEn,
    rules: t.rules,
    rulesEn: t.rulesEn,
    cancellationPolicy: t.cancellationPolicy,
    cancellationPolicyEn: t.cancellationPolicyEn,
    termsOfParticipation: t.termsOfParticipation,
    termsOfParticipationEn: t.termsOfParticipationEn,
    startTime: t.startTime,
    endTime: t.endTime,
    courtId: t.court?.id ?? null,
    locationName: t.locationName,
    regionId: t.region.id,
    maxTeams: t.maxTeams,
    gameMode: t.gameMode,
    maxPlayers: t.maxPlayers,
    participationPriceCents: t.participationPriceCents,
    pricePerPlayer: t.pricePerPlayer,
    business: t.business,
    signupUrl: t.signupUrl,
    planUrl: t.planUrl,
    whatsappGroupUrl: t.whatsappGroupUrl,
    singlePlayerGameId: t.singlePlayerGame?.id ?? null,
  };
  const changed: Record<string, unknown> = { tournamentId: t.id };
  for (const [key, value] of Object.entries(input)) {
    // the form has no region: the server takes the court's (or keeps it)
    if (key === "regionId") continue;
    if (value !== undefined && !same(value, saved[key as keyof TCreateTournamentInput])) changed[key] = value;
  }
  return changed as TUpdateTournamentInput;
}
