import { z } from "zod";
import { zId } from "./common";
import { PLAYER_COUNT_MAX } from "../constants";
import { ZGameGender, ZGameLevel, ZGameType, ZShareKey, ZUpdateGameInput } from "./games";

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
  /** the organisation's fee percentage sets the managed-payment fee (the payout calculator), as on a game */
  organization: z.object({ id: z.number().int(), name: z.string(), gameApplicationFeePercentage: z.number() }).nullable(),
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
  /** the organiser's own place in each week's game: players already playing, and whether they play themself */
  organiserPlayerCount: z.number().int(),
  playsHimself: z.boolean(),
  /** "takes place" / "does not take place", the hint, or next week's game */
  state: ZWeeklyState,
  /** the latest game of the session that has started or is upcoming (the share link leads to the next one) */
  latestGameId: z.number().int().nullable(),
  /** a private session's share key (its link /weekly-sessions/{id}/latest?key=…), for its managers only; null for a public one */
  shareKey: z.string().nullable(),
  viewer: z.object({ canManage: z.boolean(), canEditCourt: z.boolean() }),
});
export type TGameTemplate = z.infer<typeof ZGameTemplate>;

export const ZGameTemplateIdInput = z.object({ id: zId });

/**
 * updateGameTemplate (id; isActive, latestStartTime for skipping a week, court; and the edit-details
 * form's fields, which change the template and every future game of the session): isActive toggles;
 * latestStartTime set to the next week's start records "does not take place"; courtId moves the session
 * (creator or admin only); regularsHeadStart turns the regulars' head start on or off.
 */
export const ZUpdateGameTemplateInput = ZUpdateGameInput.pick({
  title: true,
  description: true,
  descriptionEn: true,
  teams: true,
  gameMode: true,
  minPlayers: true,
  maxPlayers: true,
  removeMaxPlayers: true,
  level: true,
  gender: true,
  gameType: true,
  priceCents: true,
  durationMinutes: true,
  isManagedPayment: true,
  instantCapture: true,
  externalPaymentRequestsAllowed: true,
}).extend({
  id: zId,
  isActive: z.boolean().optional(),
  latestStartTime: z.date({ error: "date_invalid" }).optional(),
  courtId: zId.optional(),
  regularsHeadStart: z.boolean().optional(),
  /** the organiser's place in the coming weeks' games (spec 000 section 5: 0 only when not playing, at most maxPlayers) */
  organiserPlayerCount: z.number().int().min(0).max(PLAYER_COUNT_MAX).optional(),
});

/** The share link /weekly-sessions/{id}/latest?key=…: the key only for a private session (the template's share key). */
export const ZWeeklyLatestInput = ZGameTemplateIdInput.extend({ key: ZShareKey.optional() });
/**
 * The share link /weekly-sessions/{id}/latest: the session's next game (or its latest), for anybody with the
 * link; shareKey is that game's own key when it is private (the client opens /game/{id}?key=…), else null.
 */
export const ZWeeklyLatest = z.object({ gameId: z.number().int().nullable(), shareKey: z.string().nullable() });
