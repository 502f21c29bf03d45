import { and, asc, desc, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { courts, games, gameTemplates, organizations, users } from "../../db/schema";

/** Owner of game_templates (weekly sessions). Games of a template are read here by their `game_template_id`. */

export type TemplateRow = typeof gameTemplates.$inferSelect;
export type NewTemplate = typeof gameTemplates.$inferInsert;
export type TemplateChanges = Partial<Omit<TemplateRow, "id" | "creatorId" | "createdAt">>;

export async function insertTemplate(tx: Tx, values: NewTemplate): Promise<TemplateRow> {
  const [row] = await tx.insert(gameTemplates).values(values).returning();
  return row!;
}

export async function findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | null> {
  const [row] = await db.select().from(gameTemplates).where(eq(gameTemplates.id, id));
  return row ?? null;
}

/** The template row locked for its transaction: confirmations of one session run one at a time. */
export async function lockTemplate(tx: Tx, id: number): Promise<TemplateRow | null> {
  const [row] = await tx.select().from(gameTemplates).where(eq(gameTemplates.id, id)).for("update");
  return row ?? null;
}

export async function updateTemplate(tx: Tx, id: number, changes: TemplateChanges): Promise<TemplateRow> {
  const [row] = await tx.update(gameTemplates).set(changes).where(eq(gameTemplates.id, id)).returning();
  return row!;
}

export async function deactivateTemplatesOf(tx: Tx, creatorId: number, now: Date): Promise<void> {
  await tx.update(gameTemplates).set({ deactivatedAt: now, updatedAt: now }).where(and(eq(gameTemplates.creatorId, creatorId), isNull(gameTemplates.deactivatedAt)));
}

export async function deleteTemplate(tx: Tx, id: number): Promise<void> {
  await tx.delete(gameTemplates).where(eq(gameTemplates.id, id));
}

/** A user's templates, active first, then by weekday and time of their latest week. */
export async function templatesOf(db: DbOrTx, creatorId: number): Promise<TemplateRow[]> {
  return db
    .select()
    .from(gameTemplates)
    .where(eq(gameTemplates.creatorId, creatorId))
    .orderBy(sql`${gameTemplates.deactivatedAt} is not null`, asc(gameTemplates.latestStartTime), asc(gameTemplates.id));
}

export async function hasTemplates(db: DbOrTx, creatorId: number): Promise<boolean> {
  const [row] = await db.select({ id: gameTemplates.id }).from(gameTemplates).where(eq(gameTemplates.creatorId, creatorId)).limit(1);
  return row !== undefined;
}

/** What the share link needs of a session's game: its id, and who may see it when private (games/visibility.ts). */
const linkedGame = {
  id: games.id,
  startTime: games.startTime,
  gameType: games.gameType,
  creatorId: games.creatorId,
  organizationId: games.organizationId,
  shareKey: games.shareKey,
};
export type LinkedGame = { id: number; startTime: Date; gameType: string; creatorId: number; organizationId: number | null; shareKey: string };

/**
 * A template's game that has not started yet and is not cancelled (there is at most one in practice), soonest
 * first; `exceptGameId`: not this one (a week's game checking, as it is made, that no other holds its week).
 */
export async function upcomingGameOf(db: DbOrTx, templateId: number, now: Date, exceptGameId?: number): Promise<LinkedGame | null> {
  const [row] = await db
    .select(linkedGame)
    .from(games)
    .where(and(eq(games.gameTemplateId, templateId), gt(games.startTime, now), isNull(games.cancelledAt), exceptGameId === undefined ? undefined : ne(games.id, exceptGameId)))
    .orderBy(asc(games.startTime))
    .limit(1);
  return row ?? null;
}

/** The template's games that have not started and are not cancelled, soonest first. */
export async function futureGamesOf(db: DbOrTx, templateId: number, now: Date): Promise<{ id: number }[]> {
  return db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.gameTemplateId, templateId), gt(games.startTime, now), isNull(games.cancelledAt)))
    .orderBy(asc(games.startTime));
}

/** The template's most recent game that has started (any state), for the share link when nothing is upcoming. */
export async function latestStartedGameOf(db: DbOrTx, templateId: number, now: Date): Promise<LinkedGame | null> {
  const [row] = await db
    .select(linkedGame)
    .from(games)
    .where(and(eq(games.gameTemplateId, templateId), lte(games.startTime, now)))
    .orderBy(desc(games.startTime))
    .limit(1);
  return row ?? null;
}

/** What the template page shows besides the row: court, organisation, creator. */
export async function templateRefs(db: DbOrTx, t: TemplateRow) {
  const [court] = t.courtId ? await db.select({ id: courts.id, name: courts.name, imageUrl: courts.imageUrl }).from(courts).where(eq(courts.id, t.courtId)) : [];
  const [organization] = t.organizationId
    ? await db
        .select({ id: organizations.id, name: organizations.name, gameApplicationFeePercentage: organizations.gameApplicationFeePercentage })
        .from(organizations)
        .where(eq(organizations.id, t.organizationId))
    : [];
  const [creator] = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.id, t.creatorId));
  return { court: court ?? null, organization: organization ?? null, creator: creator ?? { id: t.creatorId, firstName: "" } };
}
