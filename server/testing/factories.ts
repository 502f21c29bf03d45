import type { TCreateGameInput } from "@shared/schemas/games";
import { eq } from "drizzle-orm";
import type { Deps } from "../context";
import { courts, games, groups, participations, regions, userGroups, users } from "../db/schema";
import { hashPassword } from "../lib/password";

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// One hash for all factory users: argon2 per user would slow the suite for nothing.
let hash: Promise<string> | undefined;
export const FACTORY_PASSWORD = "geheim123";
// at the run's cost (the test database's deps set PASSWORD_HASH_COST=test before any user is made)
const passwordHash = () => (hash ??= hashPassword(FACTORY_PASSWORD));

export async function createRegion(deps: Deps, values: Partial<typeof regions.$inferInsert> = {}) {
  const u = unique();
  const [row] = await deps.db
    .insert(regions)
    .values({ name: `Stadt ${u}`, slug: `stadt-${u}`, latitude: 52.52, longitude: 13.405, ...values })
    .returning();
  return row!;
}

export async function createUser(
  deps: Deps,
  values: Partial<typeof users.$inferInsert> & { groupNames?: string[] } = {},
) {
  const { groupNames = [], ...rest } = values;
  const [row] = await deps.db
    .insert(users)
    .values({ email: `user-${unique()}@example.org`, passwordHash: await passwordHash(), firstName: "Testi", ...rest })
    .returning();
  for (const name of groupNames) {
    await deps.db.insert(groups).values({ name }).onConflictDoNothing();
    const [g] = await deps.db.select().from(groups).where(eq(groups.name, name));
    await deps.db.insert(userGroups).values({ userId: row!.id, groupId: g!.id });
  }
  return row!;
}

export const uniqueEmail = () => `new-${unique()}@example.org`;

export async function createCourt(deps: Deps, values: Partial<typeof courts.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(courts)
    .values({ name: `Platz ${unique()}`, latitude: 52.5, longitude: 13.4, ...values })
    .returning();
  return row!;
}

/** A game row straight in the database (no rules), with the organiser's participation. */
export async function createGameRow(
  deps: Deps,
  values: Partial<typeof games.$inferInsert> & { creatorId: number; regionId: number; startTime: Date },
  organiserPlayers = 1,
) {
  const durationMinutes = values.durationMinutes ?? 60;
  const [row] = await deps.db
    .insert(games)
    .values({ endTime: new Date(values.startTime.getTime() + durationMinutes * 60_000), durationMinutes, ...values })
    .returning();
  if (organiserPlayers > 0) {
    await deps.db.insert(participations).values({ gameId: row!.id, userId: values.creatorId, playerCount: organiserPlayers });
  }
  return row!;
}

export async function addPlayers(deps: Deps, gameId: number, count: number) {
  for (let i = 0; i < count; i++) {
    const u = await createUser(deps);
    await deps.db.insert(participations).values({ gameId, userId: u.id, playerCount: 1 });
  }
}

/** A complete, valid "create game" input as the web form sends it: a public 5-a-side hour for up to 10, the organiser plays. */
export function gameInput(startTime: Date, overrides: Partial<TCreateGameInput> = {}): TCreateGameInput {
  return {
    title: null,
    description: "Lockeres Kicken, alle willkommen.",
    descriptionEn: null,
    startTime,
    durationMinutes: 60,
    courtId: null,
    teams: 2,
    gameMode: 5,
    minPlayers: 10,
    maxPlayers: null,
    level: "ALL",
    gender: "MIXED",
    gameType: "PUBLIC",
    priceCents: 0,
    isManagedPayment: false,
    instantCapture: false,
    externalPaymentRequestsAllowed: false,
    isOrganizationGame: false,
    playerCount: 1,
    playsHimself: true,
    bringsBall: false,
    bringsBibs: false,
    ...overrides,
  };
}
