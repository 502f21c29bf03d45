import { canManageCourt } from "@shared/rules/court-permissions";
import type { Ctx } from "../../context";
import { storeReplacingImage } from "../../integrations/image-upload";
import { courtImageJpeg } from "../../integrations/images";
import { AppError } from "../../lib/errors";
import { requireActor } from "../users/service";
import * as repo from "./repo";

export type UploadedFile = { bytes: Uint8Array; name?: string; type?: string };

const FOLDER = "court-images";

/**
 * A court's picture (spec 001 sections 5 and 6): admins and the staff groups Leiter and Mitarbeiter
 * upload it; it is checked before decoding, centre-cropped to 1.6 and stored as a 1200x750 JPEG; the
 * replaced file is removed. POST /api/court-image/:courtId and GraphQL uploadCourtImage call this.
 */
export async function uploadCourtImage(ctx: Ctx, courtId: number, file: UploadedFile): Promise<{ imageUrl: string }> {
  await requireCourtManager(ctx);
  if (!(await repo.findCourt(ctx.deps.db, courtId))) throw new AppError("COURT_NOT_FOUND");
  const jpeg = await courtImageJpeg(file.bytes);
  const imageUrl = await storeReplacingImage(
    ctx.deps,
    FOLDER,
    jpeg,
    (url) => repo.replaceCourtImageUrl(ctx.deps.db, courtId, url, ctx.deps.clock.now()),
    () => new AppError("COURT_NOT_FOUND"),
  );
  return { imageUrl };
}

/** Refused before the body is read (the HTTP route asks first). */
export async function requireCourtManager(ctx: Ctx): Promise<void> {
  const actor = await requireActor(ctx);
  if (!canManageCourt(actor)) throw new AppError("FORBIDDEN");
}
