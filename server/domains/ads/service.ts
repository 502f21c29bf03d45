import { AD_IMAGE } from "@shared/constants";
import { addBerlinDays } from "@shared/rules/berlin-calendar";
import { berlinDay } from "@shared/rules/berlin-time";
import { adImageDimensions, type TAd, type TAdminAd, type TCreateAdInput, type TUpdateAdInput } from "@shared/schemas/ads";
import type { Ctx } from "../../context";
import { requireAdmin } from "../auth/viewer";
import { storeReplacingImage } from "../../integrations/image-upload";
import { fittedImageJpeg, readImageHeader } from "../../integrations/images";
import { storageFor } from "../../integrations/storage";
import { AppError } from "../../lib/errors";
import { findRegionIdBySlug } from "../regions/service";
import * as repo from "./repo";

export type UploadedFile = { bytes: Uint8Array; name?: string; type?: string };

/** Our stored ad images; a replaced or deleted ad's file is removed only from here. */
const FOLDER = "ad-images";

/** Counters shown to admins: in all and over the last 30 Berlin days, today included. */
const RECENT_DAYS = 30;

type AdRowLike = Pick<repo.AdRow, "id" | "kind" | "title" | "imageUrl" | "size" | "position" | "linkUrl" | "regionId" | "regionSlug" | "regionName">;

function adOut(row: AdRowLike): TAd {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    imageUrl: row.imageUrl,
    size: row.size,
    position: row.position,
    linkUrl: row.linkUrl,
    region:
      row.regionId !== null && row.regionSlug !== null && row.regionName !== null ? { id: row.regionId, slug: row.regionSlug, name: row.regionName } : null,
  };
}

const isActive = (
  row: {
    imageUrl: string | null;
    activeFrom: Date | null;
    activeUntil: Date | null;
  },
  now: Date,
) => row.imageUrl !== null && (row.activeFrom === null || row.activeFrom <= now) && (row.activeUntil === null || row.activeUntil > now);

// ---------------------------------------------------------------------------------------------
// the admin's side (spec 001 section 6: "Admin: advertisement upload")

/** Region and tournament must exist; the schema already holds kind, size, position and period together. */
async function checkReferences(ctx: Ctx, input: TCreateAdInput): Promise<void> {
  if (input.regionId !== null && !(await repo.regionExists(ctx.deps.db, input.regionId))) {
    throw new AppError("REGION_NOT_FOUND", {
      fields: [{ path: "regionId", code: "region_not_found" }],
    });
  }
  if (input.tournamentId !== null && !(await repo.tournamentExists(ctx.deps.db, input.tournamentId))) {
    throw new AppError("TOURNAMENT_NOT_FOUND", {
      fields: [{ path: "tournamentId", code: "invalid" }],
    });
  }
}

const valuesOf = (input: TCreateAdInput): repo.AdValues => ({
  kind: input.kind,
  size: input.size,
  position: input.kind === "GAME" ? input.position : null,
  title: input.title,
  linkUrl: input.linkUrl,
  regionId: input.regionId,
  tournamentId: input.kind === "TOURNAMENT" ? input.tournamentId : null,
  activeFrom: input.activeFrom,
  activeUntil: input.activeUntil,
});

export async function createAd(ctx: Ctx, input: TCreateAdInput): Promise<TAdminAd> {
  const viewer = requireAdmin(ctx);
  await checkReferences(ctx, input);
  const id = await repo.insertAd(ctx.deps.db, { ...valuesOf(input), createdById: viewer.userId }, ctx.deps.clock.now());
  return adminAdById(ctx, id);
}

/**
 * Changing the size keeps the image although its dimensions no longer fit: the ad then shows the old
 * picture at the new aspect ratio until a new one is uploaded (the editor says so).
 */
export async function updateAd(ctx: Ctx, input: TUpdateAdInput): Promise<TAdminAd> {
  requireAdmin(ctx);
  await checkReferences(ctx, input);
  if (!(await repo.updateAd(ctx.deps.db, input.id, valuesOf(input), ctx.deps.clock.now()))) throw new AppError("AD_NOT_FOUND");
  return adminAdById(ctx, input.id);
}

/** Deletes the ad, its counters and its stored image. */
export async function deleteAd(ctx: Ctx, id: number): Promise<{ ok: true }> {
  requireAdmin(ctx);
  const imageUrl = await repo.deleteAd(ctx.deps.db, id);
  if (imageUrl === undefined) throw new AppError("AD_NOT_FOUND");
  await removeStoredImage(ctx, imageUrl);
  return { ok: true };
}

async function removeStoredImage(ctx: Ctx, url: string | null): Promise<void> {
  if (!url) return;
  const storage = storageFor(ctx.deps.config);
  const key = storage.keyOf(url);
  if (!key?.startsWith(`${FOLDER}/`)) return;
  try {
    await storage.delete(key);
  } catch (e) {
    ctx.deps.logger.warn("could not remove an ad image", {
      key,
      error: String(e),
    });
  }
}

export async function listAds(ctx: Ctx): Promise<TAdminAd[]> {
  requireAdmin(ctx);
  const now = ctx.deps.clock.now();
  const since = addBerlinDays(berlinDay(now), -(RECENT_DAYS - 1));
  const rows = await repo.listAdsWithStats(ctx.deps.db, since);
  return rows.map((row) => ({
    ...adOut(row),
    tournament: row.tournamentId !== null && row.tournamentName !== null ? { id: row.tournamentId, name: row.tournamentName } : null,
    activeFrom: row.activeFrom,
    activeUntil: row.activeUntil,
    active: isActive(row, now),
    total: { impressions: Number(row.impressions), clicks: Number(row.clicks) },
    last30Days: {
      impressions: Number(row.recentImpressions),
      clicks: Number(row.recentClicks),
    },
    createdAt: row.createdAt,
  }));
}

export async function adminAdById(ctx: Ctx, id: number): Promise<TAdminAd> {
  const ad = (await listAds(ctx)).find((a) => a.id === id);
  if (!ad) throw new AppError("AD_NOT_FOUND");
  return ad;
}

/** Refused before the body is read (the HTTP route asks first). */
export function requireAdUploader(ctx: Ctx): void {
  requireAdmin(ctx);
}

/**
 * The ad's picture (spec 001 sections 2.11, 5, 8): jpg/jpeg/png by its bytes, at most 2 MB, exactly
 * 1200 wide and the size's height (as the picture shows, EXIF orientation counted); else refused.
 * Re-encoded as a JPEG without metadata; the old file is removed once the new one is on the ad.
 * `kind`: the wrapper's upload type (ADVERTISEMENT for game ads, TOURNAMENT_ADVERTISEMENT) must fit the ad.
 */
export async function uploadAdImage(ctx: Ctx, id: number, file: UploadedFile, kind?: "GAME" | "TOURNAMENT"): Promise<{ imageUrl: string }> {
  requireAdUploader(ctx);
  const ad = await repo.findAd(ctx.deps.db, id);
  if (!ad || (kind !== undefined && ad.kind !== kind)) throw new AppError("AD_NOT_FOUND");
  if (file.bytes.length > AD_IMAGE.maxBytes)
    throw new AppError("AD_IMAGE_TOO_LARGE", {
      details: { maxBytes: AD_IMAGE.maxBytes },
    });
  const header = readImageHeader(file.bytes);
  if (!header) throw new AppError("IMAGE_FORMAT");
  const required = adImageDimensions(ad.size);
  // Orientations 5-8 turn the picture a quarter: what people see is the header's size swapped.
  const turned = header.orientation >= 5;
  const width = turned ? header.height : header.width;
  const height = turned ? header.width : header.height;
  if (width !== required.width || height !== required.height) {
    throw new AppError("AD_IMAGE_DIMENSIONS", {
      details: {
        requiredWidth: required.width,
        requiredHeight: required.height,
        width,
        height,
      },
    });
  }
  const jpeg = await fittedImageJpeg(file.bytes, {
    ...required,
    maxBytes: AD_IMAGE.maxBytes,
  });
  const imageUrl = await storeReplacingImage(
    ctx.deps,
    FOLDER,
    jpeg,
    (url) => repo.replaceImageUrl(ctx.deps.db, id, url, ctx.deps.clock.now()),
    () => new AppError("AD_NOT_FOUND"),
  );
  return { imageUrl };
}

// ---------------------------------------------------------------------------------------------
// showing and counting (anyone)

/** One ad by id (the wrapper's `advertisement`, and the upload screens): admins see any, others only an active one. */
export async function adById(ctx: Ctx, id: number): Promise<TAd> {
  const ad = await repo.findAd(ctx.deps.db, id);
  if (!ad || (!ctx.viewer?.isAdmin && !isActive(ad, ctx.deps.clock.now()))) throw new AppError("AD_NOT_FOUND");
  return adOut(ad);
}

/**
 * gameFeedAdvertisements: the active game ads of a region (its own and the all-region ones), or with
 * no region every active game ad. The client places them (shared/rules/ad-placement.ts).
 */
export async function gameFeedAds(ctx: Ctx, input: { regionSlug?: string }): Promise<TAd[]> {
  const regionId = input.regionSlug === undefined ? null : await findRegionIdBySlug(ctx, input.regionSlug);
  const rows = await repo.activeAdsOfRegion(ctx.deps.db, "GAME", regionId, ctx.deps.clock.now());
  return rows.map(adOut);
}

/** A tournament page's ads (issue 26): this tournament's, else its region's, else the all-region ones. */
export async function tournamentAds(ctx: Ctx, tournamentId: number): Promise<TAd[]> {
  const regionId = await repo.tournamentRegionId(ctx.deps.db, tournamentId);
  if (regionId === undefined) throw new AppError("TOURNAMENT_NOT_FOUND");
  const rows = await repo.activeTournamentAdCandidates(ctx.deps.db, tournamentId, regionId, ctx.deps.clock.now());
  const own = rows.filter((r) => r.tournamentId === tournamentId);
  const region = rows.filter((r) => r.tournamentId === null && r.regionId !== null);
  const everywhere = rows.filter((r) => r.tournamentId === null && r.regionId === null);
  return (own.length > 0 ? own : region.length > 0 ? region : everywhere).map(adOut);
}

/** One impression (the ad was half in view once in a page view); only active ads count. */
export async function recordImpression(ctx: Ctx, id: number): Promise<{ counted: boolean }> {
  const now = ctx.deps.clock.now();
  return {
    counted: await repo.count(ctx.deps.db, id, berlinDay(now), "impressions", repo.activeAt(now)),
  };
}

/** A click: counted, and the ad's stored link to redirect to; null when no such ad. */
export async function recordClick(ctx: Pick<Ctx, "deps">, id: number): Promise<string | null> {
  const link = await repo.findLink(ctx.deps.db, id);
  if (link === null) return null;
  await repo.count(ctx.deps.db, id, berlinDay(ctx.deps.clock.now()), "clicks", undefined);
  return link;
}
