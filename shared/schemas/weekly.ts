import { z } from "zod";
import { zId } from "./common";
import { ZGameGender, ZGameLevel, ZGameType } from "./games";

/**
 * Weekly sessions (spec 000 sections 2, 3, 4, 7): the tRPC procedures `weekly.*` and the GraphQL
 * operations myGameTemplates, gameTemplate, updateGameTemplate, deleteGameTemplate use these schemas.
 */

/** Where a session stands (shared/rules/weekly-session.ts weeklyState): opensAt only while waiting, gameId only when scheduled. */
export const ZWeeklyState = z.object({
  kind: z.enum(["deactivated", "scheduled", "waiting", "open"]),
  nextStart: z.date(),
  opensAt: z.date().nullable(),
  gameId: z.number().int().nullable(),
});
/** A game template (spec 000 section 3): id, latestStartTime, deactivatedAt and the game fields, with where its weeks stand. */
export const ZGameTemplate = z.object({
  id: z.number().int(),
  latestStartTime: z.date(),
  deactivatedAt: z.date().nullable(),
  isActive: z.boolean(),
  court: z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable() }).nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  creator: z.object({ id: z.number().int(), firstName: z.string() }),
  title: z.string().nullable(),
  description: z.string(),
  descriptionEn: z.string().nullable(),
  gameType: ZGameType,
  gameMode: z.number().int(),
  level: ZGameLevel,
  gender: ZGameGender,
  priceCents: z.number().int(),
  durationMinutes: z.number().int(),
  minPlayers: z.number().int(),
  maxPlayers: z.number().int().nullable(),
  teams: z.number().int(),
  isManagedPayment: z.boolean(),
  instantCapture: z.boolean(),
  externalPaymentRequestsAllowed: z.boolean(),
  regularsHeadStart: z.boolean(),
  /** "takes place" / "does not take place", the hint, or next week's game */
  state: ZWeeklyState,
  /** the latest game of the session that has started or is upcoming (the share link leads to the next one) */
  latestGameId: z.number().int().nullable(),
  viewer: z.object({ canManage: z.boolean(), canEditCourt: z.boolean() }),
});
export type TGameTemplate = z.infer<typeof ZGameTemplate>;

export const ZGameTemplateIdInput = z.object({ id: zId });

/**
 * updateGameTemplate (id; isActive, latestStartTime for skipping a week, court): isActive toggles;
 * latestStartTime set to the next week's start records "does not take place"; courtId moves the session
 * (creator or admin only); regularsHeadStart turns the regulars' head start on or off.
 */
export const ZUpdateGameTemplateInput = z.object({
  id: zId,
  isActive: z.boolean().optional(),
  latestStartTime: z.date({ error: "date_invalid" }).optional(),
  courtId: zId.optional(),
  regularsHeadStart: z.boolean().optional(),
});

/** The share link /weekly-sessions/{id}/latest: the session's next game (or its latest), for anybody with the link. */
export const ZWeeklyLatest = z.object({ gameId: z.number().int().nullable() });
