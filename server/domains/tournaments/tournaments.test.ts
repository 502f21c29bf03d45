import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { TCreateTournamentInput } from "@shared/schemas/tournaments";
import type { Deps } from "../../context";
import { tournamentParticipations, tournaments } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createCourt, createGameRow, createRegion } from "../../testing/factories";
import { signedInPlayer } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { tournamentWorld, type TournamentWorld } from "../../testing/tournament-fixtures";

let deps: Deps, region: TournamentWorld["region"], organizationId: number;
tournamentWorld("Turnier e.V.", (world) => ({ deps, region, organizationId } = world));

const H = 3_600_000;
/** Saturday 2 May 2026, 10:00 UTC. */
const NOW = new Date("2026-05-02T10:00:00Z");
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * H);

function input(overrides: Partial<TCreateTournamentInput> = {}): TCreateTournamentInput {
  return { name: "Sommer-Cup", startTime: at(24 * 7), endTime: at(24 * 7 + 8), maxTeams: 8, locationName: "Tempelhofer Feld", regionId: region.id, ...overrides };
}

/** The database's refusal (constraint name included), or "" when it succeeded. */
const errorOf = (q: PromiseLike<unknown>) =>
  Promise.resolve(q).then(
    () => "",
    (e: unknown) => String(e) + String((e as { cause?: unknown }).cause ?? ""),
  );

const member = () => signedInPlayer(deps, { organizationId, regionId: region.id });
const admin = () => signedInPlayer(deps, { isAdmin: true });

async function published(overrides: Partial<TCreateTournamentInput> = {}) {
  const org = await member();
  const t = await org.caller.tournaments.create(input(overrides));
  await org.caller.tournaments.publish({ tournamentId: t.id });
  return { org, t };
}

describe("creating a tournament", () => {
  test("admins and organisation members create drafts they organise; the organisation is the creator's", async () => {
    testClock.freeze(NOW);
    const org = await member();
    const t = await org.caller.tournaments.create(
      input({ participationPriceCents: 2500, pricePerPlayer: true, business: true, descriptionEn: "Summer cup", signupUrl: "https://example.org/anmeldung" }),
    );
    expect(t).toMatchObject({
      name: "Sommer-Cup",
      organizer: { id: org.user.id },
      organization: { id: organizationId, name: "Turnier e.V." },
      region: { id: region.id },
      maxPlayers: 15,
      gameMode: 5,
      teamAmount: 0,
      full: false,
      participationPriceCents: 2500,
      pricePerPlayer: true,
      business: true,
      vatPercentIncluded: 19,
      publishedAt: null,
      cancelledAt: null,
      signupUrl: "https://example.org/anmeldung",
      viewer: { canManage: true },
    });
    const byAdmin = await (await admin()).caller.tournaments.create(input({ business: false }));
    expect(byAdmin).toMatchObject({ organization: null, vatPercentIncluded: null, viewer: { canManage: true } });
  });

  test("a player without an organisation may not, and a visitor must sign in", async () => {
    testClock.freeze(NOW);
    const player = await signedInPlayer(deps, { regionId: region.id });
    expect(await errorData(player.caller.tournaments.create(input()))).toEqual({ code: "FORBIDDEN" });
    expect(await errorData((await callerFor(deps)).caller.tournaments.create(input()))).toEqual({ code: "UNAUTHENTICATED" });
  });

  test("the start lies ahead (fake clock), at most two years", async () => {
    const org = await member();
    testClock.freeze(NOW);
    expect(await errorData(org.caller.tournaments.create(input({ startTime: NOW, endTime: at(5) })))).toMatchObject({ code: "TOURNAMENT_IN_PAST" });
    expect(await errorData(org.caller.tournaments.create(input({ startTime: at(0.01), endTime: at(5) })))).toEqual({ code: "OK" });
    expect(await errorData(org.caller.tournaments.create(input({ startTime: at(24 * 731), endTime: at(24 * 731 + 5) })))).toMatchObject({
      code: "TOURNAMENT_TOO_FAR_AHEAD",
    });
  });

  test("limits and coupled rules are refused with the field's code", async () => {
    testClock.freeze(NOW);
    const org = await member();
    const cases: [Partial<TCreateTournamentInput>, string, string][] = [
      [{ endTime: at(24 * 7) }, "endTime", "end_before_start"],
      [{ endTime: at(24 * 7 + 73) }, "endTime", "tournament_too_long"],
      [{ maxTeams: 1 }, "maxTeams", "max_teams_range"],
      [{ maxTeams: 129 }, "maxTeams", "max_teams_range"],
      [{ maxPlayers: 31 }, "maxPlayers", "max_players_range"],
      [{ gameMode: 7, maxPlayers: 6 }, "maxPlayers", "max_players_below_game_mode"],
      [{ participationPriceCents: -1 }, "participationPriceCents", "price_negative"],
      [{ participationPriceCents: 100_001 }, "participationPriceCents", "tournament_price_too_high"],
      [{ participationPriceCents: 12.5 }, "participationPriceCents", "price_invalid"],
      [{ planUrl: "javascript:alert(1)" }, "planUrl", "url_invalid"],
      [{ signupUrl: "ftp://example.org/x" }, "signupUrl", "url_invalid"],
      [{ whatsappGroupUrl: "https://chat.whatsapp.com/a b" }, "whatsappGroupUrl", "url_invalid"],
      [{ name: "" }, "name", "tournament_name_required"],
      [{ name: "x".repeat(101) }, "name", "tournament_name_too_long"],
      [{ description: "a\u0000b" }, "description", "text_control_chars"],
      [{ rules: "x".repeat(10_001) }, "rules", "tournament_text_too_long"],
      [{ locationName: null, courtId: null }, "locationName", "tournament_place_required"],
    ];
    for (const [overrides, path, code] of cases) {
      expect({ overrides, error: await errorData(org.caller.tournaments.create(input(overrides))) }).toMatchObject({
        overrides,
        error: { code: "VALIDATION", fields: [{ path, code }] },
      });
    }
    // an empty link is no link
    expect((await org.caller.tournaments.create(input({ planUrl: "" }))).planUrl).toBeNull();
  });

  test("references: the court's region unless one is chosen, an unknown court, region or single-player game is refused", async () => {
    testClock.freeze(NOW);
    const org = await member();
    const other = await createRegion(deps);
    const court = await createCourt(deps, { regionId: other.id });
    const onCourt = await org.caller.tournaments.create(input({ courtId: court.id, locationName: null, regionId: null }));
    expect(onCourt).toMatchObject({ court: { id: court.id, name: court.name }, region: { id: other.id }, locationName: null });
    // without a court or a chosen region: the organiser's
    expect((await org.caller.tournaments.create(input({ regionId: null }))).region.id).toBe(region.id);
    expect(await errorData(org.caller.tournaments.create(input({ courtId: 2_000_000 })))).toMatchObject({ code: "COURT_NOT_FOUND" });
    expect(await errorData(org.caller.tournaments.create(input({ regionId: 2_000_000 })))).toMatchObject({ code: "REGION_NOT_FOUND" });
    expect(await errorData(org.caller.tournaments.create(input({ singlePlayerGameId: 2_000_000 })))).toMatchObject({
      code: "VALIDATION",
      fields: [{ path: "singlePlayerGameId", code: "single_player_game_not_found" }],
    });
    const game = await createGameRow(deps, { creatorId: org.user.id, regionId: region.id, startTime: at(24 * 7) });
    expect((await org.caller.tournaments.create(input({ singlePlayerGameId: game.id }))).singlePlayerGame).toEqual({ id: game.id, startTime: at(24 * 7) });
    const adminWithoutRegion = await admin();
    expect(await errorData(adminWithoutRegion.caller.tournaments.create(input({ regionId: null })))).toMatchObject({
      code: "VALIDATION",
      fields: [{ path: "regionId", code: "region_required" }],
    });
  });
});

describe("who sees and manages a tournament", () => {
  test("a draft is seen by its organiser and admins only; published, by everybody; cancelled, as cancelled", async () => {
    testClock.freeze(NOW);
    const org = await member();
    const t = await org.caller.tournaments.create(input());
    const visitor = (await callerFor(deps)).caller;
    const player = (await signedInPlayer(deps)).caller;
    const otherMember = (await member()).caller;
    const adm = (await admin()).caller;
    for (const c of [visitor, player, otherMember]) expect(await errorData(c.tournaments.byId({ tournamentId: t.id }))).toEqual({ code: "TOURNAMENT_NOT_FOUND" });
    expect((await adm.tournaments.byId({ tournamentId: t.id })).viewer).toEqual({ canManage: true });

    testClock.advance(H);
    const pub = await org.caller.tournaments.publish({ tournamentId: t.id });
    expect(pub.publishedAt).toEqual(at(1));
    // publishing again changes nothing
    testClock.advance(H);
    expect((await org.caller.tournaments.publish({ tournamentId: t.id })).publishedAt).toEqual(at(1));
    for (const c of [visitor, player, otherMember]) expect((await c.tournaments.byId({ tournamentId: t.id })).viewer).toEqual({ canManage: false });

    const cancelled = await adm.tournaments.cancel({ tournamentId: t.id });
    expect(cancelled.cancelledAt).toEqual(at(2));
    expect((await visitor.tournaments.byId({ tournamentId: t.id })).cancelledAt).toEqual(at(2));
    expect(await errorData(org.caller.tournaments.cancel({ tournamentId: t.id }))).toEqual({ code: "TOURNAMENT_CANCELLED" });
    expect(await errorData(org.caller.tournaments.update({ tournamentId: t.id, name: "Neu" }))).toEqual({ code: "TOURNAMENT_CANCELLED" });
    expect(await errorData(org.caller.tournaments.publish({ tournamentId: t.id }))).toEqual({ code: "TOURNAMENT_CANCELLED" });
    expect(await errorData(visitor.tournaments.byId({ tournamentId: 2_000_000 }))).toEqual({ code: "TOURNAMENT_NOT_FOUND" });
  });

  test("only the organiser and admins edit, publish and cancel; somebody else's draft does not exist for them", async () => {
    testClock.freeze(NOW);
    const { org, t } = await published();
    const draft = await org.caller.tournaments.create(input());
    const otherMember = (await member()).caller;
    const player = (await signedInPlayer(deps)).caller;
    for (const c of [otherMember, player]) {
      expect(await errorData(c.tournaments.update({ tournamentId: t.id, name: "Meins" }))).toEqual({ code: "FORBIDDEN" });
      expect(await errorData(c.tournaments.cancel({ tournamentId: t.id }))).toEqual({ code: "FORBIDDEN" });
      expect(await errorData(c.tournaments.update({ tournamentId: draft.id, name: "Meins" }))).toEqual({ code: "TOURNAMENT_NOT_FOUND" });
      expect(await errorData(c.tournaments.publish({ tournamentId: draft.id }))).toEqual({ code: "TOURNAMENT_NOT_FOUND" });
    }
    const [row] = await deps.db.select().from(tournaments).where(eq(tournaments.id, t.id));
    expect(row).toMatchObject({ name: "Sommer-Cup", cancelledAt: null });
    const edited = await (await admin()).caller.tournaments.update({ tournamentId: t.id, name: "Herbst-Cup", rulesEn: "Be fair" });
    expect(edited).toMatchObject({ name: "Herbst-Cup", rulesEn: "Be fair", organizer: { id: org.user.id } });
  });
});

describe("editing", () => {
  test("the coupled rules hold for the merged result; a new start must lie ahead; nothing changes after the end", async () => {
    testClock.freeze(NOW);
    const { org, t } = await published({ gameMode: 6, maxPlayers: 10 });
    expect(await errorData(org.caller.tournaments.update({ tournamentId: t.id, endTime: t.startTime }))).toMatchObject({
      code: "VALIDATION",
      fields: [{ path: "endTime", code: "end_before_start" }],
    });
    expect(await errorData(org.caller.tournaments.update({ tournamentId: t.id, maxPlayers: 5 }))).toMatchObject({
      code: "VALIDATION",
      fields: [{ path: "maxPlayers", code: "max_players_below_game_mode" }],
    });
    expect(await errorData(org.caller.tournaments.update({ tournamentId: t.id, locationName: null }))).toMatchObject({
      code: "VALIDATION",
      fields: [{ path: "locationName", code: "tournament_place_required" }],
    });
    expect(await errorData(org.caller.tournaments.update({ tournamentId: t.id, startTime: at(-1), endTime: at(3) }))).toEqual({ code: "TOURNAMENT_IN_PAST" });
    const moved = await org.caller.tournaments.update({ tournamentId: t.id, startTime: at(48), endTime: at(56), maxPlayers: 12 });
    expect(moved).toMatchObject({ startTime: at(48), endTime: at(56), maxPlayers: 12, gameMode: 6 });

    // once it has started, the unchanged start is no obstacle; once it has ended, nothing changes
    testClock.freeze(at(50));
    expect((await org.caller.tournaments.update({ tournamentId: t.id, description: "Läuft" })).description).toBe("Läuft");
    testClock.freeze(at(56));
    expect(await errorData(org.caller.tournaments.update({ tournamentId: t.id, description: "Vorbei" }))).toEqual({ code: "TOURNAMENT_OVER" });
    expect(await errorData(org.caller.tournaments.cancel({ tournamentId: t.id }))).toEqual({ code: "TOURNAMENT_OVER" });
  });

  test("teamAmount counts the teams holding a place; maxTeams cannot drop below it", async () => {
    testClock.freeze(NOW);
    const { org, t } = await published({ maxTeams: 3 });
    const team = (teamName: string, extra: Partial<typeof tournamentParticipations.$inferInsert> = {}) => ({
      tournamentId: t.id,
      teamName,
      firstName: "Ana",
      lastName: "Lyse",
      email: "ana@example.org",
      phoneNumber: "+49301234567",
      ...extra,
    });
    await deps.db.insert(tournamentParticipations).values([
      team("A"),
      team("B", { paymentStatus: "Paid" }),
      team("C", { cancelledAt: NOW }),
      team("D", { paymentStatus: "Refunded" }),
      team("E", { queue: true }),
    ]);
    expect(await org.caller.tournaments.byId({ tournamentId: t.id })).toMatchObject({ teamAmount: 2, full: false });
    await deps.db.insert(tournamentParticipations).values(team("F", { paymentStatus: "PaidExternally" }));
    expect(await org.caller.tournaments.byId({ tournamentId: t.id })).toMatchObject({ teamAmount: 3, maxTeams: 3, full: true });
    expect(await (await callerFor(deps)).caller.tournaments.upcoming({ regionId: region.id })).toContainEqual(
      expect.objectContaining({ id: t.id, teamAmount: 3, full: true }),
    );
    expect(await errorData(org.caller.tournaments.update({ tournamentId: t.id, maxTeams: 2 }))).toEqual({ code: "MAX_TEAMS_BELOW_TEAMS" });
    // a fourth place: the waiting team E moves up into it (README "Waiting list and promotion")
    expect(await org.caller.tournaments.update({ tournamentId: t.id, maxTeams: 4 })).toMatchObject({ teamAmount: 4, maxTeams: 4, full: true });
    // an active team name is unique per tournament, whatever its case
    expect(await errorOf(deps.db.insert(tournamentParticipations).values(team("a")))).toContain("tournament_participations_team_name_unique");
  });
});

describe("upcoming tournaments of a region", () => {
  test("published, not cancelled, not yet ended, by start; by region id or slug", async () => {
    testClock.freeze(NOW);
    const place = await createRegion(deps);
    const org = await signedInPlayer(deps, { organizationId, regionId: place.id });
    const make = async (name: string, start: number, end: number, publish = true) => {
      const t = await org.caller.tournaments.create(input({ name, startTime: at(start), endTime: at(end), regionId: place.id }));
      if (publish) await org.caller.tournaments.publish({ tournamentId: t.id });
      return t;
    };
    const later = await make("Später", 72, 80);
    await make("Bald", 2, 10);
    await make("Entwurf", 3, 5, false);
    const cancelled = await make("Abgesagt", 4, 6);
    await org.caller.tournaments.cancel({ tournamentId: cancelled.id });
    await make("Am See", 5, 7);
    const visitor = (await callerFor(deps)).caller;
    const names = async () => (await visitor.tournaments.upcoming({ regionSlug: place.slug })).map((t) => t.name);
    expect(await names()).toEqual(["Bald", "Am See", "Später"]);
    expect((await visitor.tournaments.upcoming({ regionId: place.id })).map((t) => t.id)).toContain(later.id);

    // a running tournament is still upcoming until its end; an ended one is gone
    testClock.freeze(at(9));
    expect(await names()).toEqual(["Bald", "Später"]);
    testClock.freeze(at(10));
    expect(await names()).toEqual(["Später"]);

    expect(await errorData(visitor.tournaments.upcoming({ regionSlug: "gibt-es-nicht" }))).toMatchObject({ code: "REGION_NOT_FOUND" });
    expect(await errorData(visitor.tournaments.upcoming({ regionId: 2_000_000 }))).toMatchObject({ code: "REGION_NOT_FOUND" });
    expect(await errorData(visitor.tournaments.upcoming({}))).toMatchObject({ code: "VALIDATION", fields: [{ path: "regionId", code: "region_required" }] });
  });
});
