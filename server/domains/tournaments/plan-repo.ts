import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { tournamentMatches, tournamentParticipations, tournamentPlans, tournamentReferees, users } from "../../db/schema";

/**
 * The plan's queries (issue 29): the only code that reads and writes `tournament_plans`, `tournament_matches` and
 * `tournament_referees` (the tournaments domain's tables; repo.ts has the tournaments and their teams).
 */

export type PlanRow = typeof tournamentPlans.$inferSelect;
export type MatchRow = typeof tournamentMatches.$inferSelect;
export type NewMatch = Omit<typeof tournamentMatches.$inferInsert, "id" | "tournamentId">;

export async function findPlan(db: DbOrTx, tournamentId: number, lock = false): Promise<PlanRow | null> {
  const q = db.select().from(tournamentPlans).where(eq(tournamentPlans.tournamentId, tournamentId)).limit(1);
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

/** The plan's matches by kick-off, then pitch. */
export function matchesOf(db: DbOrTx, tournamentId: number): Promise<MatchRow[]> {
  return db.select().from(tournamentMatches).where(eq(tournamentMatches.tournamentId, tournamentId)).orderBy(asc(tournamentMatches.startsAt), asc(tournamentMatches.pitch));
}

export async function findMatch(db: DbOrTx, matchId: number): Promise<MatchRow | null> {
  const [row] = await db.select().from(tournamentMatches).where(eq(tournamentMatches.id, matchId)).limit(1);
  return row ?? null;
}

/** Whether the plan has results entered by somebody (walkovers of withdrawn teams do not count: a new plan may replace them). */
export async function hasResults(db: DbOrTx, tournamentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tournamentMatches.id })
    .from(tournamentMatches)
    .where(and(eq(tournamentMatches.tournamentId, tournamentId), isNotNull(tournamentMatches.homeGoals), isNull(tournamentMatches.forfeit)))
    .limit(1);
  return Boolean(row);
}

/** Of these teams, the ones cancelled (withdrawn by themselves, removed by the organiser, an account deleted). */
export async function withdrawnTeams(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: tournamentParticipations.id })
    .from(tournamentParticipations)
    .where(and(inArray(tournamentParticipations.id, ids), isNotNull(tournamentParticipations.cancelledAt)));
  return new Set(rows.map((r) => r.id));
}

/** The teams holding a place (as repo.teamAmountSql counts them), in registration order: the draw's seeding. */
export function activeTeams(db: DbOrTx, tournamentId: number) {
  return db
    .select({ id: tournamentParticipations.id, teamName: tournamentParticipations.teamName, userId: tournamentParticipations.userId })
    .from(tournamentParticipations)
    .where(
      and(
        eq(tournamentParticipations.tournamentId, tournamentId),
        isNull(tournamentParticipations.cancelledAt),
        eq(tournamentParticipations.queue, false),
        ne(tournamentParticipations.paymentStatus, "Refunded"),
      ),
    )
    .orderBy(asc(tournamentParticipations.createdAt), asc(tournamentParticipations.id));
}

/** Team names by id (a team in the plan keeps its name there even if it is cancelled later). */
export async function teamNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: tournamentParticipations.id, name: tournamentParticipations.teamName }).from(tournamentParticipations).where(inArray(tournamentParticipations.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Replaces the plan and all its matches; the version keeps growing across plans (clients compare it). */
export async function replacePlan(tx: Tx, plan: Omit<PlanRow, "version">, matches: NewMatch[], previousVersion: number | null): Promise<number> {
  await tx.delete(tournamentPlans).where(eq(tournamentPlans.tournamentId, plan.tournamentId));
  const version = (previousVersion ?? 0) + 1;
  await tx.insert(tournamentPlans).values({ ...plan, version });
  for (let i = 0; i < matches.length; i += 500) {
    await tx.insert(tournamentMatches).values(matches.slice(i, i + 500).map((m) => ({ ...m, tournamentId: plan.tournamentId })));
  }
  return version;
}

export async function saveDraws(tx: Tx, tournamentId: number, draws: Record<string, number[]>): Promise<void> {
  await tx.update(tournamentPlans).set({ draws }).where(eq(tournamentPlans.tournamentId, tournamentId));
}

export async function bumpVersion(tx: Tx, tournamentId: number): Promise<number> {
  const [row] = await tx
    .update(tournamentPlans)
    .set({ version: sql`${tournamentPlans.version} + 1` })
    .where(eq(tournamentPlans.tournamentId, tournamentId))
    .returning({ version: tournamentPlans.version });
  return row!.version;
}

export async function saveResult(
  tx: Tx,
  matchId: number,
  r: { homeGoals: number; awayGoals: number; winner: "home" | "away" | null; resultById: number | null; resultAt: Date; forfeit?: "home" | "away" | null },
): Promise<void> {
  await tx
    .update(tournamentMatches)
    .set({ forfeit: null, ...r, version: sql`${tournamentMatches.version} + 1` })
    .where(eq(tournamentMatches.id, matchId));
}

/** New teams are a new version too: a phone that showed the old pairing cannot save a score for the new one. */
export async function setTeams(tx: Tx, matchId: number, homeTeamId: number | null, awayTeamId: number | null): Promise<void> {
  await tx
    .update(tournamentMatches)
    .set({ homeTeamId, awayTeamId, version: sql`${tournamentMatches.version} + 1` })
    .where(eq(tournamentMatches.id, matchId));
}

const personName = sql<string>`trim(${users.firstName} || ' ' || coalesce(${users.lastName}, ''))`;

export function referees(db: DbOrTx, tournamentId: number) {
  return db
    .select({ userId: tournamentReferees.userId, name: personName })
    .from(tournamentReferees)
    .innerJoin(users, eq(users.id, tournamentReferees.userId))
    .where(eq(tournamentReferees.tournamentId, tournamentId))
    .orderBy(asc(tournamentReferees.createdAt), asc(tournamentReferees.userId));
}

export async function isReferee(db: DbOrTx, tournamentId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: tournamentReferees.userId })
    .from(tournamentReferees)
    .where(and(eq(tournamentReferees.tournamentId, tournamentId), eq(tournamentReferees.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function refereeCount(db: DbOrTx, tournamentId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tournamentReferees).where(eq(tournamentReferees.tournamentId, tournamentId));
  return row?.n ?? 0;
}

export async function addReferee(tx: Tx, tournamentId: number, userId: number, at: Date): Promise<void> {
  await tx.insert(tournamentReferees).values({ tournamentId, userId, createdAt: at }).onConflictDoNothing();
}

export async function removeReferee(tx: Tx, tournamentId: number, userId: number): Promise<void> {
  await tx.delete(tournamentReferees).where(and(eq(tournamentReferees.tournamentId, tournamentId), eq(tournamentReferees.userId, userId)));
}

/** Whom the organiser may name: the accounts of the teams holding a place, each once, with their first team's name. */
export async function refereeCandidates(db: DbOrTx, tournamentId: number) {
  const teams = await activeTeams(db, tournamentId);
  const userIds = [...new Set(teams.flatMap((t) => (t.userId === null ? [] : [t.userId])))];
  if (userIds.length === 0) return [];
  const people = await db.select({ id: users.id, name: personName }).from(users).where(inArray(users.id, userIds));
  const names = new Map(people.map((p) => [p.id, p.name]));
  return userIds.flatMap((userId) => (names.has(userId) ? [{ userId, name: names.get(userId)!, teamName: teams.find((t) => t.userId === userId)!.teamName }] : []));
}
