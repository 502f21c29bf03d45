import { z } from "zod";
import { ZAdIdInput } from "@shared/schemas/ads";
import * as ads from "../domains/ads/service";
import { legacy, resolver, ZNoArgs, type Args } from "./resolve";

/**
 * Advertisements under the old API's names (spec 001 sections 3, 7): advertisement(id),
 * gameFeedAdvertisements (no arguments: every active game ad; the wrapper places them by position),
 * uploadAdvertisementImage with either documented payload (adId + adImage for a game ad; id + image +
 * type TOURNAMENT_ADVERTISEMENT for a tournament ad), and a tournament's `advertisement`.
 */
export const adTypeDefs = /* GraphQL */ `
  type AdvertisementRegion {
    id: ID!
    slug: String!
    name: String!
  }
  type Advertisement {
    id: ID!
    kind: String!
    title: String!
    imageUrl: String
    "BIG, HALF, MEDIUM; tournament ads SMALL, MEDIUM, BIG"
    size: String!
    "AFTER_TODAY, AFTER_TOMORROW, AFTER_THIS_WEEK, AFTER_NEXT_WEEKS, DEFAULT; null for tournament ads"
    position: String
    linkUrl: String!
    "null: every region"
    region: AdvertisementRegion
  }
  type UploadAdvertisementImage {
    ok: Boolean!
    imageUrl: String!
    advertisement: Advertisement!
  }

  extend type Tournament {
    "the page's ad: this tournament's, else its region's, else an all-region one"
    advertisement: Advertisement
  }
  extend type Query {
    advertisement(id: ID!): Advertisement!
    gameFeedAdvertisements: [Advertisement!]!
  }
  extend type Mutation {
    "a game ad: adId and adImage; a tournament ad: id, image and type TOURNAMENT_ADVERTISEMENT"
    uploadAdvertisementImage(adId: ID, adImage: File, id: ID, image: File, type: String): UploadAdvertisementImage!
  }
`;

const zFile = z.instanceof(Blob, { error: "required" });
const UPLOAD_TYPES = {
  ADVERTISEMENT: "GAME",
  TOURNAMENT_ADVERTISEMENT: "TOURNAMENT",
} as const;

/** Either payload onto one input: the ad, its file and the kind the upload type names (ADVERTISEMENT when none is sent). */
const ZUploadAdArgs = legacy(
  ZAdIdInput.extend({
    file: zFile,
    kind: z.enum(["GAME", "TOURNAMENT"], { error: "invalid" }),
  }),
  (a: Args) =>
    a.adId !== undefined || a.adImage !== undefined
      ? {
          id: a.adId,
          file: a.adImage,
          kind: a.type === undefined || a.type === null ? "GAME" : UPLOAD_TYPES[String(a.type) as keyof typeof UPLOAD_TYPES],
        }
      : {
          id: a.id,
          file: a.image,
          kind: UPLOAD_TYPES[String(a.type) as keyof typeof UPLOAD_TYPES],
        },
);

export const adQueries = {
  advertisement: resolver(ZAdIdInput, (ctx, i) => ads.adById(ctx, i.id)),
  gameFeedAdvertisements: resolver(ZNoArgs, (ctx) => ads.gameFeedAds(ctx, {})),
};

export const adMutations = {
  uploadAdvertisementImage: resolver({ auth: "admin" }, ZUploadAdArgs, async (ctx, i) => {
    const bytes = new Uint8Array(await i.file.arrayBuffer());
    const { imageUrl } = await ads.uploadAdImage(
      ctx,
      i.id,
      {
        bytes,
        name: i.file instanceof File ? i.file.name : undefined,
        type: i.file.type,
      },
      i.kind,
    );
    return { ok: true, imageUrl, advertisement: await ads.adById(ctx, i.id) };
  }),
};

export const adTournamentFields = {
  advertisement: resolver(ZNoArgs, async (ctx, _i, parent: { id: number }) => (await ads.tournamentAds(ctx, parent.id))[0] ?? null),
};
