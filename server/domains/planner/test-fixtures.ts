import type { Deps } from "../../context";
import * as repo from "./repo";

/**
 * A poll of `organizerId` made straight in the database (tests: the authorisation matrix acts on
 * somebody else's poll): two slots, open for two days unless `pollEndsAt` says otherwise.
 */
export async function plannerOf(deps: Deps, organizerId: number, values: { regionId?: number | null; pollEndsAt?: Date } = {}) {
  const now = deps.clock.now();
  const row = await deps.db.transaction((tx) =>
    repo.insertPlanner(
      tx,
      {
        organizerId,
        title: "Matrix-Umfrage",
        regionId: values.regionId ?? null,
        interval: 0,
        pollEndsAt: values.pollEndsAt ?? new Date(now.getTime() + 2 * 86_400_000),
        shareChannel: "LINK",
        publicToken: crypto.randomUUID().replaceAll("-", ""),
        createdAt: now,
        updatedAt: now,
      },
      [
        { weekday: 1, startTime: "19:00", durationMinutes: 90 },
        { weekday: 3, startTime: "18:00", durationMinutes: 90 },
      ],
    ),
  );
  const slots = await repo.slotsOf(deps.db, row.id);
  return { ...row, slots };
}
