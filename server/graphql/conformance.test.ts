import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { buildClientSchema, getIntrospectionQuery, parse, validate, type IntrospectionQuery } from "graphql";
import { createSchema } from "graphql-yoga";
import { SESSION_COOKIE } from "@shared/constants";
import { ERROR_CODES } from "@shared/errors";
import type { Deps } from "../context";
import { courtBookings } from "../db/schema";
import { createSession } from "../domains/auth/sessions";
import { buildWorld, type World } from "../testing/authz-world";
import { createUser } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { dropTestDatabase, testDeps } from "../testing/test-db";
import { DOCUMENTED_OPERATIONS, type DocumentedOperation } from "./documented-operations";
import type { GqlResolver } from "./resolve";
import { resolvers, typeDefs } from "./schema";

/**
 * Issue 27: every documented operation (documented-operations.ts) exists with its documented arguments and answer
 * fields (checked by introspection, as the wrapper's queries are validated), and answers the documented payload as a
 * visitor, a player and an admin: the named fields, or the documented permission error.
 */
const schema = createSchema({ typeDefs, resolvers });
const rootOf = (o: DocumentedOperation) => (o.kind === "query" ? schema.getQueryType()! : schema.getMutationType()!);
/** File uploads travel as multipart (graphql-multipart-request-spec); wrapper-accounts/-courts/-ads tests send them so. */
const isUpload = (o: DocumentedOperation) => Object.values(rootOf(o).getFields()[o.name]?.args ?? []).some((a) => /File/.test(a.type.toString()));

/** The call the wrapper sends: its documented arguments (and any the schema requires) as variables, the documented fields. */
function documentFor(o: DocumentedOperation, values: (name: string, type: string) => unknown) {
  const field = rootOf(o).getFields()[o.name];
  const args = field ? field.args.filter((a) => o.args.includes(a.name) || a.type.toString().endsWith("!")) : [];
  const types = Object.fromEntries(args.map((a) => [a.name, a.type.toString()]));
  const names = [...new Set([...o.args, ...args.map((a) => a.name)])];
  // An argument the schema lacks is declared as a String, so validation names it missing.
  const vars = names.map((n) => `$${n}: ${types[n] ?? "String"}`).join(", ");
  const call = names.map((n) => `${n}: $${n}`).join(", ");
  const query = `${o.kind} ${o.name[0]!.toUpperCase()}${o.name.slice(1)}${vars ? `(${vars})` : ""} { ${o.name}${call ? `(${call})` : ""}${o.fields ? ` { ${o.fields} }` : ""} }`;
  return { query, variables: Object.fromEntries(names.map((n) => [n, values(n, types[n] ?? "String")])) };
}

describe("the documented operations list", () => {
  test("holds the 101 operations of spec 000 section 7 and spec 001 section 7, each once", () => {
    const names = DOCUMENTED_OPERATIONS.map((o) => o.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(names.length).toBe(101);
  });

  test("declares for each operation who may call it, as its resolver does", () => {
    const wrong = DOCUMENTED_OPERATIONS.filter((o) => {
      const resolver = (resolvers[o.kind === "query" ? "Query" : "Mutation"] as Record<string, GqlResolver>)[o.name];
      return (resolver?.auth ?? "anyone") !== o.auth;
    }).map((o) => o.name);
    expect(wrong).toEqual([]);
  });
});

let deps: Deps;
let world: World;
beforeAll(async () => {
  deps = await testDeps();
  world = await buildWorld(deps);
});
afterAll(dropTestDatabase);

describe("introspection: every documented operation, argument and answer field exists", () => {
  test("each documented call validates against the served schema", async () => {
    const client = httpClient(deps);
    const { body } = await client.graphql<IntrospectionQuery>(
      getIntrospectionQuery(),
    );
    expect(body.errors).toBeUndefined();
    const served = buildClientSchema(body.data!);
    const problems = DOCUMENTED_OPERATIONS.flatMap((o) => {
      const root = o.kind === "query" ? served.getQueryType() : served.getMutationType();
      if (!root?.getFields()[o.name]) return [`${o.name}: not served as a ${o.kind}`];
      const { query } = documentFor(o, () => null);
      return validate(served, parse(query)).map((e) => `${o.name}: ${e.message}`);
    });
    expect(problems).toEqual([]);
  });
});

type Role = "anonymous" | "user" | "admin";
const ROLES: Role[] = ["anonymous", "user", "admin"];

/** Queries whose documented answer must come back whole for every role allowed to call them (with the world's ids). */
const ANSWERS = new Set([
  "searchGames", "retrieveGame", "myAccount", "user", "guestProfile", "myMarketingMessages", "myUnreadMessagesCount", "myCurrentGameChats",
  "myChats", "myGameMates", "myGameTemplates", "regions", "regionSubscriberCount", "checkIfDeviceTokenIsSubscribedToRegion", "courts", "court",
  "organization", "tournament", "upcomingTournaments", "showRateAppHint", "gameFeedAdvertisements", "checkIfDeviceTokenIsSubscribedToGame",
  "myAddresses", "courtBookings", "myCourts", "searchCourtsByLocation", "searchCourtsByName", "myBots",
]);

/** Argument values from the authorisation world (server/testing/authz-world.ts), by operation and name. */
function valuesFor(o: DocumentedOperation) {
  const w = world;
  const ids: Record<string, Record<string, number>> = {
    retrieveGame: { id: w.game.id }, user: { id: w.owner.id }, guestProfile: { id: w.guest.guestProfileId }, gameTemplate: { id: w.templateId },
    updateGameTemplate: { id: w.templateId, court: w.publicCourt.id }, deleteGameTemplate: { id: w.templateId }, court: { id: w.court.id },
    courtBooking: { id: w.booking.id }, updateCourtBooking: { id: w.booking.id }, organization: { id: w.organization.id },
    uploadOrganizationLogo: { id: w.organization.id }, tournament: { id: w.tournament.id }, tournamentParticipation: { id: w.team.id },
    deleteManualCourtBooking: { id: w.manualBooking.id }, cancelGame: { id: w.otherGame.id }, createOrUpdateAddress: { id: w.address.id },
  };
  const byName: Record<string, unknown> = {
    gameId: w.game.id, regionId: w.region.id, regionSlug: w.region.slug, courtId: w.court.id, subCourtId: w.subCourt.id,
    participationId: w.playerParticipation.id, partnerId: w.owner.id, senderId: w.owner.id, receiverId: w.owner.id, userId: w.owner.id,
    tournamentId: w.tournament.id, tournamentParticipationId: w.team.id, tournamentChannelMessageId: w.channelMessage.id,
    deviceToken: "fcm-conformance-device", latitude: 52.52, longitude: 13.4, distance: 30, year: 2026, month: 11, pageSize: 5,
    attendedGamesPageSize: 5, playerCount: 1, duration: 60, email: `conformance-${crypto.randomUUID().slice(0, 8)}@example.org`,
    password: "kickrunde-konformitaet", newPassword: "kickrunde-konformitaet", language: "de", messagingLanguage: "de",
    applicationLanguage: "de", cancellationReason: "WEATHER", reason: "SPAM", gender: "MIXED", level: "ALL", gameType: "PUBLIC",
    status: "AC", turf: "AG", country: "DE", phoneNumber: "0151 23456789", startTime: w.nextSlot().toISOString(),
    endTime: new Date(w.nextSlot().getTime() + 3600_000).toISOString(), latestStartTime: w.inDays(70).toISOString(), recurrences: 2,
  };
  return (name: string, type: string): unknown => {
    if (ids[o.name]?.[name] !== undefined) return String(ids[o.name]![name]);
    if (name in byName) return type.startsWith("ID") ? String(byName[name]) : byName[name];
    if (type.startsWith("[")) return [];
    if (type.startsWith("Int")) return 1;
    if (type.startsWith("Float")) return 1;
    if (type.startsWith("Boolean")) return false;
    if (type.startsWith("DateTime")) return w.inDays(60).toISOString();
    if (type.startsWith("ID")) return "1";
    return "Konformität";
  };
}

async function clientAs(role: Role, o: DocumentedOperation) {
  const client = httpClient(deps);
  if (role === "anonymous") return client;
  // Mutations get their own account (deleteAccount, logout and the like change it); queries share the world's roles.
  const user = o.kind === "mutation" ? await createUser(deps, { emailVerifiedAt: new Date(), regionId: world.region.id, isAdmin: role === "admin" }) : role === "admin" ? world.roleUsers.admin : world.roleUsers.player;
  client.jar.set(SESSION_COOKIE, (await createSession(deps, user.id, "conformance")).token);
  return client;
}

/** The names of a selection's top-level fields ("a b { c } d" → a, b, d). */
function topFields(selection: string): string[] {
  let depth = 0;
  const names: string[] = [];
  for (const token of selection.replace(/[{}]/g, " $& ").split(/\s+/).filter(Boolean)) {
    if (token === "{") depth++;
    else if (token === "}") depth--;
    else if (depth === 0) names.push(token);
  }
  return names;
}

describe("the fields issue 27 added answer with their data", () => {
  test("a game's participations: the player's own payment and attendance, nulls for a stranger; the organisation, court name and title", async () => {
    const query = `query($id: ID!) { retrieveGame(id: $id) { organization { id } locationName name title participations { id paymentStatus totalPrice cancelledAt hasReported notificationsEnabled } } }`;
    const read = async (userId: number | null) => {
      const client = httpClient(deps);
      if (userId) client.jar.set(SESSION_COOKIE, (await createSession(deps, userId, "conformance")).token);
      const { body } = await client.graphql<{ retrieveGame: { organization: { id: string } | null; locationName: string | null; name: string | null; title: string | null; participations: Record<string, unknown>[] } }>(query, { id: String(world.game.id) });
      expect(body.errors).toBeUndefined();
      return body.data!.retrieveGame;
    };
    const own = await read(world.roleUsers.player.id);
    expect(own.organization).toEqual({ id: String(world.organization.id) });
    expect(own.name).toBe(own.title);
    expect(own.participations.find((p) => p.id === String(world.playerParticipation.id))).toEqual({
      id: String(world.playerParticipation.id), paymentStatus: "None", totalPrice: 0, cancelledAt: null, hasReported: false, notificationsEnabled: false,
    });
    const stranger = await read(null);
    expect(stranger.participations.find((p) => p.id === String(world.playerParticipation.id))).toMatchObject({ paymentStatus: null, totalPrice: null, hasReported: null, notificationsEnabled: null });
  });

  test("the account's phone, teams and sessions; chats with their partner's messages and game chats with court, creator and comments", async () => {
    const as = async (userId: number) => {
      const client = httpClient(deps);
      client.jar.set(SESSION_COOKIE, (await createSession(deps, userId, "conformance")).token);
      return client;
    };
    const account = `{ myAccount { hasPhoneNumber teams { id teamName tournamentId } gameTemplates { id } } }`;
    const renter = (await (await as(world.renter.id)).graphql<{ myAccount: Record<string, unknown> }>(account)).body;
    expect(renter.errors).toBeUndefined();
    expect(renter.data!.myAccount).toEqual({ hasPhoneNumber: true, teams: [{ id: String(world.team.id), teamName: world.team.teamName, tournamentId: String(world.tournament.id) }], gameTemplates: [] });
    const owner = await as(world.owner.id);
    const ownerAccount = (await owner.graphql<{ myAccount: { hasPhoneNumber: boolean; teams: unknown[]; gameTemplates: { id: string }[] } }>(account)).body.data!.myAccount;
    expect(ownerAccount).toMatchObject({ hasPhoneNumber: false, teams: [] });
    expect(ownerAccount.gameTemplates.map((t) => t.id)).toContain(String(world.templateId));

    const chats = (await owner.graphql<{ myChats: { partner: { id: string }; messages: { text: string; sender: { id: string }; receiver: { id: string } }[] }[] }>(`{ myChats { partner { id } messages { text sender { id } receiver { id } } } }`)).body;
    expect(chats.errors).toBeUndefined();
    expect(chats.data!.myChats.find((c) => c.partner.id === String(world.renter.id))!.messages).toEqual([{ text: "Hallo", sender: { id: String(world.renter.id) }, receiver: { id: String(world.owner.id) } }]);

    const player = await as(world.roleUsers.player.id);
    await player.graphql(`mutation($gameId: ID!) { createComment(gameId: $gameId, text: "Bin dabei", deviceToken: "fcm-conformance-comment") { id } }`, { gameId: String(world.game.id) });
    const gameChats = (await player.graphql<{ myCurrentGameChats: Record<string, any>[] }>(`{ myCurrentGameChats { id gameId court { name imageUrl } creator { id firstName } comments { text creator { id } notificationsEnabled } } }`)).body;
    expect(gameChats.errors).toBeUndefined();
    const chat = gameChats.data!.myCurrentGameChats.find((c) => c.gameId === String(world.game.id))!;
    expect(chat).toMatchObject({ id: String(world.game.id), creator: { id: String(world.owner.id), firstName: "Owner" } });
    expect(chat.comments.filter((c: { text: string }) => c.text === "Bin dabei")).toEqual([{ text: "Bin dabei", creator: { id: String(world.roleUsers.player.id) }, notificationsEnabled: true }]);
  });

  test("a sub-court's bookings, manual bookings and series: the court's owner sees them, anybody else nothing", async () => {
    const series = await world.newManualSeries();
    // A request has no sub-court yet; a booked one has this one (as accepting and paying leave it).
    const requested = await world.newBooking();
    const accepted = await world.newBooking();
    await deps.db.update(courtBookings).set({ status: "BO", subCourtId: world.subCourt.id }).where(eq(courtBookings.id, accepted.id));
    const query = `query($id: ID!) { court(id: $id) { subCourts { id courtBookings { id } manualCourtBookings { id } manualCourtBookingSeries { id manualCourtBookings { id } } } } }`;
    const read = async (userId: number | null) => {
      const client = httpClient(deps);
      if (userId) client.jar.set(SESSION_COOKIE, (await createSession(deps, userId, "conformance")).token);
      const { body } = await client.graphql<{ court: { subCourts: { id: string; courtBookings: { id: string }[]; manualCourtBookings: { id: string }[]; manualCourtBookingSeries: { id: string; manualCourtBookings: unknown[] }[] }[] } }>(query, { id: String(world.court.id) });
      expect(body.errors).toBeUndefined();
      return body.data!.court.subCourts.find((s) => s.id === String(world.subCourt.id))!;
    };
    const holder = await read(world.courtHolder.id);
    expect(holder.courtBookings.map((b) => b.id)).toContain(String(accepted.id));
    expect(holder.courtBookings.map((b) => b.id)).not.toContain(String(requested.id));
    expect(holder.manualCourtBookings.map((b) => b.id)).toContain(String(world.manualBooking.id));
    expect(holder.manualCourtBookingSeries.find((s) => s.id === String(series.id))?.manualCourtBookings.length).toBe(3);
    for (const other of [world.renter.id, null]) {
      expect(await read(other)).toEqual({ id: String(world.subCourt.id), courtBookings: [], manualCourtBookings: [], manualCourtBookingSeries: [] });
    }
  });

  test("updateGameTemplate takes the spec's court", async () => {
    const organiser = await createUser(deps, { emailVerifiedAt: new Date(), regionId: world.region.id });
    const templateId = await world.newTemplate(organiser.id);
    const client = httpClient(deps);
    client.jar.set(SESSION_COOKIE, (await createSession(deps, organiser.id, "conformance")).token);
    const { body } = await client.graphql<{ updateGameTemplate: { court: { id: string } } }>(`mutation($id: ID!, $court: ID) { updateGameTemplate(id: $id, court: $court) { court { id } } }`, { id: String(templateId), court: String(world.court.id) });
    expect(body.errors).toBeUndefined();
    expect(body.data!.updateGameTemplate.court.id).toBe(String(world.court.id));
  });
});

describe("GraphQL over HTTP", () => {
  test("a malformed JSON body answers 400 with our error format; a well-formed request still 200", async () => {
    const client = httpClient(deps);
    await client.request("/api/csrf");
    for (const body of ['{"query": ', "[1, 2", "not json"]) {
      const res = await client.request("/graphql", { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      const answer = (await res.json()) as { errors: { extensions: { code: string } }[] };
      expect(answer.errors[0]!.extensions.code).toBe("VALIDATION");
    }
    const ok = await client.request("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ regions { id } }" }) });
    expect(ok.status).toBe(200);
  });
});

// Last: its mutations run as an admin too (deleteGameTemplate, updateCourtBooking, …) and change the world the tests above read.
describe("every documented operation answers its documented payload, as a visitor, a player and an admin", () => {
  for (const o of [...DOCUMENTED_OPERATIONS].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "query" ? -1 : 1))) {
    test(`${o.kind} ${o.name} (${o.auth})`, async () => {
      if (isUpload(o)) return; // multipart: the wrapper-* tests send the files; the introspection test holds its names
      for (const role of ROLES) {
        const client = await clientAs(role, o);
        const { query, variables } = documentFor(o, valuesFor(o));
        const { body } = await client.graphql<Record<string, unknown>>(query, variables);
        const errors = (body.errors ?? []) as { message: string; path?: unknown; extensions: { code: string } }[];
        const label = { op: o.name, role };
        if (role === "anonymous" && o.auth !== "anyone") {
          expect({ ...label, code: errors[0]?.extensions.code, message: errors[0]?.message }).toEqual({ ...label, code: "UNAUTHENTICATED", message: ERROR_CODES.UNAUTHENTICATED });
          continue;
        }
        if (role === "user" && o.auth === "admin") {
          expect({ ...label, code: errors[0]?.extensions.code }).toEqual({ ...label, code: "FORBIDDEN" });
          continue;
        }
        // Allowed: the document itself is accepted (an error without a path is the request's), nothing unexpected.
        expect({ ...label, documentErrors: errors.filter((e) => !e.path).map((e) => e.message), unexpected: errors.filter((e) => e.extensions.code === "UNEXPECTED").length }).toEqual({ ...label, documentErrors: [], unexpected: 0 });
        if (ANSWERS.has(o.name)) expect({ ...label, errors: errors.map((e) => `${e.extensions.code}: ${e.message}`) }).toEqual({ ...label, errors: [] });
        const answer = body.data?.[o.name];
        const first = Array.isArray(answer) ? answer[0] : answer;
        if (o.fields && first && typeof first === "object") {
          const missing = topFields(o.fields).filter((f) => !(f in (first as object)));
          expect({ ...label, missing }).toEqual({ ...label, missing: [] });
        }
      }
    });
  }
});
