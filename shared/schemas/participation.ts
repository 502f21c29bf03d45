import { z } from "zod";
import { LANGUAGES, PAYMENT_STATUSES, PLAYER_COUNT_MAX, RELIABILITY_FEEDBACK, REMOVAL_REASONS, REPORT_MAX_LENGTH, REPORT_MIN_LENGTH, REPORT_REASONS } from "../constants";
import { zId, zName } from "./common";
import { ZGameListItem } from "./games";

export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export const ZRemovalReason = z.enum(REMOVAL_REASONS, { error: "reason_required" });
export const ZReliabilityFeedback = z.enum(RELIABILITY_FEEDBACK);
export const ZReportReason = z.enum(REPORT_REASONS, { error: "reason_required" });

/** A guest proves a participation is theirs with the secret handed out when they joined. */
const zGuestToken = z.string().regex(/^[a-z2-7]{32}$/).optional();
const zDeviceToken = z.string().trim().min(1).max(4096).optional().nullable();

export const ZJoinGameInput = z.object({
  gameId: zId,
  playerCount: z.number().int().min(1).max(PLAYER_COUNT_MAX).default(1),
  bringsBall: z.boolean().default(false),
  bringsBibs: z.boolean().default(false),
  playsHimself: z.boolean().default(true),
  /** guests only: the name shown in the list */
  firstName: zName.optional().nullable(),
  /** the player accepts the waiting list when the game is full */
  queue: z.boolean().default(false),
  /** push token (web push or native); needed for guests on public games and for the waiting list */
  deviceToken: zDeviceToken,
  messagingLanguage: z.enum(LANGUAGES).optional(),
});
export type TJoinGameInput = z.input<typeof ZJoinGameInput>;

export const ZParticipationRef = z.object({
  id: z.number().int(),
  queue: z.boolean(),
  paymentStatus: ZPaymentStatus,
  playerCount: z.number().int(),
  guestProfile: z.object({ id: z.number().int(), firstName: z.string() }).nullable(),
});

export const ZJoinResult = z.object({
  participation: ZParticipationRef,
  /** guests only: keep it (local storage) to change, cancel or attach the participation later */
  guestToken: z.string().nullable(),
});
export type TJoinResult = z.infer<typeof ZJoinResult>;

export const ZUpdateParticipationInput = z.object({
  participationId: zId,
  guestToken: zGuestToken,
  playerCount: z.number().int().min(0).max(PLAYER_COUNT_MAX).optional(),
  bringsBall: z.boolean().optional(),
  bringsBibs: z.boolean().optional(),
  playsHimself: z.boolean().optional(),
  /** organiser: move a player to the waiting list (true) */
  queue: z.boolean().optional(),
  paymentStatus: ZPaymentStatus.optional(),
});
export type TUpdateParticipationInput = z.input<typeof ZUpdateParticipationInput>;

export const ZRevokeParticipationInput = z
  .object({
    gameId: zId,
    /** whose participation; without one, the caller's own (an account's, or a guest's by token) */
    participationId: zId.optional(),
    guestToken: zGuestToken,
    playerRemovalReason: ZRemovalReason.optional(),
    playerRemovalMessage: z.string().trim().max(500, { error: "message_too_long" }).optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.playerRemovalReason === "OTHER_REASON" && !v.playerRemovalMessage)
      ctx.addIssue({ code: "custom", path: ["playerRemovalMessage"], message: "message_required" });
  });
export type TRevokeParticipationInput = z.input<typeof ZRevokeParticipationInput>;

export const ZAttachGuestParticipationsInput = z.object({
  participations: z.array(z.object({ id: zId, guestToken: z.string() })).max(100),
});

export const ZFeedbackInput = z.object({
  gameId: zId,
  feedback: z.array(z.object({ participationId: zId, reliabilityFeedback: ZReliabilityFeedback })).min(1).max(200),
});

export const ZReportInput = z.object({
  gameId: zId,
  reason: ZReportReason,
  additionalInformation: z
    .string()
    .trim()
    .min(REPORT_MIN_LENGTH, { error: "report_too_short" })
    .max(REPORT_MAX_LENGTH, { error: "report_too_long" }),
});

export const ZSubscribeToGameInput = z.object({ gameId: zId, deviceToken: z.string().trim().min(1).max(4096), userAgent: z.string().max(1000).optional().nullable() });

export const ZGuestProfileInput = z.object({ id: zId, attendedGamesPageSize: z.number().int().min(1).max(100).default(5) });

export const ZAddOwnParticipationInput = z.object({
  gameId: zId,
  playerCount: z.number().int().min(1).max(PLAYER_COUNT_MAX),
  playsHimself: z.boolean().default(true),
  bringsBall: z.boolean().default(false),
  bringsBibs: z.boolean().default(false),
});

export const ZGuestProfile = z.object({
  id: z.number().int(),
  firstName: z.string(),
  createdAt: z.date(),
  reliabilityRating: z.number().int().nullable(),
  punctualityRating: z.number().int().nullable(),
  attendedGames: z.object({ objects: z.array(ZGameListItem), hasNext: z.boolean() }),
});
export type TGuestProfile = z.infer<typeof ZGuestProfile>;
