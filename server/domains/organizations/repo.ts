import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { organizations } from "../../db/schema";

export async function findOrganization(db: DbOrTx, id: number) {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      imageUrl: organizations.imageUrl,
      gameApplicationFeePercentage: organizations.gameApplicationFeePercentage,
    })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Sets the logo URL under a row lock and returns the one it replaces (undefined: no such organisation). */
export async function replaceLogoUrl(db: DbOrTx, id: number, url: string): Promise<string | null | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ url: organizations.imageUrl }).from(organizations).where(eq(organizations.id, id)).for("update");
    if (!row) return undefined;
    await tx.update(organizations).set({ imageUrl: url }).where(eq(organizations.id, id));
    return row.url;
  });
}

// ---- written by the staff console (issue 26; domains/admin calls organizations/service) ----

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationValues = { name: string; gameApplicationFeePercentage: number };

export async function lockOrganization(db: DbOrTx, id: number): Promise<OrganizationRow | null> {
  const rows = await db.select().from(organizations).where(eq(organizations.id, id)).for("update");
  return rows[0] ?? null;
}

export async function insertOrganization(db: DbOrTx, values: OrganizationValues): Promise<OrganizationRow> {
  const rows = await db.insert(organizations).values(values).returning();
  return rows[0]!;
}

export async function updateOrganization(db: DbOrTx, id: number, changes: Partial<OrganizationValues>): Promise<OrganizationRow | null> {
  const rows = await db.update(organizations).set(changes).where(eq(organizations.id, id)).returning();
  return rows[0] ?? null;
}
