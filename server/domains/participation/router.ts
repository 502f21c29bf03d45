import { z } from "zod";
import {
  ZAddOwnParticipationInput,
  ZAttachGuestParticipationsInput,
  ZCapturePaymentsInput,
  ZCapturePaymentsResult,
  ZDeclineExternalPaymentInput,
  ZExternalPaymentRequest,
  ZFeedbackInput,
  ZGuestProfile,
  ZGuestProfileInput,
  ZReportInput,
  ZRequestExternalPaymentInput,
  ZJoinGameInput,
  ZJoinResult,
  ZParticipationPayment,
  ZParticipationPaymentInput,
  ZParticipationRef,
  ZRevokeParticipationInput,
  ZSubscribeToGameInput,
  ZUpdateParticipationInput,
} from "@shared/schemas/participation";
import { router } from "../../trpc/init";
import { adminProcedure, authedProcedure, publicProcedure } from "../../trpc/procedures";
import { ZCheckInInput, ZCheckInState, ZCheckInStatusInput, ZCheckInsInput, ZGameCheckIns, ZOwnCheckIn, ZSetCheckInInput } from "@shared/schemas/check-in";
import * as attendance from "./attendance";
import * as checkIns from "./check-in";
import * as offers from "./offers";
import { ZAcceptOfferResult, ZDeclineOfferResult, ZGameOffers, ZOfferInput } from "@shared/schemas/waiting-list-offers";
import { subscribeToGame, isSubscribedToGame } from "../notifications/game-subscriptions";
import * as cash from "./cash";
import { revokeParticipation } from "./end";
import { attachGuestParticipations } from "./guests";
import { joinGame } from "./join";
import * as payment from "./payment";
import { capturePaymentsForGame } from "./payment-capture";
import { updateParticipation } from "./update";

export const participationRouter = router({
  join: publicProcedure.input(ZJoinGameInput).output(ZJoinResult).mutation(({ ctx, input }) => joinGame(ctx, input)),
  update: publicProcedure
    .input(ZUpdateParticipationInput)
    .output(ZParticipationRef)
    .mutation(({ ctx, input }) => updateParticipation(ctx, input)),
  revoke: publicProcedure
    .input(ZRevokeParticipationInput)
    .output(z.object({ ok: z.literal(true), promoted: z.array(z.number().int()) }))
    .mutation(({ ctx, input }) => revokeParticipation(ctx, input)),
  attachGuests: authedProcedure
    .input(ZAttachGuestParticipationsInput)
    .output(z.object({ attached: z.array(z.number().int()) }))
    .mutation(({ ctx, input }) => attachGuestParticipations(ctx, input)),
  subscribe: publicProcedure
    .input(ZSubscribeToGameInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => subscribeToGame(ctx, input)),
  isSubscribed: publicProcedure
    .input(ZSubscribeToGameInput.pick({ gameId: true, deviceToken: true }))
    .output(z.object({ subscribed: z.boolean() }))
    .query(({ ctx, input }) => isSubscribedToGame(ctx, input)),
  addOwn: authedProcedure
    .input(ZAddOwnParticipationInput)
    .output(z.object({ id: z.number().int(), playerCount: z.number().int() }))
    .mutation(({ ctx, input }) => attendance.addOwnParticipation(ctx, input)),
  sendFeedback: authedProcedure
    .input(ZFeedbackInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => attendance.sendReliabilityFeedback(ctx, input)),
  report: authedProcedure
    .input(ZReportInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => attendance.createGameReport(ctx, input)),
  payment: authedProcedure.input(ZParticipationPaymentInput).output(ZParticipationPayment).query(({ ctx, input }) => payment.participationPayment(ctx, input)),
  capturePayments: adminProcedure
    .input(ZCapturePaymentsInput)
    .output(ZCapturePaymentsResult)
    .mutation(({ ctx, input }) => capturePaymentsForGame(ctx, input)),
  requestCash: authedProcedure
    .input(ZRequestExternalPaymentInput)
    .output(ZExternalPaymentRequest)
    .mutation(({ ctx, input }) => cash.requestExternalPayment(ctx, input)),
  declineCash: authedProcedure
    .input(ZDeclineExternalPaymentInput)
    .output(ZExternalPaymentRequest)
    .mutation(({ ctx, input }) => cash.declineExternalPaymentRequest(ctx, input)),
  checkIn: publicProcedure.input(ZCheckInInput).output(ZCheckInState).mutation(({ ctx, input }) => checkIns.checkIn(ctx, input)),
  setCheckIn: authedProcedure.input(ZSetCheckInInput).output(ZCheckInState).mutation(({ ctx, input }) => checkIns.setCheckIn(ctx, input)),
  checkInStatus: publicProcedure.input(ZCheckInStatusInput).output(ZOwnCheckIn).query(({ ctx, input }) => checkIns.ownCheckIn(ctx, input)),
  checkIns: authedProcedure.input(ZCheckInsInput).output(ZGameCheckIns).query(({ ctx, input }) => checkIns.gameCheckIns(ctx, input)),
  // waiting-list offers close to kick-off (issue 29, offers.ts)
  acceptOffer: publicProcedure.input(ZOfferInput).output(ZAcceptOfferResult).mutation(({ ctx, input }) => offers.acceptOffer(ctx, input)),
  declineOffer: publicProcedure.input(ZOfferInput).output(ZDeclineOfferResult).mutation(({ ctx, input }) => offers.declineOffer(ctx, input)),
  offers: publicProcedure.input(ZOfferInput).output(ZGameOffers).query(({ ctx, input }) => offers.gameOffers(ctx, input)),
  guestProfile: publicProcedure.input(ZGuestProfileInput).output(ZGuestProfile).query(({ ctx, input }) => attendance.guestProfile(ctx, input)),
});
