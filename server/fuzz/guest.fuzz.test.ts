import { beforeAll, describe, test } from "bun:test";
import fc from "fast-check";
import { SESSION_COOKIE } from "@shared/constants";
import type { Deps } from "../context";
import { createSession } from "../domains/auth/sessions";
import { createGameRow, createRegion, createUser } from "../testing/factories";
import { errorProblem, FUZZ_SEED, junkNumber, junkString, junkValue, preview } from "../testing/fuzz";
import { httpClient } from "../testing/http-client";
import { testDeps } from "../testing/test-db";

/**
 * Issue 23 items 8 and 9: everything an anonymous guest can send (joining, commenting, its device,
 * claiming participations after signing in) with generated values, from generated client addresses,
 * through both transports (tRPC as the web client sends it, GraphQL as the wrapper does): never a 5xx,
 * every refusal a known code with a short message. Replay a failure with FUZZ_SEED=<seed printed>.
 */
const RUNS = Number(process.env.FUZZ_GUEST_RUNS ?? 150);

let deps: Deps;
let gameIds: number[];
/** One signed-in account's session, for the calls made signed in. */
let sessionToken: string;
beforeAll(async () => {
  deps = await testDeps();
  const region = await createRegion(deps);
  const host = await createUser(deps, { emailVerifiedAt: new Date(), regionId: region.id });
  sessionToken = (await createSession(deps, (await createUser(deps, { emailVerifiedAt: new Date() })).id, "fuzz")).token;
  const start = new Date(Date.now() + 3 * 86400_000);
  gameIds = [];
  for (const values of [{ maxPlayers: 4 }, { maxPlayers: null }, { maxPlayers: 12, gameType: "PRIVATE" as const }, { maxPlayers: 10, isManagedPayment: true, priceCents: 500 }]) {
    gameIds.push((await createGameRow(deps, { creatorId: host.id, regionId: region.id, startTime: start, ...values })).id);
  }
});

/** Client addresses as a socket or a proxy might report them, the odd ones included. */
const address = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV6().map((ip) => `[${ip}]`),
  fc.ipV4().map((ip) => `::ffff:${ip}`),
  fc.constantFrom("unknown", "", " ", "fe80::1%eth0", "not-an-ip", "999.999.999.999"),
  junkString,
);
const deviceToken = fc.oneof(
  { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 60 }).map((s) => `fcm-${s}`) },
  { weight: 1, arbitrary: fc.constantFrom("web-abc", "wp_abc", "", null, undefined) },
  { weight: 2, arbitrary: junkString },
  { weight: 1, arbitrary: junkValue },
);
const gameId = () => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...gameIds) }, { weight: 1, arbitrary: junkNumber }, { weight: 1, arbitrary: junkValue });
const maybe = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

const joinInput = () =>
  fc.record(
    {
      gameId: gameId(),
      firstName: fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) }, { weight: 2, arbitrary: junkString }, { weight: 1, arbitrary: junkValue }),
      deviceToken,
      playerCount: maybe(fc.oneof(fc.integer({ min: 0, max: 4 }), junkNumber, junkValue)),
      queue: maybe(fc.oneof(fc.boolean(), junkValue)),
      bringsBall: maybe(fc.boolean()),
      playsHimself: maybe(fc.oneof(fc.boolean(), junkValue)),
      messagingLanguage: maybe(fc.oneof(fc.constantFrom("de", "en", "de-DE"), junkString)),
    },
    { requiredKeys: [] },
  );
const commentInput = () =>
  fc.record(
    {
      gameId: gameId(),
      text: fc.oneof(fc.string({ maxLength: 60 }), junkString, junkValue),
      name: maybe(fc.oneof(fc.string({ maxLength: 20 }), junkString, junkValue)),
      deviceToken,
      messagingLanguage: maybe(fc.oneof(fc.constantFrom("de", "en"), junkString)),
    },
    { requiredKeys: [] },
  );
const deviceInput = () =>
  fc.record({ deviceToken, platform: maybe(fc.oneof(fc.constantFrom("ios", "android"), junkString)), language: fc.oneof(fc.constantFrom("de", "en", "en_US"), junkString) }, { requiredKeys: [] });
const attachInput = () =>
  fc.record(
    {
      participationIds: maybe(fc.oneof(fc.array(fc.oneof(fc.nat({ max: 50 }), junkNumber, junkValue), { maxLength: 5 }), junkValue)),
      participations: maybe(fc.oneof(fc.array(fc.record({ id: fc.oneof(fc.nat({ max: 50 }), junkValue), guestToken: fc.oneof(junkString, junkValue) }), { maxLength: 3 }), junkValue)),
    },
    { requiredKeys: [] },
  );

const GRAPHQL = {
  join: `mutation($gameId: ID!, $playerCount: Int, $bringsBall: Boolean, $firstName: String, $queue: Boolean, $deviceToken: String, $messagingLanguage: String, $playsHimself: Boolean) {
    participateInGame(gameId: $gameId, playerCount: $playerCount, bringsBall: $bringsBall, firstName: $firstName, queue: $queue, deviceToken: $deviceToken,
      messagingLanguage: $messagingLanguage, playsHimself: $playsHimself) { participation { id } guestToken } }`,
  comment: `mutation($gameId: ID!, $text: String!, $name: String, $deviceToken: String, $messagingLanguage: String) {
    createComment(gameId: $gameId, text: $text, name: $name, deviceToken: $deviceToken, messagingLanguage: $messagingLanguage) { id } }`,
  device: `mutation($deviceToken: String!, $platform: String, $language: String!) { registerNativeDevice(deviceToken: $deviceToken, platform: $platform, language: $language) { deviceToken } }`,
  attach: `mutation($participationIds: [ID!], $participations: [GuestParticipation!]) {
    attachGuestParticipationsToMyAccount(participationIds: $participationIds, participations: $participations) { attached } }`,
} as const;
const TRPC = { join: "participation.join", comment: "chat.createComment", device: "notifications.registerNativeDevice", attach: "participation.attachGuests" } as const;
type Operation = keyof typeof GRAPHQL;

/** Sends one call and says what is wrong with the answer, or null. */
async function problemOf(op: Operation, transport: "trpc" | "graphql", ip: string, input: Record<string, unknown>, signedIn: boolean): Promise<string | null> {
  const client = httpClient(deps, { ip });
  if (signedIn) client.jar.set(SESSION_COOKIE, sessionToken);
  if (transport === "trpc") {
    const { res, body } = await client.trpc(TRPC[op], input);
    if (res.status >= 500) return `HTTP ${res.status}`;
    if (body.error) return errorProblem(body.error.json.data.app.code, body.error.json.message);
    return null;
  }
  const { res, body } = await client.graphql(GRAPHQL[op], input);
  if (res.status >= 500) return `HTTP ${res.status}`;
  const error = body.errors?.[0];
  if (!error) return null;
  const status = error.extensions.status as number | undefined;
  if (status !== undefined && status >= 500) return `status ${status}`;
  return errorProblem(error.extensions.code, error.message);
}

describe("guest inputs, generated (issue 23 items 8 and 9)", () => {
  for (const op of ["join", "comment", "device", "attach"] as const) {
    test(`${op}: never a 5xx, on tRPC and GraphQL, from any address`, async () => {
      const input = { join: joinInput, comment: commentInput, device: deviceInput, attach: attachInput }[op]();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom("trpc" as const, "graphql" as const), address, input, fc.boolean(), async (transport, ip, values, signedIn) => {
          const problem = await problemOf(op, transport, ip, values as Record<string, unknown>, op === "attach" ? true : signedIn && op === "device");
          if (problem) throw new Error(`${transport} ${op} from ${JSON.stringify(ip)}: ${problem} for ${preview(values)} (FUZZ_SEED=${FUZZ_SEED})`);
        }),
        { numRuns: RUNS, seed: FUZZ_SEED },
      );
    }, 300_000);
  }
});
