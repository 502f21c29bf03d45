import type { Deps } from "../context";
import { advertisements } from "../db/schema";

/**
 * An advertisement row for tests (domains/ads owns the table; tests may write fixtures directly): an
 * active BIG game ad after today for every region with an image, unless told otherwise.
 */
export async function createAdRow(deps: Deps, values: Partial<typeof advertisements.$inferInsert> = {}) {
  const [row] = await deps.db
    .insert(advertisements)
    .values({
      kind: "GAME",
      size: "BIG",
      position: "AFTER_TODAY",
      title: "Testanzeige",
      linkUrl: "https://example.org/anzeige",
      imageUrl: "/uploads/ad-images/test.jpg",
      ...values,
    })
    .returning();
  return row!;
}
