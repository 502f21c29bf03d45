import { describe, expect, test } from "bun:test";
import type { TSavedLocation } from "@shared/schemas/courts";
import {
  canCreateCourt,
  createInput,
  detailsProblems,
  INITIAL_DETAILS,
  INITIAL_WIZARD,
  shownStep,
  withMaxPlayers,
  withMinPlayers,
  wizardReducer,
  type Details,
} from "./wizard-state";

const place = (name: string | null): TSavedLocation => ({
  place: {
    osmId: null,
    name,
    address: "Eberswalder Str. 1, 10437 Berlin",
    street: "Eberswalder Str.",
    houseNumber: "1",
    postcode: "10437",
    town: "Berlin",
    state: "Berlin",
    latitude: 52.54,
    longitude: 13.4,
  },
  courts: [],
});

const chosen: Details = { ...INITIAL_DETAILS, name: "Mauerpark", isPublic: true, indoor: false };

describe("the details step (spec 001 section 2.7)", () => {
  test("create needs a name, public/private and indoor/outdoor", () => {
    expect(canCreateCourt(INITIAL_DETAILS)).toBe(false);
    expect(canCreateCourt(chosen)).toBe(true);
    expect(canCreateCourt({ ...chosen, isPublic: null })).toBe(false);
    expect(canCreateCourt({ ...chosen, indoor: null })).toBe(false);
    expect(canCreateCourt({ ...chosen, name: "A" })).toBe(false);
  });

  test("problems are the shared schema's codes, by field", () => {
    expect(detailsProblems(chosen)).toEqual({});
    expect(detailsProblems(INITIAL_DETAILS)).toEqual({ name: "required", public: "court_public_required", indoor: "court_indoor_required" });
    expect(detailsProblems({ ...chosen, name: "  A " }).name).toBe("court_name_too_short");
    // the old client copy let these through; the server refuses them
    expect(detailsProblems({ ...chosen, name: "Mauer\tpark" }).name).toBe("text_control_chars");
    expect(detailsProblems({ ...chosen, alternativeNames: ["Mauerpark Nord", "Mauer\tpark"] }).alternativeNames).toBe("text_control_chars");
    expect(detailsProblems({ ...chosen, alternativeNames: ["x".repeat(101)] }).alternativeNames).toBe("invalid");
  });

  test("a blank alternative name is left out, not refused", () => {
    const details = { ...chosen, name: " Mauerpark ", alternativeNames: ["", " Nord "], fencing: "" as const };
    expect(detailsProblems(details)).toEqual({});
    expect(createInput(details)).toMatchObject({ name: "Mauerpark", alternativeNames: ["Nord"], public: true, indoor: false, fencing: null });
  });

  test("the player steppers keep min at most max", () => {
    expect(withMinPlayers({ ...chosen, maxPlayers: 10 }, 12)).toEqual({ minPlayers: 12, maxPlayers: 12 });
    expect(withMinPlayers({ ...chosen, maxPlayers: 10 }, 8)).toEqual({ minPlayers: 8, maxPlayers: 10 });
    expect(withMaxPlayers({ ...chosen, minPlayers: 6 }, 4)).toEqual({ minPlayers: 4, maxPlayers: 4 });
    expect(withMaxPlayers({ ...chosen, minPlayers: 6 }, 20)).toEqual({ minPlayers: 6, maxPlayers: 20 });
  });
});

describe("the wizard's steps", () => {
  test("the details need a place; continuing suggests the place's name", () => {
    expect(shownStep(wizardReducer(INITIAL_WIZARD, { type: "continue" }))).toBe(1);
    const found = wizardReducer(INITIAL_WIZARD, { type: "found", location: place("Mauerpark") });
    expect(shownStep(found)).toBe(1);
    const next = wizardReducer(found, { type: "continue" });
    expect(shownStep(next)).toBe(2);
    expect(next.details.name).toBe("Mauerpark");
  });

  test("a name already typed is kept, and a plain address suggests none", () => {
    const typed = wizardReducer(INITIAL_WIZARD, { type: "details", change: { name: "Bolzplatz" } });
    const found = wizardReducer(typed, { type: "found", location: place("Mauerpark") });
    expect(wizardReducer(found, { type: "continue" }).details.name).toBe("Bolzplatz");
    const plain = wizardReducer(INITIAL_WIZARD, { type: "found", location: place(null) });
    expect(wizardReducer(plain, { type: "continue" }).details.name).toBe("");
  });

  test("going back to change the place keeps the details", () => {
    let state = wizardReducer(INITIAL_WIZARD, { type: "found", location: place(null) });
    state = wizardReducer(state, { type: "continue" });
    state = wizardReducer(state, { type: "details", change: { name: "Halle", indoor: true } });
    state = wizardReducer(state, { type: "back" });
    expect(shownStep(state)).toBe(1);
    state = wizardReducer(state, { type: "reset" });
    expect(state.location).toBeNull();
    expect(state.details).toMatchObject({ name: "Halle", indoor: true });
  });
});
