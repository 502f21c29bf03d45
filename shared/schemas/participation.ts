import { z } from "zod";
import { CASH_MESSAGE_MAX_LENGTH, PAYMENT_STATUSES, PLAYER_COUNT_MAX, RELIABILITY_FEEDBACK, REMOVAL_REASONS, REPORT_MAX_LENGTH, REPORT_MIN_LENGTH, REPORT_REASONS } from "../constants";
import { zId, zLanguage, zName, zPlainText, zPushToken, zUserAgent } from "./common";
import { ZGameListItem, ZShareKey } from "./games";

export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export const ZRemovalReason = z.enum(REMOVAL_REASONS, { error: "reason_required" });
export const ZReliabilityFeedback = z.enum(RELIABILITY_FEEDBACK);
export const ZReportReason = z.enum(REPORT_REASONS, { error: "reason_required" });

/** A guest proves a participation is theirs with the secret handed out when they joined. */
const zGuestToken = z.string().regex(/^[a-z2-7]{32}$/).optional();
const zDeviceToken = zPushToken.optional().nullable();

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
  messagingLanguage: zLanguage.optional(),
  /** a private game's share key, for one who is not part of it yet (the link /game/{id}?key=…; the browser also keeps it as a cookie) */
  shareKey: ZShareKey.optional().nullable(),
});
export type TJoinGameInput = z.input<typeof ZJoinGameInput>;

export const ZParticipationRef = z.object({
  id: z.number().int(),
  queue: z.boolean(),
  paymentStatus: ZPaymentStatus,
  playerCount: z.number().int(),
  guestProfile: z.object({ id: z.number().int(), firstName: z.string() }).nullable(),
  /** paymentStatus Open: until when the place waits for its payment (PAYMENT_RESERVATION_MINUTES after joining or moving up) */
  paymentReservationExpiresAt: z.date().nullable(),
});

/**
 * What the client needs to pay an Open participation of a managed-payment game (spec 000 section 4):
 * Stripe's client secret for the Payment Element with `publishableKey`, or, when the server has no
 * publishable key (the local Stripe emulator), `checkoutUrl`, the hosted checkout page that returns to
 * `/game/{id}?payment-return` with `payment_intent` and `redirect_status`.
 */
export const ZParticipationPayment = z.object({
  participationId: z.number().int(),
  /** price × player count, in cents */
  amountCents: z.number().int(),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
  /** the reservation deadline: after it the place is given up ("Reservierung abgelaufen") */
  expiresAt: z.date(),
});
export type TParticipationPayment = z.infer<typeof ZParticipationPayment>;

export const ZJoinResult = z.object({
  participation: ZParticipationRef,
  /** guests only: keep it (local storage) to change, cancel or attach the participation later */
  guestToken: z.string().nullable(),
  /** a place in a managed-payment game (not on the waiting list): how to pay for it; null otherwise */
  payment: ZParticipationPayment.nullable(),
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
  /**
   * organiser: how many of the participation's players have paid (spec 000 section 3 "payed (number
   * paid)"); mapped onto the payment status, which knows only paid in full (server/domains/participation/README.md)
   */
  payed: z.number().int().min(0).max(PLAYER_COUNT_MAX).optional(),
  /** organiser: remove the player (same rules as revoking: reason, a message for OTHER_REASON, not within 4 h) */
  playerRemovalReason: ZRemovalReason.optional(),
  playerRemovalMessage: zPlainText(500, "message_too_long").optional().nullable(),
  /** the owner's device: stored on the participation and subscribed to the game, as when joining */
  deviceToken: zDeviceToken,
  userAgent: zUserAgent.optional().nullable(),
});
export type TUpdateParticipationInput = z.input<typeof ZUpdateParticipationInput>;

export const ZRevokeParticipationInput = z
  .object({
    gameId: zId,
    /** whose participation; without one, the caller's own (an account's, or a guest's by token) */
    participationId: zId.optional(),
    /** the old API names it by the player's account instead ... */
    userId: zId.optional(),
    /** ... or by a guest's first name */
    playerName: zName.optional(),
    guestToken: zGuestToken,
    playerRemovalReason: ZRemovalReason.optional(),
    playerRemovalMessage: zPlainText(500, "message_too_long").optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.playerRemovalReason === "OTHER_REASON" && !v.playerRemovalMessage)
      ctx.addIssue({ code: "custom", path: ["playerRemovalMessage"], message: "message_required" });
  });
export type TRevokeParticipationInput = z.input<typeof ZRevokeParticipationInput>;

/**
 * A guest's participations to attach to the signed-in account, each proved either by its guest token
 * (web client) or, by id alone (native wrapper), by having been made from a device of the caller.
 */
export const ZAttachGuestParticipationsInput = z.object({
  participations: z.array(z.object({ id: zId, guestToken: z.string().max(100) })).max(100).default([]),
  participationIds: z.array(zId).max(100).default([]),
});

export const ZFeedbackInput = z.object({
  gameId: zId,
  feedback: z.array(z.object({ participationId: zId, reliabilityFeedback: ZReliabilityFeedback })).min(1).max(200),
});

export const ZReportInput = z.object({
  gameId: zId,
  reason: ZReportReason,
  additionalInformation: zPlainText(REPORT_MAX_LENGTH, "report_too_long").min(REPORT_MIN_LENGTH, { error: "report_too_short" }),
});

export const ZSubscribeToGameInput = z.object({ gameId: zId, deviceToken: zPushToken, userAgent: zUserAgent.optional().nullable() });

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

export { CASH_MESSAGE_MAX_LENGTH };

/**
 * A player asks to pay in cash (spec 000 section 7 `requestExternalPayment {gameId, message, deviceToken,
 * userAgent}`): their own active, Open participation in the game. `message` is plain text for the
 * organiser (trimmed; an empty one is none). A `deviceToken` turns notifications on for the participation
 * (needed, spec 000 section 5), as updateParticipation does.
 */
export const ZRequestExternalPaymentInput = z.object({
  gameId: zId,
  message: zPlainText(CASH_MESSAGE_MAX_LENGTH, "message_too_long").optional().nullable(),
  deviceToken: zDeviceToken,
  userAgent: zUserAgent.optional().nullable(),
});
export type TRequestExternalPaymentInput = z.input<typeof ZRequestExternalPaymentInput>;

/** The organiser (or an admin) declines a pending cash request (spec 000 section 7 `declineExternalPaymentRequest {participationId}`). */
export const ZDeclineExternalPaymentInput = z.object({ participationId: zId });

/** A participation's cash request as it stands after either call. */
export const ZExternalPaymentRequest = z.object({
  participationId: z.number().int(),
  paymentStatus: ZPaymentStatus,
  requestedExternalPaymentAt: z.date().nullable(),
  declinedExternalPaymentAt: z.date().nullable(),
  externalPaymentMessage: z.string().nullable(),
});
export type TExternalPaymentRequest = z.infer<typeof ZExternalPaymentRequest>;

/** The payment of one's own Open participation again (a reloaded page, or after moving up from the waiting list). */
export const ZParticipationPaymentInput = z.object({ participationId: zId });

/**
 * The collect-money panel (spec 000 sections 4 and 7 `capturePaymentsForGame {gameId, dryRun}`, admins):
 * captures every held card (Approved) of the game's active participations. A dry run only lists them;
 * leaving `dryRun` out is a dry run too, so a capture is always asked for explicitly.
 */
export const ZCapturePaymentsInput = z.object({ gameId: zId, dryRun: z.boolean().default(true) });

export const CAPTURE_OUTCOMES = ["wouldCapture", "captured", "failed"] as const;
export const ZCapturePaymentsResult = z.object({
  dryRun: z.boolean(),
  payments: z.array(
    z.object({
      participationId: z.number().int(),
      paymentId: z.number().int(),
      /** the player's first name (a guest's name for guests) */
      name: z.string(),
      playerCount: z.number().int(),
      amountCents: z.number().int(),
      outcome: z.enum(CAPTURE_OUTCOMES),
      /** failed: the error code (e.g. PAYMENT_STATE_CONFLICT when the hold is gone) */
      errorCode: z.string().nullable(),
    }),
  ),
  /** what the listed payments (dry run) or the captured ones come to, in cents */
  totalCents: z.number().int(),
});
export type TCapturePaymentsResult = z.infer<typeof ZCapturePaymentsResult>;
