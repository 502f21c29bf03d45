import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema";

export async function emailExists(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  return rows.length > 0;
}

export async function findCredentialsByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a user; null when the e-mail was taken meanwhile (unique index). */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<number | null> {
  const rows = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows[0]?.id ?? null;
}
