import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { TCreateTournamentInput } from "@shared/schemas/tournaments";
import type { TRegisterTeamInput } from "@shared/schemas/tournament-teams";
import type { Deps } from "../../context";
import { accountTokens, tournamentParticipations, tournaments, users } from "../../db/schema";
import { callerFor, errorData } from "../../testing/caller";
import { createUser } from "../../testing/factories";
import { connectAccount, signedInPlayer } from "../../testing/payment-fixtures";
import { testClock } from "../../testing/test-clock";
import { tournamentWorld, type TournamentWorld } from "../../testing/tournament-fixtures";

let deps: Deps, region: TournamentWorld["region"], organizationId: number;
tournamentWorld("Turnier-Verein", (world) => ({ deps, region, organizationId } = world));

const H = 3_600_000;
const NOW = new Date("2026-06-01T10:00:00Z");
const at = (hours: number) => new Date(NOW.getTime() + hours * H);

async function tournament(overrides: Partial<TCreateTournamentInput> = {}, opts: { publish?: boolean } = {}) {
  const org = await signedInPlayer(deps, { organizationId, regionId: region.id });
  // a priced tournament is published only by an organiser whose account takes charges
  if ((overrides.participationPriceCents ?? 0) > 0) await connectAccount(deps, org.user.id);
  const t = await org.caller.tournaments.create({ name: `Cup ${Math.random()}`, startTime: at(24 * 7), endTime: at(24 * 7 + 8), maxTeams: 4, locationName: "Tempelhofer Feld", regionId: region.id, ...overrides });
  if (opts.publish ?? true) await org.caller.tournaments.publish({ tournamentId: t.id });
  return { org, t };
}

const team = (tournamentId: number, over: Partial<TRegisterTeamInput> = {}): TRegisterTeamInput => ({
  tournamentId,
  teamName: `Team ${Math.random().toString(36).slice(2, 8)}`,
  phoneNumber: "0151 23456789",
  // factory accounts have no last name: the form's is used then
  lastName: "Muster",
  ...over,
});

describe("registering a team", () => {
  test("signed in: names and e-mail from the account, the phone in E.164, the amount per team; myTeams lists it", async () => {
    testClock.freeze(NOW);
    const { t } = await tournament({ participationPriceCents: 6000 });
    const player = await signedInPlayer(deps, { firstName: "Lena", lastName: "Kraus" });
    const result = await player.caller.tournaments.register(team(t.id, { teamName: "Blau-Weiß", firstName: "Ignored", email: "ignored@example.org" }));
    expect(result).toMatchObject({
      participation: { teamName: "Blau-Weiß", firstName: "Lena", lastName: "Kraus", email: player.user.email, phoneNumber: "+4915123456789", amountCents: 6000, playerCount: 1, paymentStatus: "Open", queue: false, waitingPosition: null, dataComplete: true, canCancel: true },
      accountCreated: false,
      newUserPassword: null,
    });
    // payable at once: the payment comes with the registration
    expect(result.payment).toMatchObject({ participationId: result.participation.id, amountCents: 6000 });
    expect(await player.caller.tournaments.myTeams({ tournamentId: t.id })).toEqual([result.participation]);
    expect(await (await callerFor(deps)).caller.tournaments.myTeams({ tournamentId: t.id })).toEqual([]);
    expect(await (await signedInPlayer(deps)).caller.tournaments.myTeams({ tournamentId: t.id })).toEqual([]);
    // a second team of the same user, under another name
    const second = await player.caller.tournaments.register(team(t.id, { teamName: "Blau-Weiß II" }));
    expect((await player.caller.tournaments.myTeams({ tournamentId: t.id })).map((x) => x.id)).toEqual([result.participation.id, second.participation.id]);
  });

  test("anonymous: names and e-mail required; a known address EMAIL_IN_USE; an unknown one gets a signed-in account without password and a welcome mail", async () => {
    testClock.freeze(NOW);
    const { t } = await tournament();
    const visitor = await callerFor(deps);
    expect(await errorData(visitor.caller.tournaments.register(team(t.id, { lastName: undefined })))).toEqual({
      code: "VALIDATION",
      fields: [
        { path: "firstName", code: "first_name_required" },
        { path: "lastName", code: "last_name_required" },
        { path: "email", code: "email_required" },
      ],
    });
    const known = await createUser(deps);
    expect(await errorData(visitor.caller.tournaments.register(team(t.id, { firstName: "A", lastName: "B", email: known.email.toUpperCase() })))).toEqual({ code: "EMAIL_IN_USE" });

    const email = `team-${Math.random().toString(36).slice(2)}@example.org`;
    const result = await visitor.caller.tournaments.register(team(t.id, { firstName: "Mia", lastName: "Schulz", email, applicationLanguage: "en" }));
    expect(result).toMatchObject({ accountCreated: true, newUserPassword: null, participation: { email, firstName: "Mia", canCancel: true } });
    expect(JSON.stringify(result)).not.toMatch(/password"?:"/i);
    // signed in on this request: the cookie's session is the new account's
    expect(visitor.cookies.token).toBeTruthy();
    const [account] = await deps.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ firstName: "Mia", lastName: "Schulz", applicationLanguage: "en", regionId: region.id });
    const again = await callerFor(deps, { token: visitor.cookies.token });
    expect((await again.caller.tournaments.myTeams({ tournamentId: t.id })).map((x) => x.id)).toEqual([result.participation.id]);
    // the welcome mail carries a link to set the password (a reset token of 7 days), never a password
    const [token] = await deps.db.select().from(accountTokens).where(eq(accountTokens.userId, account!.id));
    expect(token).toMatchObject({ kind: "reset-password" });
    expect(token!.expiresAt.getTime() - NOW.getTime()).toBe(7 * 24 * H);
    const mails = await deps.jobs.boss.findJobs<{ to: string; template: { name: string; data: { link: string } } }>("send-mail", { data: { to: email } });
    expect(mails.map((m) => m.data.template.name)).toEqual(["welcome-set-password"]);
    expect(mails[0]!.data.template.data.link).toContain("/reset-password?reset_token=");
    // and leads back to the tournament once the password is set and the visitor signed in
    expect(mails[0]!.data.template.data.link).toEndWith(`&redirect=${encodeURIComponent(`/tournament/${t.id}`)}`);
  });

  test("field rules: phone, player count per player, team names unique per tournament ignoring case", async () => {
    testClock.freeze(NOW);
    const { t } = await tournament({ participationPriceCents: 1500, pricePerPlayer: true, gameMode: 5, maxPlayers: 9 });
    const p = await signedInPlayer(deps);
    expect(await errorData(p.caller.tournaments.register(team(t.id, { phoneNumber: "12345", playerCount: 6 })))).toEqual({ code: "VALIDATION", fields: [{ path: "phoneNumber", code: "phone_invalid" }] });
    expect(await errorData(p.caller.tournaments.register(team(t.id)))).toEqual({ code: "VALIDATION", fields: [{ path: "playerCount", code: "player_count_required" }] });
    expect(await errorData(p.caller.tournaments.register(team(t.id, { playerCount: 4 })))).toMatchObject({ code: "VALIDATION", fields: [{ path: "playerCount", code: "player_count_invalid" }] });
    expect(await errorData(p.caller.tournaments.register(team(t.id, { playerCount: 10 })))).toMatchObject({ code: "VALIDATION", fields: [{ path: "playerCount", code: "player_count_invalid" }] });
    const ok = await p.caller.tournaments.register(team(t.id, { teamName: "Die Roten", playerCount: 7, phoneNumber: "+43 660 1234567" }));
    expect(ok.participation).toMatchObject({ playerCount: 7, amountCents: 7 * 1500, phoneNumber: "+436601234567" });
    const other = await signedInPlayer(deps);
    expect(await errorData(other.caller.tournaments.register(team(t.id, { teamName: "die roten", playerCount: 5 })))).toEqual({
      code: "TEAM_NAME_TAKEN",
      fields: [{ path: "teamName", code: "team_name_taken" }],
    });
    // a team per team price gives no player count (or 1)
    const { t: perTeam } = await tournament();
    expect(await errorData(p.caller.tournaments.register(team(perTeam.id, { playerCount: 3 })))).toMatchObject({ code: "VALIDATION", fields: [{ path: "playerCount" }] });
  });

  test("only published tournaments that are neither cancelled nor started take teams", async () => {
    testClock.freeze(NOW);
    const p = await signedInPlayer(deps);
    const { org, t: draft } = await tournament({}, { publish: false });
    expect(await errorData(p.caller.tournaments.register(team(draft.id)))).toEqual({ code: "TOURNAMENT_NOT_FOUND" });
    expect(await errorData(org.caller.tournaments.register(team(draft.id)))).toEqual({ code: "TOURNAMENT_REGISTRATION_CLOSED" });
    const { org: o2, t: cancelled } = await tournament();
    await o2.caller.tournaments.cancel({ tournamentId: cancelled.id });
    expect(await errorData(p.caller.tournaments.register(team(cancelled.id)))).toEqual({ code: "TOURNAMENT_REGISTRATION_CLOSED" });
    const { t: soon } = await tournament();
    testClock.freeze(at(24 * 7)); // the start
    expect(await errorData(p.caller.tournaments.register(team(soon.id)))).toEqual({ code: "TOURNAMENT_REGISTRATION_CLOSED" });
    testClock.freeze(at(24 * 7 - 0.01));
    expect(await errorData(p.caller.tournaments.register(team(soon.id)))).toEqual({ code: "OK" });
  });

  test("a full tournament puts new teams on the waiting list, in order", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament({ maxTeams: 2 });
    const ids: number[] = [];
    const players = await Promise.all([1, 2, 3, 4].map(() => signedInPlayer(deps)));
    for (const p of players) ids.push((await p.caller.tournaments.register(team(t.id))).participation.id);
    const mine = await Promise.all(players.map(async (p) => (await p.caller.tournaments.myTeams({ tournamentId: t.id }))[0]!));
    expect(mine.map((m) => [m.queue, m.waitingPosition])).toEqual([
      [false, null],
      [false, null],
      [true, 1],
      [true, 2],
    ]);
    expect(await org.caller.tournaments.byId({ tournamentId: t.id })).toMatchObject({ teamAmount: 2, full: true });
  });
});

describe("invoice data and contact changes", () => {
  test("completeRegistration by the registrant or the organiser makes a business team's data complete; nobody else sees the team", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament({ business: true, participationPriceCents: 11900 });
    const p = await signedInPlayer(deps);
    const { participation } = await p.caller.tournaments.register(team(t.id));
    expect(participation).toMatchObject({ dataComplete: false, canPay: false });
    const invoice = { participationId: participation.id, invoiceCompanyName: "Kicker GmbH", invoiceLine1: "Hauptstr. 1", invoicePostalCode: "10115", invoiceTown: "Berlin", invoiceCountry: "DE" as const };
    const stranger = await signedInPlayer(deps);
    expect(await errorData(stranger.caller.tournaments.completeRegistration(invoice))).toEqual({ code: "TOURNAMENT_TEAM_NOT_FOUND" });
    expect(await errorData(p.caller.tournaments.completeRegistration({ ...invoice, invoiceTown: "" }))).toMatchObject({ code: "VALIDATION", fields: [{ path: "invoiceTown", code: "town_required" }] });
    const done = await p.caller.tournaments.completeRegistration(invoice);
    expect(done).toMatchObject({ dataComplete: true, invoiceCompanyName: "Kicker GmbH", invoiceLine2: null, invoiceEmail: null });
    const byOrganiser = await org.caller.tournaments.completeRegistration({ ...invoice, invoiceHint: "PO 4711" });
    expect(byOrganiser).toMatchObject({ invoiceHint: "PO 4711", dataComplete: true });
  });

  test("updateRegistration: contact data; the player count and amount only while Open; names stay unique", async () => {
    testClock.freeze(NOW);
    const { org, t } = await tournament({ participationPriceCents: 1000, pricePerPlayer: true });
    const p = await signedInPlayer(deps);
    const { participation } = await p.caller.tournaments.register(team(t.id, { teamName: "Grün", playerCount: 6 }));
    await (await signedInPlayer(deps)).caller.tournaments.register(team(t.id, { teamName: "Gelb", playerCount: 5 }));
    const changed = await p.caller.tournaments.updateRegistration({ participationId: participation.id, phoneNumber: "030 1234567", playerCount: 8, firstName: "Jo" });
    expect(changed).toMatchObject({ phoneNumber: "+49301234567", playerCount: 8, amountCents: 8000, firstName: "Jo" });
    expect(await errorData(p.caller.tournaments.updateRegistration({ participationId: participation.id, teamName: "GELB" }))).toMatchObject({ code: "TEAM_NAME_TAKEN" });
    await deps.db.update(tournamentParticipations).set({ paymentStatus: "PaidExternally" }).where(eq(tournamentParticipations.id, participation.id));
    expect(await errorData(p.caller.tournaments.updateRegistration({ participationId: participation.id, playerCount: 9 }))).toEqual({ code: "TEAM_PLAYER_COUNT_LOCKED" });
    expect(await errorData(org.caller.tournaments.updateRegistration({ participationId: participation.id, teamName: "Grün-Weiß" }))).toEqual({ code: "OK" });
    testClock.freeze(at(24 * 7 + 8));
    expect(await errorData(p.caller.tournaments.updateRegistration({ participationId: participation.id, firstName: "Late" }))).toEqual({ code: "TOURNAMENT_OVER" });
    expect((await deps.db.select().from(tournaments).where(eq(tournaments.id, t.id)))[0]!.id).toBe(t.id);
  });
});
