import { z } from "zod";
import { zId } from "./common";

/**
 * Waiting-list offers close to kick-off (issue 29; server/domains/participation/offers.ts). The holder is the
 * signed-in caller, or a guest naming its participation with the guest token it got when joining.
 */
export const ZOfferInput = z.object({
  gameId: zId,
  /** a guest's own participation (with its token); a signed-in caller leaves both out */
  participationId: zId.optional(),
  guestToken: z.string().regex(/^[a-z2-7]{32}$/, { error: "guest_token_invalid" }).optional(),
});
export type TOfferInput = z.input<typeof ZOfferInput>;

/** One open offer: the participation holding it and until when (the organiser sees every holder). */
export const ZOpenOffer = z.object({ participationId: z.number().int(), name: z.string(), expiresAt: z.date() });
export type TOpenOffer = z.infer<typeof ZOpenOffer>;

/**
 * The offers of a game as the caller may see them: `own` is the caller's open offer (null without one); `holders`
 * every open offer for those who manage the game, else empty. `managed`: accepting leads to the payment step.
 */
export const ZGameOffers = z.object({ own: ZOpenOffer.nullable(), holders: z.array(ZOpenOffer), managed: z.boolean() });
export type TGameOffers = z.infer<typeof ZGameOffers>;

/** Accepting: the participation, now playing (in a managed game with its reservation to pay). */
export const ZAcceptOfferResult = z.object({
  participationId: z.number().int(),
  queue: z.boolean(),
  paymentStatus: z.string(),
  paymentReservationExpiresAt: z.date().nullable(),
});
export const ZDeclineOfferResult = z.object({ ok: z.boolean() });
