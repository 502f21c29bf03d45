import { WEEKLY_SESSION } from "@shared/constants";
import { heldBackByHeadStart, regularsOf } from "@shared/rules/weekly-session";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import * as repo from "./repo";

/*
 * A weekly session's regulars (shared/rules/weekly-session.ts), read from the participations: a leaf of
 * the participation domain, so games/read can show the head start without importing the join use cases
 * (the use cases, e.g. end.ts, import games/read through attendance.ts).
 */

/** Whether the game's regulars' head start keeps `userId` (null: a guest) out now (shared/rules/weekly-session.ts). */
export async function headStartHoldsBack(db: Tx | Deps["db"], game: { gameTemplateId: number | null; regularsOnlyUntil: Date | null }, userId: number | null, now: Date): Promise<boolean> {
  const regulars = game.gameTemplateId === null ? new Set<number>() : await sessionRegulars(db, game.gameTemplateId, now);
  return heldBackByHeadStart({ regularsOnlyUntil: game.regularsOnlyUntil, now, privileged: false, regulars, userId });
}

/** The weekly session's regulars now (shared/rules/weekly-session.ts). */
export async function sessionRegulars(db: Tx | Deps["db"], templateId: number, now: Date): Promise<Set<number>> {
  return regularsOf(await sessionRegularsData(db, templateId, now), now);
}

/** The session's attendances the regulars are counted from. */
export function sessionRegularsData(db: Tx | Deps["db"], templateId: number, now: Date) {
  return repo.sessionAttendances(db, templateId, new Date(now.getTime() - WEEKLY_SESSION.regularsWeeks * 7 * 24 * 3600_000), now);
}
