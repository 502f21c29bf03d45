import { COURT_FENCINGS, TURFS } from "@shared/constants";
import { ZCreateCourtInput, type TCreateCourtInput, type TSavedLocation } from "@shared/schemas/courts";
import { fieldProblems } from "@client/lib/schema-problem";
import { courtNameProblem } from "../court-validators";

/**
 * The create-court wizard's state (spec 001 section 2.7): step one finds the place, step two takes the
 * details. Pure, so the steps' rules are tested without a browser; the screen keeps it in a reducer.
 */

/** spec 001 section 5: a repeatable input allows up to 3 rows. */
export const ALTERNATIVE_NAMES_MAX = 3;

export type Fencing = (typeof COURT_FENCINGS)[number];

export type Details = {
  name: string;
  alternativeNames: string[];
  isPublic: boolean | null;
  indoor: boolean | null;
  turf: (typeof TURFS)[number];
  floodLight: boolean;
  goals: number;
  fencing: Fencing | "";
  minPlayers: number;
  maxPlayers: number;
};

export const INITIAL_DETAILS: Details = {
  name: "",
  alternativeNames: [],
  isPublic: null,
  indoor: null,
  // spec 001 section 2.7: turf defaults to TT
  turf: "TT",
  floodLight: false,
  goals: 2,
  fencing: "",
  minPlayers: 6,
  maxPlayers: 14,
};

/** The details as courts.create takes them: names trimmed, empty alternative names left out. */
export function createInput(details: Details): TCreateCourtInput & { public: boolean; indoor: boolean } {
  return {
    name: details.name.trim(),
    alternativeNames: details.alternativeNames.map((name) => name.trim()).filter(Boolean),
    public: details.isPublic ?? false,
    indoor: details.indoor ?? false,
    turf: details.turf,
    floodLight: details.floodLight,
    goals: details.goals,
    fencing: details.fencing || null,
    minPlayers: details.minPlayers,
    maxPlayers: details.maxPlayers,
  };
}

/**
 * What the server would refuse in the details, by input field (`validation_<code>`): the whole input goes
 * through the shared ZCreateCourtInput, with public and indoor missing while not chosen. A blank name is
 * "required" rather than too short.
 */
export function detailsProblems(details: Details): Partial<Record<keyof TCreateCourtInput, string>> {
  const input = { ...createInput(details), public: details.isPublic ?? undefined, indoor: details.indoor ?? undefined };
  const result = ZCreateCourtInput.safeParse(input);
  const problems: Partial<Record<keyof TCreateCourtInput, string>> = result.success ? {} : fieldProblems(result.error);
  const name = courtNameProblem(details.name);
  if (name) problems.name = name;
  return problems;
}

/** spec 001 section 2.7: create is enabled only when name, public/private and indoor/outdoor are chosen. */
export function canCreateCourt(details: Details): boolean {
  const problems = detailsProblems(details);
  return !problems.name && !problems.public && !problems.indoor;
}

/** The steppers keep min ≤ max: raising the minimum lifts the maximum, lowering the maximum pulls the minimum. */
export function withMinPlayers(details: Details, minPlayers: number): Pick<Details, "minPlayers" | "maxPlayers"> {
  return { minPlayers, maxPlayers: Math.max(minPlayers, details.maxPlayers) };
}
export function withMaxPlayers(details: Details, maxPlayers: number): Pick<Details, "minPlayers" | "maxPlayers"> {
  return { maxPlayers, minPlayers: Math.min(maxPlayers, details.minPlayers) };
}

/** `step` 2 shows the details; it needs a place, so without one the wizard is on step one. */
export type WizardState = { step: 1 | 2; location: TSavedLocation | null; details: Details };

export type WizardAction =
  | { type: "found"; location: TSavedLocation }
  | { type: "reset" }
  | { type: "continue" }
  | { type: "back" }
  | { type: "details"; change: Partial<Details> };

export const INITIAL_WIZARD: WizardState = { step: 1, location: null, details: INITIAL_DETAILS };

/** The details live beside the steps, so going back to change the place keeps what was typed. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "found":
      return { ...state, location: action.location };
    case "reset":
      return { ...state, location: null };
    case "continue": {
      // A named place (a park, a sports ground) suggests the court's name.
      const suggested = state.location?.place.name;
      const details = suggested && !state.details.name ? { ...state.details, name: suggested } : state.details;
      return { ...state, step: 2, details };
    }
    case "back":
      return { ...state, step: 1 };
    case "details":
      return { ...state, details: { ...state.details, ...action.change } };
  }
}

/** The step on screen: the details only with a place. */
export function shownStep(state: WizardState): 1 | 2 {
  return state.step === 2 && state.location ? 2 : 1;
}
