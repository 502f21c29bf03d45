import { and, asc, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { availabilityPlannerAnswers, availabilityPlanners, availabilityPlannerSlots, courts, regions, users } from "../../db/schema";

/** Owner of availability_planners, _slots and _answers (server/db/schema/planner.ts). */

export type PlannerRow = typeof availabilityPlanners.$inferSelect;
export type SlotRow = typeof availabilityPlannerSlots.$inferSelect;
export type AnswerRow = typeof availabilityPlannerAnswers.$inferSelect;
export type PlannerChanges = Partial<Pick<PlannerRow, "status" | "winningSlotId" | "gameTemplateId" | "updatedAt">>;

/** Serialises one organiser's creations, so two at once cannot pass the open-poll limit together. */
const ORGANIZER_PLANNERS_LOCK = 1004;
export async function lockOrganizerPlanners(tx: Tx, organizerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORGANIZER_PLANNERS_LOCK}, ${organizerId})`);
}

/** Open polls of an organiser whose end has not passed. */
export async function countOpen(db: DbOrTx, organizerId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(availabilityPlanners)
    .where(and(eq(availabilityPlanners.organizerId, organizerId), eq(availabilityPlanners.status, "OPEN"), gt(availabilityPlanners.pollEndsAt, now)));
  return row?.n ?? 0;
}

export async function insertPlanner(
  tx: Tx,
  values: typeof availabilityPlanners.$inferInsert,
  slots: readonly { weekday: number; startTime: string; durationMinutes: number }[],
): Promise<PlannerRow> {
  const [row] = await tx.insert(availabilityPlanners).values(values).returning();
  await tx.insert(availabilityPlannerSlots).values(slots.map((s, position) => ({ ...s, plannerId: row!.id, position })));
  return row!;
}

export async function findPlanner(db: DbOrTx, id: number): Promise<PlannerRow | null> {
  const [row] = await db.select().from(availabilityPlanners).where(eq(availabilityPlanners.id, id));
  return row ?? null;
}

export async function findPlannerByToken(db: DbOrTx, token: string): Promise<PlannerRow | null> {
  const [row] = await db.select().from(availabilityPlanners).where(eq(availabilityPlanners.publicToken, token));
  return row ?? null;
}

/** The planner locked for its transaction: answers, closing and converting of one poll run one at a time. */
export async function lockPlanner(tx: Tx, id: number): Promise<PlannerRow | null> {
  const [row] = await tx.select().from(availabilityPlanners).where(eq(availabilityPlanners.id, id)).for("update");
  return row ?? null;
}

export async function updatePlanner(tx: Tx, id: number, changes: PlannerChanges): Promise<PlannerRow> {
  const [row] = await tx.update(availabilityPlanners).set(changes).where(eq(availabilityPlanners.id, id)).returning();
  return row!;
}

/** An organiser's polls that did not become a session yet, newest first. */
export async function unconvertedOf(db: DbOrTx, organizerId: number): Promise<PlannerRow[]> {
  return db
    .select()
    .from(availabilityPlanners)
    .where(and(eq(availabilityPlanners.organizerId, organizerId), ne(availabilityPlanners.status, "CONVERTED")))
    .orderBy(desc(availabilityPlanners.createdAt), desc(availabilityPlanners.id));
}

export async function slotsOf(db: DbOrTx, plannerId: number): Promise<SlotRow[]> {
  return db.select().from(availabilityPlannerSlots).where(eq(availabilityPlannerSlots.plannerId, plannerId)).orderBy(asc(availabilityPlannerSlots.position));
}

export async function answersOf(db: DbOrTx, plannerId: number): Promise<AnswerRow[]> {
  return db
    .select()
    .from(availabilityPlannerAnswers)
    .where(eq(availabilityPlannerAnswers.plannerId, plannerId))
    .orderBy(asc(availabilityPlannerAnswers.createdAt), asc(availabilityPlannerAnswers.id));
}

/** One voter's answers: a second call with the same voter key changes them (one row per slot and voter). */
export async function upsertAnswers(
  tx: Tx,
  plannerId: number,
  voter: { voterKey: string; firstName: string; userId: number | null },
  answers: readonly { slotId: number; available: boolean }[],
  now: Date,
): Promise<void> {
  for (const a of answers) {
    await tx
      .insert(availabilityPlannerAnswers)
      .values({ plannerId, slotId: a.slotId, ...voter, available: a.available ? 1 : 0, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [availabilityPlannerAnswers.slotId, availabilityPlannerAnswers.voterKey],
        set: { firstName: voter.firstName, userId: voter.userId, available: a.available ? 1 : 0, updatedAt: now },
      });
  }
  // the voter's name is one name: a changed name reaches the slots not answered this time too
  await tx
    .update(availabilityPlannerAnswers)
    .set({ firstName: voter.firstName })
    .where(and(eq(availabilityPlannerAnswers.plannerId, plannerId), eq(availabilityPlannerAnswers.voterKey, voter.voterKey)));
}

/** What the pages show beside the planner: its region, court and the organiser's first name. */
export async function refsOf(db: DbOrTx, p: PlannerRow) {
  const [organizer] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, p.organizerId));
  const [region] = p.regionId ? await db.select({ id: regions.id, name: regions.name, slug: regions.slug }).from(regions).where(eq(regions.id, p.regionId)) : [];
  const [court] = p.courtId ? await db.select({ id: courts.id, name: courts.name }).from(courts).where(eq(courts.id, p.courtId)) : [];
  return { organizerFirstName: organizer?.firstName ?? "", region: region ?? null, court: court ?? null };
}

export async function regionExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id));
  return row !== undefined;
}
