import type { TAdminNews, TAdminNewsPage, ZAdminPageInput, ZAdminSendNewsInput } from "@shared/schemas/admin";
import type { z } from "zod";
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import { requireAdmin } from "../auth/viewer";
import { createNews } from "../chat/service";
import { pushNews } from "../notifications/news";
import { recordAudit } from "./audit";
import { consoleAction } from "./console";
import * as repo from "./repo";

/**
 * News (issue 26): stored by the chat domain (marketing_messages and its regions), shown in the Chat tab's
 * News of users of those regions (no region: everyone), and pushed to the regions' subscribers by the
 * notifications domain: all in one transaction with the audit entry, so the pushes go out only for a stored message.
 */
export async function sendNews(ctx: Ctx, input: z.output<typeof ZAdminSendNewsInput>): Promise<TAdminNews & { pushes: number }> {
  const regionIds = [...new Set(input.regionIds)];
  return consoleAction(ctx, async (tx, actor, now) => {
    const existing = await repo.existingRegionIds(tx, regionIds);
    if (existing.length !== regionIds.length) throw new AppError("REGION_NOT_FOUND", { fields: [{ path: "regionIds", code: "region_not_found" }] });
    const message = await createNews(tx, { textDe: input.textDe, textEn: input.textEn, createdById: actor.userId, createdAt: now }, regionIds);
    const pushes = await pushNews(ctx.deps, tx, { id: message.id, textDe: message.textDe, textEn: message.textEn, regionIds });
    await recordAudit(tx, actor, "news.send", "news", message.id, null, { textDe: message.textDe, textEn: message.textEn, regionIds, pushes });
    const { items } = await repo.newsPage(tx, { offset: 0, limit: 1 });
    const created = items.find((n) => n.id === message.id);
    return { ...(created ?? { id: message.id, textDe: message.textDe, textEn: message.textEn, regions: [], createdBy: null, createdAt: message.createdAt }), pushes };
  });
}

export async function listNews(ctx: Ctx, input: z.output<typeof ZAdminPageInput>): Promise<TAdminNewsPage> {
  requireAdmin(ctx);
  return repo.newsPage(ctx.deps.db, input);
}
