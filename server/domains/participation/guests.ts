import type { z } from "zod";
import type { ZAttachGuestParticipationsInput } from "@shared/schemas/participation";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { deviceTokenForUserExists } from "../notifications/service";
import { actorOrNull } from "../users/service";
import { hashToken } from "./access";
import { madeWithGuestKey } from "./guest-limits";
import * as repo from "./repo";

/* ---------- guests becoming accounts ---------- */

/**
 * Attaches a guest's earlier participations to the signed-in account. Each must be proved: by its
 * guest token (the web client keeps it), or, named by id alone (the native wrapper), by being asked
 * from the browser or app that made it (its guest key cookie) and having been made from a device now
 * registered to this account. A device token alone proves nothing: whoever knows one could register
 * it. Each one that cannot be attached (no proof, already an account's, the account already plays
 * that game) is skipped: the caller ignores failures (spec 000 section 4).
 */
export async function attachGuestParticipations(ctx: Ctx, input: z.output<typeof ZAttachGuestParticipationsInput>) {
  const actor = await actorOrNull(ctx);
  if (!actor) throw new AppError("UNAUTHENTICATED");
  const claims = [
    ...input.participations.map((p) => ({ id: p.id, guestToken: p.guestToken as string | null })),
    ...input.participationIds.map((id) => ({ id, guestToken: null })),
  ];
  const attached: number[] = [];
  for (const claim of claims) {
    // The device is checked before the transaction (PGlite has one connection) and must still be the row's inside it.
    const device = claim.guestToken === null ? await claimingDevice(ctx, claim.id) : null;
    await ctx.deps.db.transaction(async (tx) => {
      const row = await repo.findById(tx, claim.id, true);
      if (!row || row.userId !== null) return;
      const proved =
        claim.guestToken !== null
          ? row.guestTokenHash !== null && row.guestTokenHash === hashToken(claim.guestToken)
          : device !== null && row.deviceToken === device;
      if (!proved) return;
      if (await repo.findByUser(tx, row.gameId, actor.id)) return;
      await repo.update(tx, row.id, { userId: actor.id, guestTokenHash: null, updatedAt: ctx.deps.clock.now() });
      if (row.guestProfileId !== null) await repo.linkGuestProfile(tx, row.guestProfileId, actor.id);
      attached.push(row.id);
    });
  }
  return { attached };
}

/**
 * The device a guest participation was made from, if it is registered to the signed-in account and
 * the request comes from the browser or app that made the participation (participation/README.md "Guests
 * attach from where they joined").
 */
async function claimingDevice(ctx: Ctx, participationId: number): Promise<string | null> {
  const row = await repo.findById(ctx.deps.db, participationId);
  if (!row || row.userId !== null || !row.deviceToken) return null;
  if (!(await madeWithGuestKey(ctx.deps.db, row.id, ctx.meta.guestKey))) return null;
  return (await deviceTokenForUserExists(ctx, row.deviceToken)).exists ? row.deviceToken : null;
}
