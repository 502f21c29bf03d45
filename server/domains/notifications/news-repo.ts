import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { pushDevices, regionSubscriptions } from "../../db/schema";
import type { Receiver } from "./repo";

/** Devices subscribed to any of these regions (all regions when none is named), in each subscription's language. */
export async function regionsSubscriberDevices(db: DbOrTx, regionIds: readonly number[]): Promise<Array<Receiver & { userId: number | null }>> {
  return db
    .select({ deviceToken: regionSubscriptions.deviceToken, language: regionSubscriptions.messagingLanguage, userId: pushDevices.userId })
    .from(regionSubscriptions)
    .innerJoin(pushDevices, eq(pushDevices.deviceToken, regionSubscriptions.deviceToken))
    .where(regionIds.length > 0 ? inArray(regionSubscriptions.regionId, [...regionIds]) : undefined)
    .orderBy(regionSubscriptions.deviceToken);
}
