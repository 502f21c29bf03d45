import { describe, expect, test } from "bun:test";
import type { TTournament } from "@shared/schemas/tournaments";
import { gameIdOf, initialCreateState, initialEditState, toInput, updatePayload, type TournamentFormState } from "./tournament-form-state";

// Saturday 28 November 2026, 10:00 in Berlin
const now = new Date("2026-11-28T09:00:00Z");
const court = { id: 7, name: "Soccerhalle Kreuzberg", address: "Ohlauer Str. 1", imageUrl: null, turf: null, indoor: true, public: false };

function filled(change: Partial<TournamentFormState> = {}): TournamentFormState {
  return { ...initialCreateState(now), name: "Winter Cup", court, ...change };
}

const saved: TTournament = {
  id: 4,
  name: "Winter Cup",
  startTime: new Date("2026-12-12T09:00:00Z"),
  endTime: new Date("2026-12-12T17:00:00Z"),
  locationName: null,
  court: { ...court, latitude: 52.5, longitude: 13.4, regionId: 1 },
  region: { id: 1, slug: "berlin", name: "Berlin" },
  gameMode: 5,
  maxTeams: 16,
  maxPlayers: 15,
  teamAmount: 0,
  full: false,
  participationPriceCents: 2500,
  pricePerPlayer: true,
  business: true,
  vatPercentIncluded: 19,
  publishedAt: null,
  cancelledAt: null,
  description: "Hallenturnier",
  descriptionEn: null,
  rules: "Fair play",
  rulesEn: null,
  cancellationPolicy: "",
  cancellationPolicyEn: null,
  termsOfParticipation: "",
  termsOfParticipationEn: null,
  signupUrl: null,
  planUrl: null,
  hasPlan: false,
  whatsappGroupUrl: null,
  singlePlayerGame: { id: 12, startTime: new Date("2026-12-12T08:00:00Z") },
  organizer: { id: 2, firstName: "Olga", profileImageUrl: null },
  organization: null,
  createdAt: now,
  updatedAt: now,
  viewer: { canManage: true },
};

describe("the create form", () => {
  test("defaults: two weeks ahead 10 to 18 in Berlin, 16 teams of 5 a side, 15 players each (spec 001 section 9)", () => {
    const { input, problems } = toInput(filled(), now);
    expect(problems).toEqual({});
    expect(input).toMatchObject({
      name: "Winter Cup",
      startTime: new Date("2026-12-12T09:00:00Z"),
      endTime: new Date("2026-12-12T17:00:00Z"),
      courtId: 7,
      locationName: null,
      maxTeams: 16,
      gameMode: 5,
      maxPlayers: 15,
      participationPriceCents: 0,
      descriptionEn: null,
      signupUrl: null,
      singlePlayerGameId: null,
    });
  });

  test("the price is typed in euros and sent in cents", () => {
    expect(toInput(filled({ price: "25,50" }), now).input.participationPriceCents).toBe(2550);
    expect(toInput(filled({ price: "120" }), now).input.participationPriceCents).toBe(12000);
    expect(toInput(filled({ price: "zwölf" }), now).problems.participationPriceCents).toBe("price_invalid");
    expect(toInput(filled({ price: "1500" }), now).problems.participationPriceCents).toBe("tournament_price_too_high");
  });

  test("the shared schema's problems, by input name", () => {
    const { problems } = toInput(
      filled({ name: " ", endTime: "09:00", signupUrl: "ftp://x.de", maxPlayers: 3, gameMode: 5, descriptionEn: "ok", rulesEn: "" }),
      now,
    );
    expect(problems).toEqual({
      name: "tournament_name_required",
      endTime: "end_before_start",
      signupUrl: "url_invalid",
      maxPlayers: "max_players_below_game_mode",
    });
  });

  test("a court or a place by name; without either the problem is at the chosen kind", () => {
    expect(toInput(filled({ court: null }), now).problems).toEqual({ courtId: "tournament_place_required" });
    expect(toInput(filled({ place: "name", locationName: "" }), now).problems).toEqual({ locationName: "tournament_place_required" });
    const byName = toInput(filled({ place: "name", locationName: "Sportpark Nord" }), now);
    expect(byName.problems).toEqual({});
    expect(byName.input).toMatchObject({ courtId: null, locationName: "Sportpark Nord" });
  });

  test("the start must lie ahead and within two years", () => {
    expect(toInput(filled({ startDay: "2026-11-28", startTime: "09:00", endDay: "2026-11-28" }), now).problems).toEqual({ startTime: "tournament_start_in_past" });
    expect(toInput(filled({ startDay: "2029-01-01", endDay: "2029-01-01" }), now).problems).toEqual({ startTime: "tournament_start_too_far" });
    expect(toInput(filled({ startDay: "" }), now).problems.startTime).toBe("start_time_required");
  });

  test("the single-player game from its link or number", () => {
    expect(gameIdOf("")).toBeUndefined();
    expect(gameIdOf("12")).toBe(12);
    expect(gameIdOf("https://kickrunde.de/game/12")).toBe(12);
    expect(gameIdOf("http://127.0.0.1:3000/game/12/abendkick?x=1")).toBe(12);
    expect(gameIdOf("/game/12")).toBe(12);
    expect(gameIdOf("https://kickrunde.de/court/12")).toBeNull();
    expect(gameIdOf("zwölf")).toBeNull();
    expect(toInput(filled({ singlePlayerGame: "https://kickrunde.de/game/12" }), now).input.singlePlayerGameId).toBe(12);
    expect(toInput(filled({ singlePlayerGame: "nope" }), now).problems).toEqual({ singlePlayerGameId: "tournament_game_link_invalid" });
  });
});

describe("the edit form", () => {
  test("shows the saved tournament in Berlin time and euros", () => {
    expect(initialEditState(saved, "de")).toMatchObject({
      startDay: "2026-12-12",
      startTime: "10:00",
      endTime: "18:00",
      place: "court",
      price: "25,00",
      pricePerPlayer: true,
      business: true,
      descriptionEn: "",
      singlePlayerGame: "12",
    });
  });

  test("sends only what changed", () => {
    const unchanged = toInput(initialEditState(saved, "de"), now);
    expect(unchanged.problems).toEqual({});
    expect(updatePayload(saved, unchanged.input)).toEqual({ tournamentId: 4 });
    const changed = toInput({ ...initialEditState(saved, "de"), name: " Winter Cup 2026 ", price: "30", descriptionEn: "Indoor" }, now);
    expect(updatePayload(saved, changed.input)).toEqual({ tournamentId: 4, name: "Winter Cup 2026", participationPriceCents: 3000, descriptionEn: "Indoor" });
    const moved = toInput({ ...initialEditState(saved, "de"), place: "name", locationName: "Sportpark Nord" }, now);
    expect(updatePayload(saved, moved.input)).toEqual({ tournamentId: 4, courtId: null, locationName: "Sportpark Nord" });
  });
});
