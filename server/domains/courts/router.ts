import {
  ZCheckAddressInput,
  ZCheckGeocoordsInput,
  ZCourtDetail,
  ZCourtIdInput,
  ZCourtList as ZCourtListItems,
  ZCourtsByLocationInput,
  ZCourtsByNameInput,
  ZCourtsNearInput,
  ZCourtsOfRegionInput,
  ZCreateCourtInput,
  ZCreatedCourt,
  ZPlace,
  ZPlaceSearchInput,
  ZRegionCourts,
  ZSavedLocation,
  ZSaveOsmPlaceInput,
} from "@shared/schemas/courts";
import { ZCourtList, ZCourtSearchInput } from "@shared/schemas/games";
import { z } from "zod";
import { router } from "../../trpc/init";
import { authedProcedure, publicProcedure } from "../../trpc/procedures";
import * as places from "./places";
import * as courts from "./service";

export const courtsRouter = router({
  /** the game form's court references (region and/or name) */
  search: publicProcedure.input(ZCourtSearchInput).output(ZCourtList).query(({ ctx, input }) => courts.searchCourts(ctx, input)),
  near: publicProcedure.input(ZCourtsNearInput).output(ZCourtListItems).query(({ ctx, input }) => courts.courtsNear(ctx, input)),
  ofRegion: publicProcedure.input(ZCourtsOfRegionInput).output(ZRegionCourts).query(({ ctx, input }) => courts.courtsOfRegion(ctx, input)),
  byLocation: publicProcedure.input(ZCourtsByLocationInput).output(ZCourtListItems).query(({ ctx, input }) => courts.courtsByLocation(ctx, input)),
  byName: publicProcedure.input(ZCourtsByNameInput).output(ZCourtListItems).query(({ ctx, input }) => courts.courtsByName(ctx, input)),
  get: publicProcedure.input(ZCourtIdInput).output(ZCourtDetail).query(({ ctx, input }) => courts.courtById(ctx, input.id)),
  mine: authedProcedure.output(ZCourtListItems).query(({ ctx }) => courts.myCourts(ctx)),
  searchPlaces: authedProcedure.input(ZPlaceSearchInput).output(z.array(ZPlace)).query(({ ctx, input }) => places.searchPlaces(ctx, input)),
  checkGeocoords: authedProcedure.input(ZCheckGeocoordsInput).output(ZSavedLocation).mutation(({ ctx, input }) => places.checkAndSaveGeocoords(ctx, input)),
  checkAddress: authedProcedure.input(ZCheckAddressInput).output(ZSavedLocation).mutation(({ ctx, input }) => places.checkAndSaveAddress(ctx, input)),
  saveOsmPlace: authedProcedure.input(ZSaveOsmPlaceInput).output(ZSavedLocation).mutation(({ ctx, input }) => places.saveOsmPlace(ctx, input)),
  create: authedProcedure.input(ZCreateCourtInput).output(ZCreatedCourt).mutation(({ ctx, input }) => places.createCourt(ctx, input)),
});
