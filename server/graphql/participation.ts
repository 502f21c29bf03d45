import {
  ZAddOwnParticipationInput,
  ZAttachGuestParticipationsInput,
  ZCapturePaymentsInput,
  ZDeclineExternalPaymentInput,
  ZFeedbackInput,
  ZGuestProfileInput,
  ZJoinGameInput,
  ZParticipationPaymentInput,
  ZReportInput,
  ZRequestExternalPaymentInput,
  ZRevokeParticipationInput,
  ZUpdateParticipationInput,
} from "@shared/schemas/participation";
import * as attendance from "../domains/participation/attendance";
import * as cash from "../domains/participation/cash";
import { revokeParticipation } from "../domains/participation/end";
import { attachGuestParticipations } from "../domains/participation/guests";
import { joinGame } from "../domains/participation/join";
import * as participationPayment from "../domains/participation/payment";
import { capturePaymentsForGame } from "../domains/participation/payment-capture";
import { updateParticipation } from "../domains/participation/update";
import { gamePage } from "./games";
import { resolver } from "./resolve";

/** Participation operations under the old API's names (spec 000 section 7). */
export const participationTypeDefs = /* GraphQL */ `
  type GuestRef { id: ID! firstName: String! reliabilityRating: Int }
  type Participation {
    id: ID! queue: Boolean! paymentStatus: String! playerCount: Int! guestProfile: GuestRef
    "paymentStatus Open: until when the place waits for its payment"
    paymentReservationExpiresAt: DateTime
    "participateInGame into a managed-payment game: the client secret to confirm the payment with (payment.clientSecret); null elsewhere"
    paymentIntentClientSecret: String
  }
  "How to pay an Open participation: Stripe's client secret (with publishableKey), or the hosted checkoutUrl when the server has no publishable key"
  type ParticipationPayment {
    participationId: ID! amountCents: Int! clientSecret: String! publishableKey: String checkoutUrl: String expiresAt: DateTime!
  }
  "One payment of the collect-money panel: outcome wouldCapture (dry run), captured or failed (errorCode says why)"
  type CapturedPayment {
    participationId: ID! paymentId: ID! name: String! playerCount: Int! amountCents: Int! outcome: String! errorCode: String
  }
  "A participation's cash request (requestExternalPayment, declineExternalPaymentRequest)"
  type ExternalPaymentRequest {
    participationId: ID! paymentStatus: String! requestedExternalPaymentAt: DateTime declinedExternalPaymentAt: DateTime externalPaymentMessage: String
  }
  type CapturePayments { dryRun: Boolean! payments: [CapturedPayment!]! totalCents: Int! }
  type ParticipateInGame { participation: Participation! guestToken: String "null unless a place in a managed-payment game was taken" payment: ParticipationPayment }
  type UpdateParticipation { participation: Participation! }
  type Ok { ok: Boolean! }
  type Attached { attached: [ID!]! }
  type GuestGames { objects: [Game!]! hasNext: Boolean! }
  type GuestProfile {
    id: ID! firstName: String! createdAt: DateTime! reliabilityRating: Int punctualityRating: Int attendedGames: GuestGames!
  }
  input FeedbackItem { participationId: ID! reliabilityFeedback: String! }
  input GuestParticipation { id: ID! guestToken: String! }

  extend type Query {
    guestProfile(id: ID!, attendedGamesPageSize: Int): GuestProfile!
    "the payment of the caller's own Open participation (after moving up, or a reloaded page)"
    participationPayment(participationId: ID!): ParticipationPayment!
  }
  extend type Mutation {
    participateInGame(
      gameId: ID!, playerCount: Int, bringsBall: Boolean, bringsBibs: Boolean, firstName: String, queue: Boolean,
      deviceToken: String, messagingLanguage: String, playsHimself: Boolean,
      "a private game's share key, for one who is not part of it yet"
      shareKey: String
    ): ParticipateInGame!
    updateParticipation(
      participationId: ID!, guestToken: String, payed: Int, playerCount: Int, bringsBibs: Boolean, bringsBall: Boolean,
      paymentStatus: String, queue: Boolean, playerRemovalReason: String, playerRemovalMessage: String,
      playsHimself: Boolean, deviceToken: String, userAgent: String
    ): UpdateParticipation!
    revokeGameParticipation(
      gameId: ID!, userId: ID, playerName: String, guestToken: String, participationId: ID,
      playerRemovalReason: String, playerRemovalMessage: String
    ): Ok!
    addParticipation(gameId: ID!, playerCount: Int!, playsHimself: Boolean, bringsBall: Boolean, bringsBibs: Boolean): Ok!
    "participationIds (native wrapper: proved by the device they were made from) or participations with their guest tokens (web)"
    attachGuestParticipationsToMyAccount(participationIds: [ID!], participations: [GuestParticipation!]): Attached!
    sendReliabilityFeedbackForGame(gameId: ID!, feedback: [FeedbackItem!]!): Ok!
    createGameReport(gameId: ID!, reason: String!, additionalInformation: String!): Ok!
    "the caller's own Open place: ask the organiser to pay in cash (needs notifications: deviceToken, or already on)"
    requestExternalPayment(gameId: ID!, message: String, deviceToken: String, userAgent: String): ExternalPaymentRequest!
    "the organiser or an admin declines a pending cash request (allowing is updateParticipation paymentStatus PaidExternally)"
    declineExternalPaymentRequest(participationId: ID!): ExternalPaymentRequest!
    "admins: captures the game's held cards (dryRun, the default: only lists them)"
    capturePaymentsForGame(gameId: ID!, dryRun: Boolean): CapturePayments!
  }
`;

const ok = () => ({ ok: true });

export const participationQueries = {
  guestProfile: resolver(ZGuestProfileInput, attendance.guestProfile, (p) => ({ ...p, attendedGames: gamePage(p.attendedGames) })),
  participationPayment: resolver({ auth: "user" }, ZParticipationPaymentInput, participationPayment.participationPayment),
};

export const participationMutations = {
  participateInGame: resolver(ZJoinGameInput, joinGame, (r) => ({
    ...r,
    participation: { ...r.participation, paymentIntentClientSecret: r.payment?.clientSecret ?? null },
  })),
  updateParticipation: resolver(ZUpdateParticipationInput, updateParticipation, (p) => ({ participation: { ...p, paymentIntentClientSecret: null } })),
  // A participation named by userId or playerName is looked up inside the service's transaction.
  revokeGameParticipation: resolver(ZRevokeParticipationInput, revokeParticipation),
  addParticipation: resolver({ auth: "user" }, ZAddOwnParticipationInput, attendance.addOwnParticipation, ok),
  attachGuestParticipationsToMyAccount: resolver({ auth: "user" }, ZAttachGuestParticipationsInput, attachGuestParticipations),
  sendReliabilityFeedbackForGame: resolver({ auth: "user" }, ZFeedbackInput, attendance.sendReliabilityFeedback),
  createGameReport: resolver({ auth: "user" }, ZReportInput, attendance.createGameReport),
  capturePaymentsForGame: resolver({ auth: "admin" }, ZCapturePaymentsInput, capturePaymentsForGame),
  requestExternalPayment: resolver({ auth: "user" }, ZRequestExternalPaymentInput, cash.requestExternalPayment),
  declineExternalPaymentRequest: resolver({ auth: "user" }, ZDeclineExternalPaymentInput, cash.declineExternalPaymentRequest),
};
