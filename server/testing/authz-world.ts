import type { Ctx, Deps } from "../context";
import { courtAvailabilities, courtBookings, organizations, participations, subCourts, tournamentParticipations } from "../db/schema";
import { createSession } from "../domains/auth/sessions";
import { callerFor } from "./caller";
import { createCourt, createGameRow, createRegion, createUser, gameInput } from "./factories";

/**
 * The world the authorisation matrix (authz-matrix.ts) acts in: every object belongs to somebody
 * who is none of the matrix's roles, and each role is one user (or a device) created once.
 *
 *   owner       organises `game` and `privateGame` (organisation games of `organization`, which the
 *               owner belongs to; the player plays in both),
 *               its weekly session `template`, has an address, receives a direct message, and waits
 *               for a place in `otherGame`
 *   renter      requested `booking` on `court` and wrote to the owner
 *   courtHolder owns the rentable `court` (one sub-court, open every day) and its `manualBooking`;
 *               `publicCourt` belongs to nobody (games and sessions are played there)
 *   the roles:  player (plays in `game`), otherOrganiser (organises `otherGame`), courtOwner (owns
 *               `otherCourt`), orgMember (member of `organization`), admin; guestDevice is the
 *               browser that made `guest`'s place in `game`, with no session
 */
export const ROLES = ["anonymous", "guestDevice", "player", "otherOrganiser", "courtOwner", "orgMember", "admin"] as const;
export type Role = (typeof ROLES)[number];

const DAY = 24 * 3600_000;

export async function buildWorld(deps: Deps) {
  const now = deps.clock.now();
  const inDays = (days: number, hour = 18) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const region = await createRegion(deps, { featured: true });
  const [organization] = await deps.db.insert(organizations).values({ name: `Authz e.V. ${region.id}` }).returning();
  const verified = { emailVerifiedAt: new Date(now.getTime() - 30 * DAY), regionId: region.id, lastName: "Matrix", dateOfBirth: "1990-01-01" };

  const owner = await createUser(deps, { ...verified, firstName: "Owner", organizationId: organization!.id });
  const renter = await createUser(deps, { ...verified, firstName: "Renter" });
  const courtHolder = await createUser(deps, { ...verified, firstName: "Holder", isCourtOwner: true });
  const roleUsers = {
    player: await createUser(deps, { ...verified, firstName: "Player" }),
    otherOrganiser: await createUser(deps, { ...verified, firstName: "Organiser" }),
    courtOwner: await createUser(deps, { ...verified, firstName: "CourtOwner", isCourtOwner: true }),
    orgMember: await createUser(deps, { ...verified, firstName: "Member", organizationId: organization!.id }),
    admin: await createUser(deps, { ...verified, firstName: "Admin", isAdmin: true }),
  };

  const as = async (userId: number | null, guestKey?: string) => {
    const token = userId ? (await createSession(deps, userId, "authz-world")).token : null;
    const { caller, ctx } = await callerFor(deps, { token });
    if (guestKey) ctx.meta.guestKey = guestKey;
    return { caller, ctx: ctx as Ctx };
  };

  const court = await createCourt(deps, { regionId: region.id, rentable: true, ownerId: courtHolder.id, name: `Halle ${region.id}` });
  const [subCourt] = await deps.db.insert(subCourts).values({ courtId: court.id, name: "Court 1" }).returning();
  await deps.db.insert(courtAvailabilities).values([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ courtId: court.id, weekday, startTime: "08:00", endTime: "23:00", pricePerHourCents: 6000 })));
  const otherCourt = await createCourt(deps, { regionId: region.id, ownerId: roleUsers.courtOwner.id, name: `Andere Halle ${region.id}` });
  const publicCourt = await createCourt(deps, { regionId: region.id, name: `Bolzplatz ${region.id}` });

  let slot = 0;
  /** A future hour on `court` that no other booking of the world uses. */
  const nextSlot = () => {
    slot++;
    return inDays(40 + Math.floor(slot / 12), 9 + (slot % 12));
  };
  async function newBooking() {
    const startsAt = nextSlot();
    const [row] = await deps.db
      .insert(courtBookings)
      .values({ courtId: court.id, renterId: renter.id, status: "RE", startsAt, endsAt: new Date(startsAt.getTime() + 3600_000), durationMinutes: 60, listPriceCents: 6000, priceCents: 6000, earningCents: 4800, feeCents: 1200 })
      .returning();
    return row!;
  }
  const holder = await as(courtHolder.id);
  async function newManualBooking() {
    const startTime = nextSlot();
    return holder.caller.bookings.createManual({ courtId: court.id, subCourtId: subCourt!.id, title: "Training", startTime, endTime: new Date(startTime.getTime() + 3600_000) });
  }
  async function newManualSeries() {
    const startTime = nextSlot();
    return holder.caller.bookings.createSeries({ courtId: court.id, subCourtId: subCourt!.id, title: "Serie", startTime, endTime: new Date(startTime.getTime() + 3600_000), recurrences: 2 });
  }
  /** A place the user picked for a new court (courts.create reads it), as the court form saves it first. */
  async function savePlaceFor(userId: number) {
    await (await as(userId)).caller.courts.checkGeocoords({ latitude: 52.52, longitude: 13.4 });
  }

  let gameSlot = 0;
  /** An hour no other game of the world starts at (a game per court and hour, and per organiser and hour), within two months. */
  const nextGameTime = () => {
    const n = gameSlot++;
    return inDays(10 + Math.floor(n / 12), 8 + (n % 12));
  };
  /** An organisation game of the owner with the player in it, on a day of its own. */
  async function newGame(gameType: "PUBLIC" | "PRIVATE" = "PUBLIC") {
    const game = await createGameRow(deps, { creatorId: owner.id, regionId: region.id, organizationId: organization!.id, gameType, startTime: nextGameTime(), description: "Matrix" });
    const [participation] = await deps.db.insert(participations).values({ gameId: game.id, userId: roleUsers.player.id, playerCount: 1 }).returning();
    return { game, participation: participation! };
  }
  const ownerCalls = await as(owner.id);
  /** A weekly session (its first game is created with it) of a new organiser: one may publish a public game an hour. */
  async function newTemplate(creator?: number) {
    const calls = await as(creator ?? (await createUser(deps, { ...verified, firstName: "Weekly" })).id);
    const created = await calls.caller.games.create(gameInput(nextGameTime(), { isRecurringGame: true, courtId: publicCourt.id }));
    const game = await calls.caller.games.byId({ gameId: created.id });
    return game.gameTemplate!.id;
  }

  const templateId = await newTemplate(owner.id); // first: the owner may create one game every 2 minutes
  const { game, participation: playerParticipation } = await newGame();
  const { game: privateGame } = await newGame("PRIVATE");
  const otherGame = await createGameRow(deps, { creatorId: roleUsers.otherOrganiser.id, regionId: region.id, startTime: inDays(9), description: "Andere" });
  // The owner waits for a place in the other game: the waiting list is private to its owner.
  await deps.db.insert(participations).values({ gameId: otherGame.id, userId: owner.id, playerCount: 1, queue: true });

  // The guest device: a browser without a session that took a place in the game as a guest.
  const guestKey = "authzguestdevice00000000000000";
  const guestCalls = await as(null, guestKey);
  const guest = await guestCalls.caller.participation.join({ gameId: game.id, firstName: "Gast", playerCount: 1, deviceToken: "fcm-token-authz-guest" });

  const booking = await newBooking();
  const manualBooking = await newManualBooking();
  const renterCalls = await as(renter.id);
  await renterCalls.caller.chat.createDirectMessage({ receiverId: owner.id, text: "Hallo" });
  const address = await ownerCalls.caller.addresses.createOrUpdate({ line1: "Torstraße 12", town: "Berlin", postalCode: "10119", country: "DE" });
  /** A tournament the owner organises (an organisation member may), published unless told; a day of its own. */
  let tournamentDay = 30;
  async function newTournament(publish = true) {
    const day = tournamentDay++;
    const t = await ownerCalls.caller.tournaments.create({ name: `Matrix-Cup ${day}`, startTime: inDays(day, 9), endTime: inDays(day, 17), maxTeams: 8, locationName: "Sportpark", regionId: region.id });
    return publish ? ownerCalls.caller.tournaments.publish({ tournamentId: t.id }) : t;
  }
  const tournament = await newTournament();
  /** An Open team in the owner's tournament, registered two days ago: a payment reminder may go out for it. */
  async function newOpenTeam() {
    const tag = crypto.randomUUID().slice(0, 8);
    const [team] = await deps.db
      .insert(tournamentParticipations)
      .values({ tournamentId: tournament.id, teamName: `Matrix ${tag}`, firstName: "Team", lastName: "Matrix", email: `team-${tag}@example.org`, phoneNumber: "+4915123456789", createdAt: new Date(deps.clock.now().getTime() - 2 * 86_400_000) })
      .returning();
    return team!;
  }
  const channelMessage = await ownerCalls.caller.tournaments.sendChannelMessage({ tournamentId: tournament.id, message: "Willkommen im Turnierkanal" });
  /** A team the renter registered for a tournament of the owner (a fresh one unless given): organised by the owner, registered by somebody else. */
  let teamCount = 0;
  async function newTeam(tournamentId?: number) {
    const id = tournamentId ?? (await newTournament()).id;
    const registered = await renterCalls.caller.tournaments.register({ tournamentId: id, teamName: `Matrix-Team ${++teamCount}`, lastName: "Mieter", phoneNumber: "0151 23456789" });
    return registered.participation;
  }
  const team = await newTeam(tournament.id);

  return {
    deps,
    region,
    organization: organization!,
    owner,
    renter,
    courtHolder,
    roleUsers,
    guestKey,
    guest: { participationId: guest.participation.id, guestToken: guest.guestToken!, guestProfileId: guest.participation.guestProfile!.id },
    game,
    privateGame,
    playerParticipation,
    otherGame,
    templateId,
    court,
    subCourt: subCourt!,
    otherCourt,
    publicCourt,
    booking,
    manualBooking,
    address,
    inDays,
    nextGameTime,
    nextSlot,
    newGame,
    newBooking,
    newManualBooking,
    newManualSeries,
    newTemplate,
    savePlaceFor,
    tournament,
    newTournament,
    newOpenTeam,
    channelMessage,
    team,
    newTeam,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
