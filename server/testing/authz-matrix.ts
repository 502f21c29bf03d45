import type { ErrorCode } from "@shared/errors";
import { createAdRow } from "./ad-fixtures";
import { createReport, createWebhookFailure } from "./admin-fixtures";
import { createUser, gameInput } from "./factories";
import { callerFor } from "./caller";
import { createSession } from "../domains/auth/sessions";
import { plannerOf } from "../domains/planner/test-fixtures";
import type { Role, World } from "./authz-world";

/**
 * The authorisation matrix (issue 24 item 4): for every tRPC procedure and every GraphQL operation,
 * what each role gets when it acts on objects owned by someone else (authz-world.ts). A cell is "OK"
 * (allowed) or the code of the refusal the service answers. server/authz-matrix.test.ts runs every
 * cell on both transports, and fails when the router has a procedure without a row here.
 *
 * A row's `input` is the tRPC input; its GraphQL twins (graphql-twins.ts) get the same values as
 * variables unless `graphql` maps them to the old API's names. Calls that change or end what they act
 * on build a fresh object per cell (w.newGame() …), so the cells do not depend on each other's order.
 * Changing a cell is a change of who may do what: say why in the commit.
 */
/** EMPTY: the call succeeded but acted on or showed nothing (the row's `empty` says what that means). */
export type Outcome = "OK" | "EMPTY" | ErrorCode;
export type Cells = Record<Role, Outcome>;
export type Row = {
  /** the input; `viewerId` is the cell's signed-in user (null for visitors) */
  input?: (w: World, viewerId: number | null) => unknown;
  /** a success that is no success for this caller: the GraphQL selection that shows it, and the test on either answer */
  empty?: { select: string; test: (answer: any) => boolean };
  expect: Cells;
  /** GraphQL twins whose arguments differ from the tRPC input: the variables, from the same input */
  graphql?: Record<string, (input: any, w: World) => Record<string, unknown>>;
  /** cells where the GraphQL twins answer otherwise (named in graphql-twins.ts DIFFERENT_AUTH or below) */
  graphqlExpect?: Partial<Cells>;
  /** the call ends or deletes the viewer's account: each cell acts as a fresh user of its role */
  freshViewer?: true;
};

const OK = "OK" as const;
const visitors = { anonymous: "UNAUTHENTICATED", guestDevice: "UNAUTHENTICATED" } as const;
/** The same outcome for every role. */
const everyone = (outcome: Outcome, but: Partial<Cells> = {}): Cells => ({
  anonymous: outcome,
  guestDevice: outcome,
  player: outcome,
  otherOrganiser: outcome,
  courtOwner: outcome,
  orgMember: outcome,
  admin: outcome,
  ...but,
});
/** Visitors are UNAUTHENTICATED; every signed-in role gets `outcome` unless named. */
const signedIn = (outcome: Outcome, but: Partial<Cells> = {}): Cells => everyone(outcome, { ...visitors, ...but });

const hour = (at: Date) => new Date(at.getTime() + 3600_000);

/** A match of a fresh tournament of the owner with two teams and a league plan the owner generated. */
async function planMatchOf(w: World): Promise<number> {
  return (await planOf(w)).plan!.matches[0]!.id;
}

async function planOf(w: World) {
  const t = await w.newTournament();
  await w.newTeam(t.id);
  await w.newTeam(t.id);
  const { caller } = await callerFor(w.deps, { token: (await createSession(w.deps, w.owner.id, "authz-plan")).token });
  return caller.tournaments.generatePlan({ tournamentId: t.id, format: "league", matchMinutes: 10, breakMinutes: 2, pitches: 1, startsAt: t.startTime });
}

export const POLICY: Record<string, Row> = {
  // ---- accounts: each acts on the caller's own account, or on a token only its owner has
  // ---- accounting (issue 26): the overview for admins; an organiser's invoice for its organiser (the owner) and admins
  "accounting.coachedGames": { input: (w) => ({ year: 2026, month: 11, regionSlug: w.region.slug }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  // the owner has no invoice: admins pass the check and find none
  "accounting.organizerInvoice": { input: (w) => ({ userId: w.owner.id, year: 2026, month: 11 }), expect: signedIn("FORBIDDEN", { admin: "NOT_FOUND" }) },
  "accounting.myInvoices": { expect: signedIn(OK) },
  "accounts.confirmEmail": { input: () => ({ emailToken: "not-a-token-of-anyone" }), expect: everyone("EMAIL_TOKEN_INVALID") },
  "accounts.deleteAccount": { input: () => ({ confirmation: "LÖSCHEN" }), expect: signedIn(OK), freshViewer: true, graphql: { deleteAccount: () => ({}) } },
  "accounts.editProfile": { input: () => ({ firstName: "Neu" }), expect: signedIn(OK) },
  "accounts.requestEmailConfirmation": { expect: signedIn(OK) },
  "accounts.requestPasswordReset": { input: (w) => ({ email: w.owner.email }), expect: everyone(OK) },
  "accounts.resetPassword": { input: () => ({ resetToken: "not-a-token-of-anyone", newPassword: "NeuesPasswort123" }), expect: everyone("VALIDATION") },
  "addresses.createOrUpdate": { input: (w) => ({ id: w.address.id, line1: "Fremde Straße 1", town: "Berlin", postalCode: "10115", country: "DE" }), expect: signedIn("ADDRESS_NOT_FOUND") },
  "addresses.mine": { expect: signedIn(OK) },

  // ---- the staff console (issue 26): admins only, every procedure; fresh subjects per cell where the call changes them
  "admin.overview": { expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.auditLog": { input: () => ({ subjectType: "region" }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.regions": { expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.createRegion": { input: () => ({ name: "Matrixstadt", slug: `matrix-${crypto.randomUUID().slice(0, 8)}`, latitude: 52.5, longitude: 13.4 }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.updateRegion": { input: (w) => ({ id: w.region.id, featured: true }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.organizations": { expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.organization": { input: (w) => ({ id: w.organization.id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.createOrganization": { input: () => ({ name: "Matrix e.V." }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.updateOrganization": { input: (w) => ({ id: w.organization.id, gameApplicationFeePercentage: 6 }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.addOrganizationMember": { input: async (w) => ({ organizationId: w.organization.id, userId: (await createUser(w.deps)).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.removeOrganizationMember": {
    input: async (w) => ({ organizationId: w.organization.id, userId: (await createUser(w.deps, { organizationId: w.organization.id })).id }),
    expect: signedIn("FORBIDDEN", { admin: OK }),
  },
  "admin.users": { input: () => ({ query: "Matrix" }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.user": { input: (w) => ({ id: w.owner.id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.setUserRoles": { input: async (w) => ({ id: (await createUser(w.deps)).id, isCourtOwner: true }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.blockUser": { input: async (w) => ({ id: (await createUser(w.deps)).id, reason: "Matrix" }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.unblockUser": { input: async (w) => ({ id: (await createUser(w.deps, { blockedAt: new Date() })).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.news": { input: () => ({}), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.sendNews": { input: (w) => ({ textDe: "Matrix-Neuigkeit", textEn: "Matrix news", regionIds: [w.region.id] }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.gameReports": { input: () => ({}), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.answerGameReport": { input: async (w) => ({ id: (await createReport(w.deps, w.game.id, (await createUser(w.deps)).id)).id, text: "Danke, wir kümmern uns." }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.closeGameReport": { input: async (w) => ({ id: (await createReport(w.deps, w.game.id, (await createUser(w.deps)).id)).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.cancelReportedGame": { input: async (w) => ({ id: (await createReport(w.deps, (await w.newGame()).game.id, w.renter.id)).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.webhookFailures": { input: () => ({}), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.reconcileWebhookFailure": { input: async (w) => ({ id: (await createWebhookFailure(w.deps)).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "admin.maintenance": { expect: signedIn("FORBIDDEN", { admin: OK }) },
  // off while off: nothing changes for the other tests sharing the database (maintenance.test.ts switches it on)
  "admin.setMaintenance": { input: () => ({ on: false }), expect: signedIn("FORBIDDEN", { admin: OK }) },

  // ---- ads: admins manage them; anyone sees and counts the active ones
  "ads.adminGet": { input: async (w) => ({ id: (await createAdRow(w.deps)).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "ads.create": { input: (w) => ({ title: "Matrix", kind: "GAME", size: "BIG", position: "AFTER_TODAY", linkUrl: "https://example.org/matrix", regionId: w.region.id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "ads.delete": { input: async (w) => ({ id: (await createAdRow(w.deps)).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "ads.forTournament": { input: (w) => ({ tournamentId: w.tournament.id }), expect: everyone(OK) },
  "ads.gameFeed": { input: (w) => ({ regionSlug: w.region.slug }), expect: everyone(OK), graphql: { gameFeedAdvertisements: () => ({}) } },
  "ads.get": { input: async (w) => ({ id: (await createAdRow(w.deps, { regionId: w.region.id })).id }), expect: everyone(OK) },
  "ads.list": { expect: signedIn("FORBIDDEN", { admin: OK }) },
  "ads.recordImpression": { input: async (w) => ({ id: (await createAdRow(w.deps, { regionId: w.region.id })).id }), expect: everyone(OK) },
  "ads.update": {
    input: async (w) => ({ id: (await createAdRow(w.deps)).id, title: "Geändert", kind: "GAME", size: "HALF", position: "DEFAULT", linkUrl: "https://example.org/neu", regionId: null }),
    expect: signedIn("FORBIDDEN", { admin: OK }),
  },

  // ---- auth
  "auth.login": { input: () => ({ email: `niemand-${crypto.randomUUID().slice(0, 8)}@example.org`, password: "falsch-falsch" }), expect: everyone("INVALID_CREDENTIALS"), graphql: { tokenAuth: (i) => i } },
  "auth.logout": { expect: everyone(OK) },
  "auth.refresh": { expect: signedIn(OK) },
  "auth.register": { input: (w) => ({ email: `neu-${crypto.randomUUID().slice(0, 8)}@example.org`, password: "Geheimnis123", firstName: "Neu", regionSlug: w.region.slug, dateOfBirth: "1990-01-01" }), expect: everyone(OK) },

  // ---- bookings: the court holder's court, the renter's booking
  "bookings.calendar": { input: (w) => ({ courtId: w.court.id, from: w.inDays(39), to: w.inDays(50) }), expect: signedIn("COURT_NOT_FOUND", { admin: OK }) },
  "bookings.create": { input: (w) => ({ courtId: w.court.id, startTime: w.nextSlot(), duration: 60 }), expect: signedIn(OK) },
  "bookings.createManual": { input: (w, _, at = w.nextSlot()) => ({ courtId: w.court.id, subCourtId: w.subCourt.id, title: "Fremd", startTime: at, endTime: hour(at) }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "bookings.createSeries": { input: (w, _, at = w.nextSlot()) => ({ courtId: w.court.id, subCourtId: w.subCourt.id, title: "Fremd", startTime: at, endTime: hour(at), recurrences: 2 }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "bookings.deleteManual": { input: async (w) => ({ id: (await w.newManualBooking()).id }), expect: signedIn("MANUAL_BOOKING_NOT_FOUND", { admin: OK }) },
  "bookings.deleteSeries": { input: async (w) => ({ id: (await w.newManualSeries()).id }), expect: signedIn("MANUAL_BOOKING_NOT_FOUND", { admin: OK }) },
  "bookings.get": { input: (w) => ({ id: w.booking.id }), expect: signedIn("COURT_BOOKING_NOT_FOUND", { admin: OK }) },
  "bookings.list": { input: () => ({ isCustomer: false }), expect: signedIn(OK) },
  "bookings.occupiedTimes": { input: (w) => ({ courtId: w.court.id, from: w.inDays(39), to: w.inDays(50) }), expect: everyone(OK), graphql: { occupiedTimes: (i) => ({ courtId: i.courtId, start: i.from, end: i.to }) } },
  "bookings.slots": { input: (w) => ({ courtId: w.court.id, date: w.inDays(41).toISOString().slice(0, 10) }), expect: everyone(OK) },
  "bookings.update": { input: async (w) => ({ id: (await w.newBooking()).id, status: "DE" }), expect: signedIn("COURT_BOOKING_NOT_FOUND", { admin: OK }) },
  "bookings.waitingRequestCount": { expect: signedIn(OK) },

  // ---- calendar (Google): the court holder's court
  "calendar.connectGoogle": { expect: signedIn("FORBIDDEN", { courtOwner: OK, admin: OK }) },
  "calendar.connectPersonal": { expect: signedIn(OK) },
  "calendar.disconnectPersonal": { expect: signedIn(OK) },
  "calendar.personal": { expect: signedIn(OK) },
  "calendar.deleteCalendarFromCourt": { input: (w) => ({ courtId: w.court.id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "calendar.importGoogleBookings": { expect: signedIn("FORBIDDEN", { courtOwner: "GOOGLE_NOT_CONNECTED", admin: "GOOGLE_NOT_CONNECTED" }) },
  "calendar.listCalendars": { expect: signedIn("FORBIDDEN", { courtOwner: "GOOGLE_NOT_CONNECTED", admin: "GOOGLE_NOT_CONNECTED" }) },
  "calendar.setCalendarForCourt": { input: (w) => ({ courtId: w.court.id, calendarIdGoogle: "fremd@group.calendar.google.com", calendarName: "Fremd" }), expect: signedIn("FORBIDDEN", { admin: "GOOGLE_NOT_CONNECTED" }) },
  "calendar.status": { expect: signedIn("FORBIDDEN", { courtOwner: OK, admin: OK }) },
  // ---- calendarFeed (issue 29): each acts on the caller's own subscription; overlaps of a game the caller may see
  "calendarFeed.create": { expect: signedIn(OK) },
  "calendarFeed.get": { expect: signedIn(OK) },
  "calendarFeed.overlaps": { input: (w) => ({ gameId: w.game.id }), expect: signedIn(OK) },
  "calendarFeed.revoke": { expect: signedIn(OK) },

  // ---- chat: the owner's game chat, the renter's and the owner's conversation
  "chat.createComment": { input: (w) => ({ gameId: w.game.id, text: "Hallo zusammen", name: "Gast", deviceToken: `fcm-token-${crypto.randomUUID()}` }), expect: everyone(OK) },
  "chat.createDirectMessage": { input: (w) => ({ receiverId: w.owner.id, text: "Hallo" }), expect: signedIn(OK) },
  "chat.directMessages": { input: (w) => ({ partnerId: w.owner.id }), expect: signedIn(OK) },
  "chat.gameComments": { input: (w) => ({ gameId: w.privateGame.id }), expect: everyone("GAME_NOT_FOUND", { player: OK, orgMember: OK, admin: OK }) },
  "chat.markConversationAsRead": { input: (w) => ({ senderId: w.renter.id }), expect: signedIn(OK) },
  "chat.marketingMessages": { expect: everyone(OK) },
  "chat.myChats": { expect: signedIn(OK) },
  "chat.myGameMates": { expect: signedIn(OK) },
  "chat.onDirectMessage": { expect: signedIn(OK) },
  "chat.onGameComment": { input: (w) => ({ gameId: w.game.id }), expect: everyone(OK) },
  "chat.unreadCount": { expect: signedIn(OK) },

  // ---- courts
  "courts.byLocation": { input: () => ({ latitude: 52.5, longitude: 13.4 }), expect: everyone(OK) },
  "courts.byName": { input: () => ({ name: "Halle" }), expect: everyone(OK) },
  "courts.checkAddress": { input: () => ({ street: "Torstraße", houseNumber: "12", postcode: "10119", town: "Berlin" }), expect: signedIn("GEOCODE_ADDRESS_INVALID") },
  "courts.checkGeocoords": { input: () => ({ latitude: 52.52, longitude: 13.4 }), expect: signedIn(OK) },
  "courts.create": {
    input: async (w, viewerId) => {
      if (viewerId) await w.savePlaceFor(viewerId);
      return { name: "Neuer Platz", public: true, indoor: false };
    }, expect: signedIn(OK) },
  "courts.get": { input: (w) => ({ id: w.court.id }), expect: everyone(OK) },
  "courts.mine": { expect: signedIn(OK) },
  "courts.near": { input: () => ({ latitude: 52.5, longitude: 13.4 }), expect: everyone(OK) },
  "courts.ofRegion": { input: (w) => ({ regionSlug: w.region.slug }), expect: everyone(OK) },
  "courts.saveOsmPlace": { input: () => ({ osmId: "node/1" }), expect: signedIn("GEOCODE_ADDRESS_INVALID") },
  "courts.search": { input: (w) => ({ regionSlug: w.region.slug }), expect: everyone(OK) },
  "courts.searchPlaces": { input: () => ({ query: "Torstraße 12 Berlin" }), expect: signedIn(OK) },

  // ---- games: the owner's organisation game
  // a private game, opened by its id alone (no share key): only who is part of it sees it
  "games.byId": { input: (w) => ({ gameId: w.privateGame.id }), expect: everyone("GAME_NOT_FOUND", { player: OK, orgMember: OK, admin: OK }), graphql: { retrieveGame: (i) => ({ id: i.gameId }) } },
  "games.cancel": {
    input: async (w) => ({ gameId: (await w.newGame()).game.id, reason: "BAD_WEATHER" }),
    expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: OK, admin: OK }),
    graphql: { cancelGame: (i) => ({ id: i.gameId, cancellationReason: i.reason }) },
  },
  "games.confirmTakesPlace": { input: async (w) => ({ gameId: (await w.newGame()).game.id }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: OK, admin: OK }) },
  "games.create": {
    input: (w) => gameInput(w.nextGameTime(), { description: "Neu", courtId: w.publicCourt.id }),
    freshViewer: true, // an organiser may publish one public game an hour
    expect: signedIn(OK),
    graphql: { createGame: ({ durationMinutes, priceCents, ...i }) => ({ ...i, duration: durationMinutes, price: priceCents / 100 }) },
  },
  "games.feed": { input: (w) => ({ regionSlug: w.region.slug }), expect: everyone(OK) },
  "games.makePublic": { input: async (w) => ({ gameId: (await w.newGame()).game.id }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: "GAME_ALREADY_PUBLIC", admin: "GAME_ALREADY_PUBLIC" }) },
  "games.onCourt": { input: (w) => ({ courtId: w.court.id }), expect: everyone(OK) },
  "games.search": { input: () => ({ latitude: 52.52, longitude: 13.405 }), expect: everyone(OK) },
  "games.update": { input: async (w) => ({ gameId: (await w.newGame()).game.id, description: "Geändert von anderen" }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: OK, admin: OK }) },

  // ---- notifications: devices name themselves by token; region subscriptions are the device's
  "notifications.deviceTokenForUserExists": { input: () => ({ deviceToken: "fcm-token-authz" }), expect: everyone(OK) },
  "notifications.isSubscribedToRegion": { input: (w) => ({ deviceToken: "fcm-token-authz", regionId: w.region.id }), expect: everyone(OK) },
  "notifications.regionSubscriberCount": { input: (w) => ({ regionId: w.region.id }), expect: everyone(OK) },
  "notifications.registerNativeDevice": { input: () => ({ deviceToken: `fcm-token-${crypto.randomUUID()}`, platform: "android", language: "de" }), expect: everyone(OK) },
  "notifications.registerWebPush": {
    input: () => ({ subscription: { endpoint: "https://push.invalid.example/abc", keys: { p256dh: "x", auth: "y" } }, language: "de" }),
    expect: everyone("PUSH_SERVICE_NOT_SUPPORTED"),
  },
  "notifications.subscribeToRegion": { input: (w) => ({ deviceToken: `fcm-token-${crypto.randomUUID()}`, regionId: w.region.id, messagingLanguage: "de" }), expect: everyone(OK) },
  "notifications.unsubscribeFromRegion": { input: (w) => ({ deviceToken: `fcm-token-${crypto.randomUUID()}`, regionId: w.region.id }), expect: everyone(OK) },
  "notifications.vapidPublicKey": { expect: everyone(OK) },

  // ---- organisations
  "organizations.get": { input: (w) => ({ id: w.organization.id }), expect: everyone(OK) },

  // ---- participation: the player's and the guest's places in the owner's game
  "participation.addOwn": { input: async (w) => ({ gameId: (await w.newGame()).game.id, playerCount: 1 }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: OK, admin: OK }) },
  "participation.attachGuests": {
    input: (w) => ({ participationIds: [w.guest.participationId] }),
    empty: { select: "attached", test: (a) => a.attached.length === 0 }, expect: signedIn("EMPTY") },
  "participation.capturePayments": { input: (w) => ({ gameId: w.game.id, dryRun: true }), expect: signedIn("FORBIDDEN", { admin: "GAME_NOT_MANAGED_PAYMENT" }) },
  // check-in at the pitch (issue 29): the game is weeks ahead, so whoever gets past who they are meets the window
  "participation.checkIn": { input: (w) => ({ gameId: w.game.id, latitude: 52.5, longitude: 13.4, accuracy: 20 }), expect: everyone("CHECK_IN_NOT_PARTICIPATING", { player: "CHECK_IN_NOT_OPEN" }) },
  "participation.checkIns": { input: (w) => ({ gameId: w.game.id }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: OK, admin: OK }) },
  "participation.checkInStatus": { input: (w) => ({ gameId: w.game.id }), expect: everyone(OK) },
  "participation.setCheckIn": { input: (w) => ({ gameId: w.game.id, participationId: w.playerParticipation.id, checkedIn: true }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: "CHECK_IN_NOT_OPEN", admin: "CHECK_IN_NOT_OPEN" }) },
  // waiting-list offers (issue 29): the game is weeks ahead, so its owner holds no offer; who names another's place is refused first
  "participation.acceptOffer": { input: (w) => ({ gameId: w.game.id, participationId: w.playerParticipation.id }), expect: everyone("PARTICIPATION_FORBIDDEN", { player: "OFFER_NOT_FOUND", orgMember: "OFFER_NOT_FOUND", admin: "OFFER_NOT_FOUND" }) },
  "participation.declineOffer": { input: (w) => ({ gameId: w.game.id }), expect: everyone("OFFER_NOT_FOUND") },
  "participation.offers": { input: (w) => ({ gameId: w.game.id }), expect: everyone(OK) },
  "participation.declineCash": { input: (w) => ({ participationId: w.playerParticipation.id }), expect: signedIn("PARTICIPATION_FORBIDDEN", { orgMember: "CASH_REQUEST_NOT_PENDING", admin: "CASH_REQUEST_NOT_PENDING" }) },
  "participation.guestProfile": { input: (w) => ({ id: w.guest.guestProfileId }), expect: everyone(OK) },
  "participation.isSubscribed": { input: (w) => ({ gameId: w.game.id, deviceToken: "fcm-token-authz" }), expect: everyone(OK) },
  "participation.join": { input: async (w) => ({ gameId: (await w.newGame()).game.id, playerCount: 1, firstName: "Gast", deviceToken: `fcm-token-${crypto.randomUUID()}` }), expect: everyone(OK, { player: "ALREADY_PARTICIPATING" }) },
  "participation.payment": { input: (w) => ({ participationId: w.playerParticipation.id }), expect: signedIn("PARTICIPATION_NOT_FOUND", { player: "NOTHING_TO_PAY" }) },
  "participation.report": { input: (w) => ({ gameId: w.otherGame.id, reason: "OTHER_REASON", additionalInformation: "Ein Bericht über das Spiel, lang genug." }), expect: signedIn("NO_PARTICIPATION", { otherOrganiser: "OWN_GAME" }) },
  "participation.requestCash": { input: (w) => ({ gameId: w.game.id }), expect: signedIn("PARTICIPATION_NOT_FOUND", { player: "CASH_NOT_ALLOWED" }) },
  "participation.revoke": {
    input: async (w) => ({ gameId: (await w.newGame()).game.id, userId: w.roleUsers.player.id, playerRemovalReason: "FRIEND_PLAYS_INSTEAD" }), expect: everyone("PARTICIPATION_FORBIDDEN", { player: OK, orgMember: OK, admin: OK }) },
  "participation.sendFeedback": { input: (w) => ({ gameId: w.game.id, feedback: [{ participationId: w.playerParticipation.id, reliabilityFeedback: "DID_NOT_COME" }] }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: "RATING_NOT_OPEN", admin: OK }) },
  "participation.subscribe": { input: (w) => ({ gameId: w.game.id, deviceToken: `fcm-token-${crypto.randomUUID()}` }), expect: everyone(OK) },
  "participation.update": { input: async (w) => ({ participationId: (await w.newGame()).participation.id, playerCount: 2 }), expect: everyone("PARTICIPATION_FORBIDDEN", { player: OK, orgMember: OK, admin: OK }) },

  // ---- payments (the caller's own payment account)
  "payments.createAccountLink": { expect: signedIn("PAYMENT_DETAILS_MISSING") },
  "payments.refreshAccount": { expect: signedIn(OK) },
  "payments.resetAccount": { expect: signedIn(OK) },

  // ---- regions, users
  // ---- the availability planner: a poll of the owner; only its organiser and admins see or change it, anybody answers
  "planner.create": {
    input: (w) => ({ title: "Umfrage", regionId: w.region.id, courtId: null, slots: [{ weekday: 1, startTime: "19:00", durationMinutes: 90 }], interval: 0, pollEndsAt: new Date(w.deps.clock.now().getTime() + 3 * 86_400_000), shareChannel: "LINK" }),
    expect: signedIn(OK),
    graphql: { createAvailabilityPlanner: ({ slots, ...rest }) => ({ ...rest, slots: slots.map(({ durationMinutes, ...s }: { durationMinutes: number }) => ({ ...s, duration: durationMinutes })) }) },
  },
  "planner.mine": { expect: signedIn(OK) },
  "planner.get": { input: async (w) => ({ id: (await plannerOf(w.deps, w.owner.id)).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "planner.close": { input: async (w) => ({ id: (await plannerOf(w.deps, w.owner.id)).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  // the admin passes the permission check and meets the poll's state: still open
  "planner.convert": { input: async (w) => ({ id: (await plannerOf(w.deps, w.owner.id)).id, gameId: w.game.id }), expect: signedIn("FORBIDDEN", { admin: "PLANNER_NOT_ENDED" }) },
  "planner.poll": { input: async (w) => ({ token: (await plannerOf(w.deps, w.owner.id)).publicToken }), expect: everyone(OK) },
  "planner.answer": {
    input: async (w) => {
      const p = await plannerOf(w.deps, w.owner.id);
      return { token: p.publicToken, voterKey: "matrix-voter-key-0001", firstName: "Matrix", answers: [{ slotId: p.slots[0]!.id, available: true }] };
    },
    expect: everyone(OK),
  },
  "regions.bySlug": { input: (w) => ({ slug: w.region.slug }), expect: everyone(OK) },
  "regions.list": { expect: everyone(OK) },

  // ---- balanced teams (issue 29): everyone who sees the game sees its teams; its managers build them (players only when
  // allowed) from 30 minutes before the start, so the world's game (10 days ahead) refuses the managers by time
  "teams.get": { input: (w) => ({ gameId: w.game.id }), expect: everyone(OK) },
  "teams.build": { input: (w) => ({ gameId: w.game.id, teams: 2, version: 0 }), expect: signedIn("TEAMS_FORBIDDEN", { orgMember: "TEAMS_NOT_OPEN", admin: "TEAMS_NOT_OPEN" }) },
  "teams.reshuffle": { input: (w) => ({ gameId: w.game.id, version: 0 }), expect: signedIn("TEAMS_FORBIDDEN", { orgMember: "TEAMS_NOT_OPEN", admin: "TEAMS_NOT_OPEN" }) },
  "teams.move": { input: (w) => ({ gameId: w.game.id, slot: String(w.playerParticipation.id), side: 1, version: 0 }), expect: signedIn("TEAMS_FORBIDDEN", { orgMember: "TEAMS_NOT_OPEN", admin: "TEAMS_NOT_OPEN" }) },
  "teams.allowPlayers": { input: async (w) => ({ gameId: (await w.newGame()).game.id, allowed: true, version: 0 }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: OK, admin: OK }) },
  // admins may rate at any time after the start only: before it, nobody
  "teams.rateSkill": { input: (w) => ({ gameId: w.game.id, userId: w.roleUsers.player.id, rating: 70 }), expect: signedIn("GAME_EDIT_FORBIDDEN", { orgMember: "SKILL_RATING_NOT_OPEN", admin: "SKILL_RATING_NOT_OPEN" }) },
  "legal.info": { expect: everyone(OK) },
  "users.byId": { input: (w) => ({ id: w.owner.id }), expect: everyone(OK), graphql: { user: (i) => i } },
  "users.games": {
    input: (w) => ({ userId: w.owner.id, kind: "queue" }),
    empty: { select: "objects { id }", test: (a) => a.objects.length === 0 }, expect: everyone("EMPTY") },
  "users.myAccount": { expect: everyone(OK), graphqlExpect: visitors },
  "users.rateAppHintSeen": { expect: signedIn(OK) },
  "users.showRateAppHint": { expect: everyone(OK) },
  "users.updateLanguage": { input: () => ({ applicationLanguage: "de" }), expect: signedIn(OK) },

  // ---- tournaments: the owner's (an organisation member's); admins and organisation members create them
  "tournaments.byId": { input: (w) => ({ tournamentId: w.tournament.id }), expect: everyone(OK), graphql: { tournament: (i) => ({ id: i.tournamentId }) } },
  "tournaments.cancel": { input: async (w) => ({ tournamentId: (await w.newTournament()).id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  // the channel: the organiser, admins and paid teams' users (none of the roles has a team); reminders: organiser and admins (a team is nobody else's business)
  "tournaments.channel": { input: (w) => ({ tournamentId: w.tournament.id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "tournaments.markChannelMessageRead": { input: (w) => ({ tournamentChannelMessageId: w.channelMessage.id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "tournaments.sendChannelMessage": { input: (w) => ({ tournamentId: w.tournament.id, message: "Fremd" }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "tournaments.sendPaymentReminder": {
    input: async (w) => ({ participationId: (await w.newOpenTeam()).id }),
    expect: signedIn("TOURNAMENT_TEAM_NOT_FOUND", { admin: OK }),
    graphql: { sendPaymentReminder: (i) => ({ tournamentParticipationId: i.participationId }) },
  },
  "tournaments.create": {
    input: (w) => ({ name: "Fremd-Cup", startTime: w.inDays(60, 9), endTime: w.inDays(60, 17), maxTeams: 8, locationName: "Sportpark", regionId: w.region.id }),
    expect: signedIn("FORBIDDEN", { orgMember: OK, admin: OK }) },
  // a draft exists only for its organiser and admins
  "tournaments.publish": { input: async (w) => ({ tournamentId: (await w.newTournament(false)).id }), expect: signedIn("TOURNAMENT_NOT_FOUND", { admin: OK }) },
  "tournaments.upcoming": { input: (w) => ({ regionId: w.region.id }), expect: everyone(OK) },
  // the tournament's own plan (issue 29): read by everybody who sees the tournament, generated by its managers,
  // results by its managers and named referees (none here); a fresh tournament has no team, so an admin gets that far
  "tournaments.plan": { input: (w) => ({ tournamentId: w.tournament.id }), expect: everyone(OK) },
  "tournaments.onPlanChange": { input: (w) => ({ tournamentId: w.tournament.id }), expect: everyone(OK) },
  "tournaments.generatePlan": {
    input: async (w) => {
      const t = await w.newTournament();
      return { tournamentId: t.id, format: "league", matchMinutes: 10, breakMinutes: 2, pitches: 1, startsAt: t.startTime };
    },
    expect: signedIn("FORBIDDEN", { admin: "PLAN_TOO_FEW_TEAMS" }),
  },
  "tournaments.enterResult": { input: async (w) => ({ matchId: await planMatchOf(w), homeGoals: 2, awayGoals: 1, version: 0 }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "tournaments.setReferee": { input: (w) => ({ tournamentId: w.tournament.id, userId: w.renter.id, referee: false }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  // the world's plan has no tie: only the managers get past the permission to the rule
  "tournaments.drawLots": { input: async (w) => ({ tournamentId: (await planOf(w)).tournamentId, group: null }), expect: signedIn("FORBIDDEN", { admin: "PLAN_NO_DRAW_NEEDED" }) },
  // teams: a team the renter registered in the owner's tournament; only its registrant, the organiser and admins see it
  "tournaments.register": {
    input: async (w, viewerId) => ({
      tournamentId: (await w.newTournament()).id,
      teamName: "Matrix-Neu",
      phoneNumber: "0151 23456789",
      lastName: "Muster",
      ...(viewerId === null ? { firstName: "Neu", email: `matrix-${crypto.randomUUID()}@example.org` } : {}),
    }),
    expect: everyone(OK),
    graphql: { createTournamentParticipation: (i) => i },
  },
  "tournaments.team": { input: (w) => ({ participationId: w.team.id }), expect: signedIn("TOURNAMENT_TEAM_NOT_FOUND", { admin: OK }), graphql: { tournamentParticipation: (i) => ({ id: i.participationId }) } },
  "tournaments.myTeams": { input: (w) => ({ tournamentId: w.tournament.id }), expect: everyone(OK) },
  "tournaments.completeRegistration": {
    input: (w) => ({ participationId: w.team.id, invoiceCompanyName: "Matrix GmbH", invoiceLine1: "Weg 1", invoicePostalCode: "10115", invoiceTown: "Berlin", invoiceCountry: "DE" }),
    expect: signedIn("TOURNAMENT_TEAM_NOT_FOUND", { admin: OK }),
    graphql: { completeTournamentParticipation: ({ participationId, ...rest }) => ({ tournamentParticipationId: participationId, ...rest }) },
  },
  "tournaments.updateRegistration": {
    input: (w) => ({ participationId: w.team.id, phoneNumber: "030 1234567" }),
    expect: signedIn("TOURNAMENT_TEAM_NOT_FOUND", { admin: OK }),
    graphql: { updateTournamentParticipation: ({ participationId, ...rest }) => ({ tournamentParticipationId: participationId, ...rest }) },
  },
  "tournaments.pay": { input: (w) => ({ participationId: w.team.id }), expect: signedIn("TOURNAMENT_TEAM_NOT_FOUND") },
  "tournaments.cancelRegistration": {
    input: async (w) => ({ participationId: (await w.newTeam()).id }),
    expect: signedIn("TOURNAMENT_TEAM_NOT_FOUND", { admin: OK }),
    graphql: { deleteTournamentParticipation: (i) => ({ tournamentParticipationId: i.participationId }) },
  },
  "tournaments.markPaid": { input: async (w) => ({ participationId: (await w.newTeam()).id }), expect: signedIn("TOURNAMENT_TEAM_NOT_FOUND", { admin: OK }) },
  "tournaments.teams": { input: (w) => ({ tournamentId: w.tournament.id }), expect: signedIn("FORBIDDEN", { admin: OK }) },
  "tournaments.update": { input: async (w) => ({ tournamentId: (await w.newTournament()).id, name: "Fremd" }), expect: signedIn("FORBIDDEN", { admin: OK }) },

  // ---- weekly sessions: the owner's
  "weekly.delete": { input: async (w) => ({ id: await w.newTemplate() }), expect: signedIn("WEEKLY_SESSION_NOT_FOUND", { admin: OK }) },
  "weekly.get": { input: (w) => ({ id: w.templateId }), expect: signedIn("WEEKLY_SESSION_NOT_FOUND", { admin: OK }) },
  "weekly.hasAny": { expect: everyone(OK) },
  "weekly.latest": { input: (w) => ({ id: w.templateId }), expect: everyone(OK) },
  "weekly.mine": { expect: signedIn(OK) },
  "weekly.update": { input: async (w) => ({ id: await w.newTemplate(), regularsHeadStart: true }), expect: signedIn("WEEKLY_SESSION_NOT_FOUND", { admin: OK }) },
};

/** The wrapper's operations without a tRPC twin (files): their own rows, GraphQL only. `file` names the upload variable. */
export const GRAPHQL_ONLY_POLICY: Record<string, Row & { file?: string }> = {
  uploadProfileImage: { file: "profileImage", expect: signedIn(OK) },
  deleteProfileImage: { expect: signedIn(OK) },
  uploadCourtImage: { input: (w) => ({ courtId: w.court.id }), file: "courtImage", expect: signedIn("FORBIDDEN", { admin: OK }) },
  uploadOrganizationLogo: { input: (w) => ({ id: w.organization.id }), file: "logoImage", expect: signedIn("FORBIDDEN", { orgMember: OK, admin: OK }) },
  // the matrix's 8x8 picture passes the admin gate and is refused for its dimensions (a BIG ad needs 1200x1125)
  uploadAdvertisementImage: { input: async (w) => ({ adId: (await createAdRow(w.deps, { imageUrl: null })).id }), file: "adImage", expect: signedIn("FORBIDDEN", { admin: "AD_IMAGE_DIMENSIONS" }) },
};
