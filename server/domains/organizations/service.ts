import { canUploadOrganizationLogo } from "@shared/rules/court-permissions";
import type { TOrganization } from "@shared/schemas/courts";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { storeReplacingImage } from "../../integrations/image-upload";
import { organizationLogoJpeg } from "../../integrations/images";
import { AppError } from "../../lib/errors";
import { actorOrNull, requireActor } from "../users/service";
import * as repo from "./repo";

export type UploadedFile = { bytes: Uint8Array; name?: string; type?: string };

const FOLDER = "organization-logos";

/** organization (spec 001 section 7): name, logo, fee; whether the viewer may upload the logo. */
export async function organizationById(ctx: Ctx, id: number): Promise<TOrganization> {
  const [org, actor] = await Promise.all([repo.findOrganization(ctx.deps.db, id), actorOrNull(ctx)]);
  if (!org) throw new AppError("ORGANIZATION_NOT_FOUND");
  return { ...org, gameApplicationFeePercentage: Number(org.gameApplicationFeePercentage), viewer: { canUploadLogo: canUploadOrganizationLogo(actor, id) } };
}

/** Admins and members of the organisation (users.organizationId); refused before the body is read. */
export async function requireLogoUploader(ctx: Ctx, id: number): Promise<void> {
  const actor = await requireActor(ctx);
  if (!canUploadOrganizationLogo(actor, id)) throw new AppError("FORBIDDEN");
}

/** The logo (spec 001 sections 5 and 6): checked before decoding, 640x640 JPEG; the replaced file is removed. */
export async function uploadOrganizationLogo(ctx: Ctx, id: number, file: UploadedFile): Promise<{ imageUrl: string }> {
  await requireLogoUploader(ctx, id);
  if (!(await repo.findOrganization(ctx.deps.db, id))) throw new AppError("ORGANIZATION_NOT_FOUND");
  const jpeg = await organizationLogoJpeg(file.bytes);
  const imageUrl = await storeReplacingImage(
    ctx.deps,
    FOLDER,
    jpeg,
    (url) => repo.replaceLogoUrl(ctx.deps.db, id, url),
    () => new AppError("ORGANIZATION_NOT_FOUND"),
  );
  return { imageUrl };
}

// ---- the staff console (issue 26): domains/admin creates and edits organisations here, in its transaction.
// Members are users.organization_id: the users service sets it (users/staff.ts setUserOrganization).

export type { OrganizationRow, OrganizationValues } from "./repo";

export function createOrganization(tx: Tx, values: repo.OrganizationValues): Promise<repo.OrganizationRow> {
  return repo.insertOrganization(tx, values);
}

/** Changes name or fee; the row before and after. ORGANIZATION_NOT_FOUND. */
export async function updateOrganization(
  tx: Tx,
  id: number,
  changes: Partial<repo.OrganizationValues>,
): Promise<{ before: repo.OrganizationRow; after: repo.OrganizationRow }> {
  const before = await repo.lockOrganization(tx, id);
  if (!before) throw new AppError("ORGANIZATION_NOT_FOUND");
  const after = Object.keys(changes).length === 0 ? before : await repo.updateOrganization(tx, id, changes);
  if (!after) throw new AppError("ORGANIZATION_NOT_FOUND");
  return { before, after };
}

/** The organisation's row locked for the transaction (member changes), or ORGANIZATION_NOT_FOUND. */
export async function requireOrganizationLocked(tx: Tx, id: number): Promise<repo.OrganizationRow> {
  const row = await repo.lockOrganization(tx, id);
  if (!row) throw new AppError("ORGANIZATION_NOT_FOUND");
  return row;
}
