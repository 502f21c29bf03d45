import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { organizations, tournamentParticipations } from "../db/schema";
import { createCourt, createRegion } from "../testing/factories";
import { wrapperCalls } from "../testing/graphql-wrapper";
import { httpClient } from "../testing/http-client";
import { signedInPlayer } from "../testing/payment-fixtures";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's tournament queries (spec 001 section 7), each with exactly its documented arguments:
 * tournament(id) (with participations, channelMessages, court and organizer) and upcomingTournaments(regionId).
 * Ids travel as strings, the price in euros beside the cents.
 */

let deps: Deps;
let region: { id: number; slug: string };
let organizationId: number;
beforeAll(async () => {
  deps = await testDeps();
  region = await createRegion(deps);
  organizationId = (await deps.db.insert(organizations).values({ name: "Wrapper e.V." }).returning())[0]!.id;
});
afterEach(() => testClock.reset());
const { signedIn, ok, failure } = wrapperCalls(() => deps);

const TOURNAMENT_FIELDS = `id name description descriptionEn startTime endTime maxTeams teamAmount maxPlayers locationName gameMode
  participationPrice participationPriceCents pricePerPlayer business signupUrl planUrl whatsappGroupUrl organizer { id }
  rules rulesEn cancellationPolicy cancellationPolicyEn termsOfParticipation termsOfParticipationEn
  court { id name latitude longitude } singlePlayerGame { id } channelMessages { id message }
  tournamentParticipations { id teamName team { id name } user { id } paymentStatus paymentIntentClientSecret dataComplete playerCount
    firstName lastName email phoneNumber paymentReminderSentAt createdAt invoiceCompanyName invoiceCountry }`;
const TOURNAMENT = `query tournament($id: ID!) { tournament(id: $id) { ${TOURNAMENT_FIELDS} } }`;
const UPCOMING = `query upcomingTournaments($regionId: ID!) { upcomingTournaments(regionId: $regionId) { id name startTime teamAmount maxTeams participationPrice organizer { id } court { id } } }`;

describe("tournaments through the wrapper", () => {
  test("tournament(id) answers the spec's fields; the teams only to the organiser and admins; upcomingTournaments(regionId) by start", async () => {
    testClock.freeze("2026-06-01T08:00:00Z");
    const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
    const court = await createCourt(deps, { regionId: region.id });
    const t = await org.caller.tournaments.create({
      name: "Business-Cup",
      startTime: new Date("2026-06-20T08:00:00Z"),
      endTime: new Date("2026-06-20T16:00:00Z"),
      maxTeams: 4,
      courtId: court.id,
      participationPriceCents: 1250,
      pricePerPlayer: true,
      business: true,
      rules: "Fair Play",
      planUrl: "https://example.org/plan",
    });
    await org.caller.tournaments.publish({ tournamentId: t.id });
    await deps.db.insert(tournamentParticipations).values({
      tournamentId: t.id,
      userId: org.user.id,
      teamName: "FC Test",
      playerCount: 7,
      firstName: "Ana",
      lastName: "Lyse",
      email: "ana@example.org",
      phoneNumber: "+49301234567",
    });
    const id = String(t.id);

    const visitor = httpClient(deps);
    const seen = (await ok(visitor, TOURNAMENT, { id })).tournament;
    expect(seen).toMatchObject({
      id,
      name: "Business-Cup",
      startTime: "2026-06-20T08:00:00.000Z",
      maxTeams: 4,
      teamAmount: 1,
      maxPlayers: 15,
      gameMode: 5,
      participationPrice: 12.5,
      participationPriceCents: 1250,
      pricePerPlayer: true,
      business: true,
      rules: "Fair Play",
      rulesEn: null,
      planUrl: "https://example.org/plan",
      organizer: { id: String(org.user.id) },
      court: { id: String(court.id), name: court.name },
      singlePlayerGame: null,
      channelMessages: [],
      tournamentParticipations: [],
    });

    // another member of the organisation sees no teams; an admin sees them in the old shape (a business team without invoice data: not complete)
    const { client: otherMember } = await signedIn({ organizationId });
    expect((await ok(otherMember, TOURNAMENT, { id })).tournament.tournamentParticipations).toEqual([]);
    const admin = await signedIn({ isAdmin: true });
    const teams = (await ok(admin.client, TOURNAMENT, { id })).tournament.tournamentParticipations;
    expect(teams).toEqual([
      expect.objectContaining({
        teamName: "FC Test",
        team: { id: teams[0].id, name: "FC Test" },
        user: { id: String(org.user.id) },
        paymentStatus: "Open",
        paymentIntentClientSecret: null,
        dataComplete: false,
        playerCount: 7,
        email: "ana@example.org",
        invoiceCountry: null,
      }),
    ]);

    const upcoming = (await ok(visitor, UPCOMING, { regionId: String(region.id) })).upcomingTournaments;
    expect(upcoming).toEqual([{ id, name: "Business-Cup", startTime: "2026-06-20T08:00:00.000Z", teamAmount: 1, maxTeams: 4, participationPrice: 12.5, organizer: { id: String(org.user.id) }, court: { id: String(court.id) } }]);

    // a draft is not found for anybody but its organiser and admins; an unknown region is refused
    const draft = await org.caller.tournaments.create({ name: "Entwurf", startTime: new Date("2026-06-21T08:00:00Z"), endTime: new Date("2026-06-21T12:00:00Z"), maxTeams: 4, locationName: "Park" });
    expect((await failure(visitor, TOURNAMENT, { id: String(draft.id) }))?.code).toBe("TOURNAMENT_NOT_FOUND");
    expect((await ok(admin.client, TOURNAMENT, { id: String(draft.id) })).tournament.name).toBe("Entwurf");
    expect((await failure(visitor, UPCOMING, { regionId: "2000000" }))?.code).toBe("REGION_NOT_FOUND");
    expect((await failure(visitor, TOURNAMENT, { id: "abc" }))?.code).toBe("VALIDATION");
  });
});
