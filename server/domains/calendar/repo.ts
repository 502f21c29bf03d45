import { and, asc, eq, gt, inArray, isNotNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { courtExternalEvents, courts, googleCredentials, googleOauthStates, users } from "../../db/schema";

/**
 * Owner of google_credentials, google_oauth_states and court_external_events (schema/calendar.ts). This domain
 * decides the courts' calendar link (calendar_name, calendar_id_google), but the courts row is written by its
 * owner (courts/service `setCourtCalendarLink`); occupancies are the bookings domain's (bookings/occupancy.ts).
 * Reads may join courts and users.
 */

export type CredentialsRow = typeof googleCredentials.$inferSelect;
export type ExternalEventRow = typeof courtExternalEvents.$inferSelect;

/** Whether a user may link a Google calendar: a court owner (or an admin). */
export async function ownerFlags(db: DbOrTx, userId: number) {
  const [row] = await db.select({ isCourtOwner: users.isCourtOwner, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

// ------------------------------------------------------------------------------------------
// OAuth states

export async function insertState(db: DbOrTx, values: { stateHash: string; userId: number; returnPath: string; overlapCheck?: boolean; expiresAt: Date }, now: Date) {
  await db.delete(googleOauthStates).where(lte(googleOauthStates.expiresAt, now));
  await db.insert(googleOauthStates).values(values);
}

/** Every consent flow a user has in progress (account deletion). */
export async function deleteStatesOf(db: DbOrTx, userId: number) {
  await db.delete(googleOauthStates).where(eq(googleOauthStates.userId, userId));
}

/** Takes a state out (single use): the row if it was there and had not expired. */
export async function consumeState(db: DbOrTx, stateHash: string, now: Date) {
  const [row] = await db.delete(googleOauthStates).where(eq(googleOauthStates.stateHash, stateHash)).returning();
  return row && row.expiresAt > now ? row : null;
}

// ------------------------------------------------------------------------------------------
// credentials

export async function findCredentials(db: DbOrTx, userId: number): Promise<CredentialsRow | null> {
  const [row] = await db.select().from(googleCredentials).where(eq(googleCredentials.userId, userId));
  return row ?? null;
}

/** A new link (or a renewed one): fresh tokens, no error. */
export async function saveCredentials(
  db: DbOrTx,
  values: { userId: number; refreshTokenEnc: string; accessTokenEnc: string; accessTokenExpiresAt: Date; scope: string | null; overlapCheck: boolean; now: Date },
) {
  const { now, ...v } = values;
  await db
    .insert(googleCredentials)
    .values({ ...v, lastImportError: null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: googleCredentials.userId,
      set: {
        refreshTokenEnc: v.refreshTokenEnc,
        accessTokenEnc: v.accessTokenEnc,
        accessTokenExpiresAt: v.accessTokenExpiresAt,
        scope: v.scope,
        lastImportError: null,
        // a court owner connecting again for the courts keeps an overlap check they asked for
        overlapCheck: sql`${googleCredentials.overlapCheck} or excluded.overlap_check`,
        updatedAt: now,
      },
    });
}

export async function updateCredentials(db: DbOrTx, userId: number, changes: Partial<Omit<CredentialsRow, "userId" | "createdAt">>) {
  await db.update(googleCredentials).set(changes).where(eq(googleCredentials.userId, userId));
}

export async function deleteCredentials(db: DbOrTx, userId: number) {
  await db.delete(googleCredentials).where(eq(googleCredentials.userId, userId));
}

/**
 * Owners with a working link and a court linked to a calendar (a broken link waits for its owner to connect again; a
 * player's link for the overlap check alone has nothing to import).
 */
export async function connectedUserIds(db: DbOrTx, brokenCode: string): Promise<number[]> {
  const rows = await db
    .select({ userId: googleCredentials.userId })
    .from(googleCredentials)
    .where(
      and(
        or(sql`${googleCredentials.lastImportError} is null`, ne(googleCredentials.lastImportError, brokenCode)),
        sql`exists (select 1 from ${courts} where ${courts.ownerId} = ${googleCredentials.userId} and ${courts.calendarIdGoogle} is not null)`,
      ),
    )
    .orderBy(asc(googleCredentials.userId));
  return rows.map((r) => r.userId);
}

// ------------------------------------------------------------------------------------------
// courts' calendar links

export async function ownedCourtLinks(db: DbOrTx, ownerId: number) {
  return db
    .select({ id: courts.id, name: courts.name, calendarName: courts.calendarName, calendarIdGoogle: courts.calendarIdGoogle })
    .from(courts)
    .where(eq(courts.ownerId, ownerId))
    .orderBy(asc(courts.name), asc(courts.id));
}

export async function linkedCourts(db: DbOrTx, ownerId: number) {
  return db
    .select({ id: courts.id, name: courts.name, calendarIdGoogle: courts.calendarIdGoogle })
    .from(courts)
    .where(and(eq(courts.ownerId, ownerId), isNotNull(courts.calendarIdGoogle)))
    .orderBy(asc(courts.id))
    .then((rows) => rows.map((r) => ({ ...r, calendarIdGoogle: r.calendarIdGoogle! })));
}

export async function findCourt(db: DbOrTx, courtId: number) {
  const [row] = await db
    .select({ id: courts.id, name: courts.name, ownerId: courts.ownerId, calendarName: courts.calendarName, calendarIdGoogle: courts.calendarIdGoogle })
    .from(courts)
    .where(eq(courts.id, courtId));
  return row ?? null;
}

// ------------------------------------------------------------------------------------------
// imported events

/** The court's imported events of a calendar overlapping [from, to). */
export async function eventsInWindow(db: DbOrTx, courtId: number, calendarIdGoogle: string, from: Date, to: Date): Promise<ExternalEventRow[]> {
  return db
    .select()
    .from(courtExternalEvents)
    .where(
      and(
        eq(courtExternalEvents.courtId, courtId),
        eq(courtExternalEvents.calendarIdGoogle, calendarIdGoogle),
        lt(courtExternalEvents.startsAt, to),
        gt(courtExternalEvents.endsAt, from),
      ),
    );
}

/** The court's imported events of a calendar with these Google ids, wherever they lie in time. */
export async function eventsByGoogleIds(db: DbOrTx, courtId: number, calendarIdGoogle: string, googleEventIds: string[]): Promise<ExternalEventRow[]> {
  if (googleEventIds.length === 0) return [];
  return db
    .select()
    .from(courtExternalEvents)
    .where(and(eq(courtExternalEvents.courtId, courtId), eq(courtExternalEvents.calendarIdGoogle, calendarIdGoogle), inArray(courtExternalEvents.googleEventId, googleEventIds)));
}

export async function insertEvent(tx: Tx, values: typeof courtExternalEvents.$inferInsert): Promise<ExternalEventRow> {
  const [row] = await tx.insert(courtExternalEvents).values(values).returning();
  return row!;
}

export async function updateEvent(tx: Tx, id: number, changes: Partial<Omit<ExternalEventRow, "id" | "courtId" | "calendarIdGoogle" | "googleEventId">>) {
  await tx.update(courtExternalEvents).set(changes).where(eq(courtExternalEvents.id, id));
}

/** Deletes imported events; their occupancies go with them (on delete cascade). */
export async function deleteEvents(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(courtExternalEvents).where(inArray(courtExternalEvents.id, ids));
}

/** Every imported event of a court, or those of other calendars than `keepCalendarId` (a changed link). */
export async function deleteCourtEvents(tx: Tx, courtId: number, keepCalendarId: string | null = null): Promise<number> {
  const rows = await tx
    .delete(courtExternalEvents)
    .where(and(eq(courtExternalEvents.courtId, courtId), keepCalendarId ? ne(courtExternalEvents.calendarIdGoogle, keepCalendarId) : undefined))
    .returning({ id: courtExternalEvents.id });
  return rows.length;
}

/** Per court: imported events still to come, and those with a conflict. */
export async function eventCounts(db: DbOrTx, courtIds: number[], now: Date) {
  if (courtIds.length === 0) return new Map<number, { events: number; conflicts: number }>();
  const rows = await db
    .select({
      courtId: courtExternalEvents.courtId,
      events: sql<number>`count(*)::int`,
      conflicts: sql<number>`count(*) filter (where cardinality(${courtExternalEvents.conflictingSubCourtIds}) > 0)::int`,
    })
    .from(courtExternalEvents)
    .where(and(inArray(courtExternalEvents.courtId, courtIds), gt(courtExternalEvents.endsAt, now)))
    .groupBy(courtExternalEvents.courtId);
  return new Map(rows.map((r) => [r.courtId, { events: Number(r.events), conflicts: Number(r.conflicts) }]));
}
