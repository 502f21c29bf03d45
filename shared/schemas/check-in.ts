import { z } from "zod";
import { RELIABILITY_FEEDBACK } from "../constants";
import { zId } from "./common";
import { zLatitude, zLongitude } from "./courts";

/** Check-in at the pitch (issue 29; server/domains/participation/README.md "Check-in at the pitch"). */

export const CHECK_IN_METHODS = ["location", "organizer"] as const;
export const ZCheckInMethod = z.enum(CHECK_IN_METHODS);

/** A guest proves the participation is theirs with the token they got when joining (as participation.update). */
const zGuestToken = z.string().regex(/^[a-z2-7]{32}$/).optional();

/**
 * The player's own check-in with the browser's (or the wrapper's) position. The position is only compared
 * with the court's and dropped: nothing of it is stored. `accuracy` is the position's accuracy in metres.
 */
export const ZCheckInInput = z.object({
  gameId: zId,
  latitude: zLatitude,
  longitude: zLongitude,
  accuracy: z.number({ error: "accuracy_invalid" }).min(0, { error: "accuracy_invalid" }).max(100_000, { error: "accuracy_invalid" }).optional().nullable(),
  guestToken: zGuestToken,
});
export type TCheckInInput = z.input<typeof ZCheckInInput>;

/** The organiser (or whoever may manage the game) checks a player in or out. */
export const ZSetCheckInInput = z.object({ gameId: zId, participationId: zId, checkedIn: z.boolean() });

/** The caller's own check-in (a guest's with their token). */
export const ZCheckInStatusInput = z.object({ gameId: zId, guestToken: zGuestToken });

export const ZCheckInsInput = z.object({ gameId: zId });

/** One participation's check-in; checkedInAt null: not checked in. */
export const ZCheckInState = z.object({
  participationId: z.number().int(),
  checkedInAt: z.date().nullable(),
  method: ZCheckInMethod.nullable(),
  /** checked in after the start */
  late: z.boolean(),
});
export type TCheckInState = z.infer<typeof ZCheckInState>;

/** The caller's own check-in; participationId null: no active place in the game. */
export const ZOwnCheckIn = ZCheckInState.extend({ participationId: z.number().int().nullable() });
export type TOwnCheckIn = z.infer<typeof ZOwnCheckIn>;

/**
 * The organiser's list: each active participation's check-in and what it pre-fills on the rating screen
 * (null: nothing), with the counts of players (a participation of "Ich + 2" counts 3).
 */
export const ZGameCheckIns = z.object({
  gameId: z.number().int(),
  checkedInPlayers: z.number().int(),
  players: z.number().int(),
  participations: z.array(ZCheckInState.extend({ playerCount: z.number().int(), prefill: z.enum(RELIABILITY_FEEDBACK).nullable() })),
});
export type TGameCheckIns = z.infer<typeof ZGameCheckIns>;
