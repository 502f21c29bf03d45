import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { vapidKeys } from "../../db/schema";
import { generateVapidKeys } from "./web-push";

/**
 * The VAPID key pair: from configuration, or generated once and kept in the database so the
 * offline default works and every server process (and every restart) signs with the same key;
 * a new key would silently invalidate all browser subscriptions.
 */
export async function resolveVapidKeys(db: Db, configured: { publicKey: string; privateKey: string } | undefined) {
  if (configured) return configured;
  // A restart finds the pair and makes none (nor loads web-push for it: server/README.md "Cold start").
  const [kept] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (kept) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  const fresh = generateVapidKeys();
  await db.insert(vapidKeys).values({ id: 1, ...fresh }).onConflictDoNothing();
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  return { publicKey: row!.publicKey, privateKey: row!.privateKey };
}
