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
