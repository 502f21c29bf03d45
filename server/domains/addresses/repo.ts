import { and, asc, count, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { addresses } from "../../db/schema";

/** The only module that writes the `addresses` table (README "Layout": one owner per table). */
export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<AddressRow, "line1" | "line2" | "postalCode" | "town" | "state" | "country">;

/** The user's addresses, oldest first (the first one is the one used, spec 001 section 3). */
export function listAddresses(db: DbOrTx, userId: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
}

export async function countAddresses(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddress(db: DbOrTx, userId: number, values: AddressValues, now: Date): Promise<AddressRow> {
  const [row] = await db
    .insert(addresses)
    .values({ ...values, userId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** Changes the user's own address of that id; null when the user has none of that id. */
export async function updateAddress(db: DbOrTx, userId: number, id: number, changes: Partial<AddressValues>, now: Date): Promise<AddressRow | null> {
  const [row] = await db
    .update(addresses)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteAddressesOf(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(addresses).where(eq(addresses.userId, userId));
}
