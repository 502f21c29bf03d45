import type { TAdminReconcileResult, TAdminWebhookFailurePage, ZAdminWebhookFailuresInput } from "@shared/schemas/admin";
import type { z } from "zod";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { requireAdmin } from "../auth/viewer";
import { findWebhookFailure, reconcileFailureObject, resolveWebhookFailure } from "../payments/attention";
import { recordAudit } from "./audit";
import { consoleAction } from "./console";
import * as repo from "./repo";

/** Payments needing attention (issue 26): webhook events that could not be applied. */
export async function listWebhookFailures(ctx: Ctx, input: z.output<typeof ZAdminWebhookFailuresInput>): Promise<TAdminWebhookFailurePage> {
  requireAdmin(ctx);
  return repo.webhookFailuresPage(ctx.deps.db, input);
}

/**
 * Reads the failure's object from Stripe now and applies it (payments/attention.ts; its own transaction,
 * as the 15-minute reconciliation does, since the read cannot sit inside one), then marks the failure
 * resolved with its audit entry in one transaction. Not resolved (and no entry) when Stripe could not be asked.
 */
export async function reconcileWebhookFailure(ctx: Ctx, id: number): Promise<TAdminReconcileResult> {
  requireAdmin(ctx);
  const failure = await findWebhookFailure(ctx.deps, id);
  if (!failure) throw new AppError("WEBHOOK_FAILURE_NOT_FOUND");
  const applied = failure.resolvedAt ? true : await reconcileFailureObject(ctx.deps, failure);
  if (applied && !failure.resolvedAt) {
    await consoleAction(ctx, async (tx, actor, now) => {
      const { before, after } = await resolveWebhookFailure(tx, id, actor.userId, now);
      if (!before.resolvedAt) await recordAudit(tx, actor, "webhookFailure.reconcile", "webhookFailure", id, { resolvedAt: null, objectId: before.objectId }, { resolvedAt: after.resolvedAt, objectId: after.objectId });
    });
  }
  const { items } = await repo.webhookFailuresPage(ctx.deps.db, { offset: 0, limit: 1, includeResolved: true, id });
  return { resolved: applied, failure: items[0]! };
}
