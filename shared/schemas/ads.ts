import { z } from "zod";
import { AD_GAME_SIZES, AD_IMAGE, AD_KINDS, AD_POSITIONS, AD_SIZES, AD_TOURNAMENT_SIZES, type AdKind, type AdSize } from "../constants";
import { zId, zPlainText, zSlug } from "./common";

/**
 * Advertisements (spec 001 sections 2.11, 3, 5, 7, 9; spec 000 sections 2, 9; issue 26). The tRPC
 * procedures `ads.*`, the GraphQL operations advertisement, gameFeedAdvertisements and
 * uploadAdvertisementImage and the admin editor use these schemas.
 */
export const AD = {
  titleMax: 100,
  /** a link is stored and redirected to, never shown in full: a bound, as for tournaments' links */
  linkMax: 2000,
} as const;

export const ZAdKind = z.enum(AD_KINDS, { error: "ad_kind_invalid" });
export const ZAdSize = z.enum(AD_SIZES, { error: "ad_size_invalid" });
export const ZAdPosition = z.enum(AD_POSITIONS, {
  error: "ad_position_invalid",
});

/** The sizes each kind may have (spec 001 section 3: BIG, HALF, MEDIUM; tournament ads small, medium, big). */
export function sizesOfKind(kind: AdKind): readonly AdSize[] {
  return kind === "GAME" ? AD_GAME_SIZES : AD_TOURNAMENT_SIZES;
}

/** The exact pixel size an ad's image must have (spec 001 section 5). */
export function adImageDimensions(size: AdSize): {
  width: number;
  height: number;
} {
  return { width: AD_IMAGE.width, height: AD_IMAGE.heightBySize[size] };
}

/** https only (the link opens outside the app from our page), one line, bounded. */
export const zAdLink = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(AD.linkMax, { error: "ad_link_invalid" })
  .regex(/^[^\s\u0000-\u001f\u007f-\u009f]+$/, { error: "ad_link_invalid" })
  .pipe(
    z.url({
      protocol: /^https$/,
      hostname: z.regexes.domain,
      error: "ad_link_invalid",
    }),
  );

const adFields = {
  title: zPlainText(AD.titleMax, "title_too_long", { singleLine: true }).min(1, { error: "required" }),
  kind: ZAdKind,
  size: ZAdSize,
  /** GAME only: the feed group the ad follows */
  position: ZAdPosition.nullable().default(null),
  linkUrl: zAdLink,
  /** null: every region */
  regionId: zId.nullable().default(null),
  /** TOURNAMENT only, optional: this tournament's page only */
  tournamentId: zId.nullable().default(null),
  activeFrom: z.date({ error: "date_invalid" }).nullable().default(null),
  activeUntil: z.date({ error: "date_invalid" }).nullable().default(null),
};

type AdFieldValues = {
  kind: AdKind;
  size: AdSize;
  position: string | null;
  tournamentId: number | null;
  activeFrom: Date | null;
  activeUntil: Date | null;
};

/** The rules between fields, the same for create and update (and the editor's form). */
function checkAdFields(v: AdFieldValues, ctx: z.RefinementCtx) {
  if (!sizesOfKind(v.kind).includes(v.size))
    ctx.addIssue({
      code: "custom",
      message: "ad_size_invalid",
      path: ["size"],
    });
  if (v.kind === "GAME" && v.position === null)
    ctx.addIssue({
      code: "custom",
      message: "ad_position_required",
      path: ["position"],
    });
  if (v.kind === "TOURNAMENT" && v.position !== null)
    ctx.addIssue({
      code: "custom",
      message: "ad_position_invalid",
      path: ["position"],
    });
  if (v.kind === "GAME" && v.tournamentId !== null)
    ctx.addIssue({
      code: "custom",
      message: "ad_tournament_invalid",
      path: ["tournamentId"],
    });
  if (v.activeFrom && v.activeUntil && v.activeFrom.getTime() >= v.activeUntil.getTime()) {
    ctx.addIssue({
      code: "custom",
      message: "end_before_start",
      path: ["activeUntil"],
    });
  }
}

export const ZCreateAdInput = z.object(adFields).superRefine(checkAdFields);
export type TCreateAdInput = z.infer<typeof ZCreateAdInput>;

/** An update sends the whole ad again (the editor's form). */
export const ZUpdateAdInput = z.object({ id: zId, ...adFields }).superRefine(checkAdFields);
export type TUpdateAdInput = z.infer<typeof ZUpdateAdInput>;

export const ZAdIdInput = z.object({ id: zId });

/** gameFeedAdvertisements: the region's active game ads and the all-region ones; no region: every active game ad. */
export const ZGameFeedAdsInput = z.object({ regionSlug: zSlug.optional() }).default({});

export const ZTournamentAdsInput = z.object({ tournamentId: zId });

// ---------------------------------------------------------------------------------------------
// outputs

/** An ad as the feed, tournament pages and the wrapper see it (spec 001 section 3). */
export const ZAd = z.object({
  id: z.number().int(),
  kind: ZAdKind,
  title: z.string(),
  imageUrl: z.string().nullable(),
  size: ZAdSize,
  position: ZAdPosition.nullable(),
  linkUrl: z.string(),
  region: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
});
export type TAd = z.infer<typeof ZAd>;

export const ZAdCounts = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
});

/** An ad in the admin list and editor: its settings and its counters, in all and over the last 30 Berlin days. */
export const ZAdminAd = ZAd.extend({
  tournament: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  activeFrom: z.date().nullable(),
  activeUntil: z.date().nullable(),
  /** period holds and an image exists */
  active: z.boolean(),
  total: ZAdCounts,
  last30Days: ZAdCounts,
  createdAt: z.date(),
});
export type TAdminAd = z.infer<typeof ZAdminAd>;

export const ZAdImpressionResult = z.object({ counted: z.boolean() });
