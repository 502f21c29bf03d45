import { describe, expect, test } from "bun:test";
import { SESSION_COOKIE } from "@shared/constants";
import type { Deps } from "../context";
import { tournamentParticipations } from "../db/schema";
import { createCourt, FACTORY_PASSWORD } from "../testing/factories";
import { wrapperCalls } from "../testing/graphql-wrapper";
import { httpClient } from "../testing/http-client";
import { connectAccount, signedInPlayer } from "../testing/payment-fixtures";
import { testClock } from "../testing/test-clock";
import { tournamentWorld, type TournamentWorld } from "../testing/tournament-fixtures";

/**
 * The native wrapper's tournament queries (spec 001 section 7), each with exactly its documented arguments:
 * tournament(id) (with participations, channelMessages, court and organizer) and upcomingTournaments(regionId).
 * Ids travel as strings, the price in euros beside the cents.
 */

let deps: Deps, region: TournamentWorld["region"], organizationId: number;
tournamentWorld("Wrapper e.V.", (world) => ({ deps, region, organizationId } = world));
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
    // a priced tournament needs an organiser who can take charges
    await connectAccount(deps, org.user.id);
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

describe("the channel and payment reminders through the wrapper", () => {
  const SEND = `mutation sendChannelMessage($tournamentId: ID!, $message: String!) { sendChannelMessage(tournamentId: $tournamentId, message: $message) { id message createdAt sender { id } readBy { id } } }`;
  const MARK = `mutation markChannelMessageRead($tournamentChannelMessageId: ID!) { markChannelMessageRead(tournamentChannelMessageId: $tournamentChannelMessageId) { ok success } }`;
  const REMIND = `mutation sendPaymentReminder($tournamentParticipationId: ID!) { sendPaymentReminder(tournamentParticipationId: $tournamentParticipationId) { id teamName paymentStatus paymentReminderSentAt } }`;
  const CHANNEL = `query tournament($id: ID!) { tournament(id: $id) { id channelMessages { id sender { id } message createdAt readBy { id } } } }`;

  test("sendChannelMessage(tournamentId, message), markChannelMessageRead(tournamentChannelMessageId), Tournament.channelMessages with readBy; sendPaymentReminder(tournamentParticipationId)", async () => {
    testClock.freeze("2026-06-01T08:00:00Z");
    const own = await signedInPlayer(deps, { organizationId, regionId: region.id });
    const mine = await own.caller.tournaments.create({ name: "Wrapper-Kanal", startTime: new Date("2026-06-21T08:00:00Z"), endTime: new Date("2026-06-21T16:00:00Z"), maxTeams: 4, locationName: "Park" });
    await own.caller.tournaments.publish({ tournamentId: mine.id });
    const team = await signedIn();
    const [paid] = await deps.db
      .insert(tournamentParticipations)
      .values({ tournamentId: mine.id, userId: team.user.id, teamName: "FC Kanal", paymentStatus: "Paid", firstName: "Ana", lastName: "Lyse", email: "kanal@example.org", phoneNumber: "+49301234567" })
      .returning();
    const [open] = await deps.db
      .insert(tournamentParticipations)
      .values({ tournamentId: mine.id, teamName: "FC Offen", firstName: "Olga", lastName: "Offen", email: "offen@example.org", phoneNumber: "+49301234568", amountCents: 4000, createdAt: new Date("2026-05-30T08:00:00Z") })
      .returning();
    const id = String(mine.id);

    // only the organiser (or an admin) writes: the organiser signs in to the wrapper as it does
    const organiser = httpClient(deps);
    await organiser.graphql(`mutation($email: String!, $password: String!) { tokenAuth(email: $email, password: $password) { token } }`, { email: own.user.email, password: FACTORY_PASSWORD });
    expect((await failure(team.client, SEND, { tournamentId: id, message: "Hallo" }))?.code).toBe("FORBIDDEN");
    const sent = (await ok(organiser, SEND, { tournamentId: id, message: "Anpfiff um 10 Uhr" })).sendChannelMessage;
    expect(sent).toEqual({ id: expect.any(String), message: "Anpfiff um 10 Uhr", createdAt: "2026-06-01T08:00:00.000Z", sender: { id: String(own.user.id) }, readBy: [{ id: String(own.user.id) }] });
    const admin = await signedIn({ isAdmin: true });

    // the paid team reads it, marks it read (twice: the same answer), and sees itself in readBy; others see no messages
    expect((await ok(team.client, CHANNEL, { id })).tournament.channelMessages).toEqual([{ id: sent.id, sender: { id: String(own.user.id) }, message: "Anpfiff um 10 Uhr", createdAt: "2026-06-01T08:00:00.000Z", readBy: [] }]);
    for (let i = 0; i < 2; i++) expect((await ok(team.client, MARK, { tournamentChannelMessageId: sent.id })).markChannelMessageRead).toEqual({ ok: true, success: true });
    expect((await ok(team.client, CHANNEL, { id })).tournament.channelMessages[0].readBy).toEqual([{ id: String(team.user.id) }]);
    expect((await ok(admin.client, CHANNEL, { id })).tournament.channelMessages[0].readBy).toEqual([{ id: String(own.user.id) }, { id: String(team.user.id) }]);
    const outsider = await signedIn();
    expect((await ok(outsider.client, CHANNEL, { id })).tournament.channelMessages).toEqual([]);
    expect((await failure(outsider.client, MARK, { tournamentChannelMessageId: sent.id }))?.code).toBe("FORBIDDEN");
    expect((await failure(httpClient(deps), MARK, { tournamentChannelMessageId: sent.id }))?.code).toBe("UNAUTHENTICATED");

    // the reminder: the Open team, registered two days ago; the paid one is not open; a second within 7 days too early
    const reminded = (await ok(organiser, REMIND, { tournamentParticipationId: String(open!.id) })).sendPaymentReminder;
    expect(reminded).toEqual({ id: String(open!.id), teamName: "FC Offen", paymentStatus: "Open", paymentReminderSentAt: "2026-06-01T08:00:00.000Z" });
    const early = await failure(organiser, REMIND, { tournamentParticipationId: String(open!.id) });
    expect(early).toMatchObject({ code: "PAYMENT_REMINDER_TOO_EARLY", details: { until: "2026-06-08T08:00:00.000Z" } });
    expect((await failure(admin.client, REMIND, { tournamentParticipationId: String(paid!.id) }))?.code).toBe("PAYMENT_REMINDER_NOT_OPEN");
    expect((await failure(team.client, REMIND, { tournamentParticipationId: String(open!.id) }))?.code).toBe("TOURNAMENT_TEAM_NOT_FOUND");
  });
});

describe("tournament teams through the wrapper", () => {
  const PARTICIPATION_FIELDS = `id teamName team { id name } user { id } paymentStatus paymentIntentClientSecret dataComplete playerCount
    firstName lastName email phoneNumber paymentReminderSentAt createdAt invoiceCompanyName invoiceLine1 invoiceLine2 invoicePostalCode
    invoiceTown invoiceCountry invoiceEmail invoiceHint`;
  const CREATE = `mutation createTournamentParticipation($tournamentId: ID!, $email: String, $firstName: String, $lastName: String, $phoneNumber: String!, $teamName: String!, $applicationLanguage: String, $playerCount: Int) {
    createTournamentParticipation(tournamentId: $tournamentId, email: $email, firstName: $firstName, lastName: $lastName, phoneNumber: $phoneNumber, teamName: $teamName, applicationLanguage: $applicationLanguage, playerCount: $playerCount) {
      participation { ${PARTICIPATION_FIELDS} } newUserPassword } }`;
  const ONE = `query tournamentParticipation($id: ID!) { tournamentParticipation(id: $id) { ${PARTICIPATION_FIELDS} } }`;
  const UPDATE = `mutation updateTournamentParticipation($tournamentParticipationId: ID!, $teamName: String, $firstName: String, $lastName: String, $phoneNumber: String, $playerCount: Int) {
    updateTournamentParticipation(tournamentParticipationId: $tournamentParticipationId, teamName: $teamName, firstName: $firstName, lastName: $lastName, phoneNumber: $phoneNumber, playerCount: $playerCount) { ${PARTICIPATION_FIELDS} } }`;
  const COMPLETE = `mutation completeTournamentParticipation($tournamentParticipationId: ID!, $invoiceCompanyName: String!, $invoiceLine1: String!, $invoiceLine2: String, $invoicePostalCode: String!, $invoiceTown: String!, $invoiceCountry: String!, $invoiceEmail: String, $invoiceHint: String) {
    completeTournamentParticipation(tournamentParticipationId: $tournamentParticipationId, invoiceCompanyName: $invoiceCompanyName, invoiceLine1: $invoiceLine1, invoiceLine2: $invoiceLine2, invoicePostalCode: $invoicePostalCode, invoiceTown: $invoiceTown, invoiceCountry: $invoiceCountry, invoiceEmail: $invoiceEmail, invoiceHint: $invoiceHint) { ${PARTICIPATION_FIELDS} } }`;
  const DELETE = `mutation deleteTournamentParticipation($tournamentParticipationId: ID!) { deleteTournamentParticipation(tournamentParticipationId: $tournamentParticipationId) { ok success participation { id paymentStatus } } }`;

  test("createTournamentParticipation with its documented arguments (a new account signed in, newUserPassword null), tournamentParticipation(id), update, complete, delete", async () => {
    testClock.freeze("2026-06-01T08:00:00Z");
    const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
    await connectAccount(deps, org.user.id);
    const t = await org.caller.tournaments.create({ name: "Wrapper-Teams", startTime: new Date("2026-06-21T08:00:00Z"), endTime: new Date("2026-06-21T16:00:00Z"), maxTeams: 4, locationName: "Park", participationPriceCents: 1000, pricePerPlayer: true, business: true });
    await org.caller.tournaments.publish({ tournamentId: t.id });

    const app = httpClient(deps);
    const email = `wrapper-team-${Math.random().toString(36).slice(2)}@example.org`;
    const created = (
      await ok(app, CREATE, { tournamentId: String(t.id), email, firstName: "Wanda", lastName: "Wrapper", phoneNumber: "0151 23456789", teamName: "App-Elf", applicationLanguage: "EN", playerCount: 7 })
    ).createTournamentParticipation;
    const id = created.participation.id;
    expect(created).toMatchObject({
      newUserPassword: null,
      participation: { teamName: "App-Elf", team: { id, name: "App-Elf" }, paymentStatus: "Open", dataComplete: false, paymentIntentClientSecret: null, playerCount: 7, email, phoneNumber: "+4915123456789", invoiceCountry: null },
    });
    // the new account is signed in on this client (its session cookie)
    expect(app.jar.get(SESSION_COOKIE)).toBeTruthy();
    expect((await ok(app, ONE, { id })).tournamentParticipation).toMatchObject({ id, user: { id: created.participation.user.id } });

    const completed = (await ok(app, COMPLETE, { tournamentParticipationId: id, invoiceCompanyName: "App GmbH", invoiceLine1: "Weg 3", invoicePostalCode: "10115", invoiceTown: "Berlin", invoiceCountry: "DE", invoiceHint: "Kostenstelle 7" })).completeTournamentParticipation;
    expect(completed).toMatchObject({ dataComplete: true, invoiceCompanyName: "App GmbH", invoiceHint: "Kostenstelle 7", invoiceLine2: null });
    expect((await org.caller.tournaments.teams({ tournamentId: t.id })).teams[0]).toMatchObject({ canMarkPaid: true, dataComplete: true });
    const updated = (await ok(app, UPDATE, { tournamentParticipationId: id, playerCount: 8, phoneNumber: "030 1234567" })).updateTournamentParticipation;
    expect(updated).toMatchObject({ playerCount: 8, phoneNumber: "+49301234567" });
    // the organiser's view has no client secret
    const teams = (await ok((await signedIn({ isAdmin: true })).client, TOURNAMENT, { id: String(t.id) })).tournament.tournamentParticipations;
    expect(teams).toEqual([expect.objectContaining({ id, paymentIntentClientSecret: null, dataComplete: true, team: { id, name: "App-Elf" } })]);
    // somebody else does not see it
    expect((await failure((await signedIn()).client, ONE, { id }))?.code).toBe("TOURNAMENT_TEAM_NOT_FOUND");

    const deleted = (await ok(app, DELETE, { tournamentParticipationId: id })).deleteTournamentParticipation;
    expect(deleted).toEqual({ ok: true, success: true, participation: { id, paymentStatus: "Open" } });
    expect((await failure(app, DELETE, { tournamentParticipationId: id }))?.code).toBe("TEAM_CANCELLED");
  });

  test("the registrant reads the open payment's client secret; a signed-in registrant's names come from the account", async () => {
    testClock.freeze("2026-06-01T08:00:00Z");
    const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
    await connectAccount(deps, org.user.id);
    const t = await org.caller.tournaments.create({ name: "Wrapper-Zahlung", startTime: new Date("2026-06-22T08:00:00Z"), endTime: new Date("2026-06-22T16:00:00Z"), maxTeams: 4, locationName: "Park", participationPriceCents: 5000 });
    await org.caller.tournaments.publish({ tournamentId: t.id });
    const { client, user } = await signedIn({ firstName: "Konto", lastName: "Name" });
    const created = (await ok(client, CREATE, { tournamentId: String(t.id), phoneNumber: "0151 23456789", teamName: "Mit Konto" })).createTournamentParticipation;
    expect(created.participation).toMatchObject({ firstName: "Konto", lastName: "Name", email: user.email, user: { id: String(user.id) } });
    expect(created.participation.paymentIntentClientSecret).toMatch(/_secret_/);
    expect((await ok(client, ONE, { id: created.participation.id })).tournamentParticipation.paymentIntentClientSecret).toBe(created.participation.paymentIntentClientSecret);
  });
});
