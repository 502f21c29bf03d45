import { z } from "zod";
import { ZAd, ZAdIdInput, ZAdImpressionResult, ZAdminAd, ZCreateAdInput, ZGameFeedAdsInput, ZTournamentAdsInput, ZUpdateAdInput } from "@shared/schemas/ads";
import { router } from "../../trpc/init";
import { adminProcedure, publicProcedure } from "../../trpc/procedures";
import * as ads from "./service";

/** Advertisements (issue 26). Uploads go through POST /api/ad-image/:id (server/http/uploads.ts), clicks through GET /api/ads/:id/click. */
export const adsRouter = router({
  list: adminProcedure.output(z.array(ZAdminAd)).query(({ ctx }) => ads.listAds(ctx)),
  adminGet: adminProcedure
    .input(ZAdIdInput)
    .output(ZAdminAd)
    .query(({ ctx, input }) => ads.adminAdById(ctx, input.id)),
  create: adminProcedure
    .input(ZCreateAdInput)
    .output(ZAdminAd)
    .mutation(({ ctx, input }) => ads.createAd(ctx, input)),
  update: adminProcedure
    .input(ZUpdateAdInput)
    .output(ZAdminAd)
    .mutation(({ ctx, input }) => ads.updateAd(ctx, input)),
  delete: adminProcedure
    .input(ZAdIdInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => ads.deleteAd(ctx, input.id)),
  get: publicProcedure
    .input(ZAdIdInput)
    .output(ZAd)
    .query(({ ctx, input }) => ads.adById(ctx, input.id)),
  gameFeed: publicProcedure
    .input(ZGameFeedAdsInput)
    .output(z.array(ZAd))
    .query(({ ctx, input }) => ads.gameFeedAds(ctx, input)),
  forTournament: publicProcedure
    .input(ZTournamentAdsInput)
    .output(z.array(ZAd))
    .query(({ ctx, input }) => ads.tournamentAds(ctx, input.tournamentId)),
  recordImpression: publicProcedure
    .input(ZAdIdInput)
    .output(ZAdImpressionResult)
    .mutation(({ ctx, input }) => ads.recordImpression(ctx, input.id)),
});
