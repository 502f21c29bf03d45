import { shouldShowRateAppHint } from "@shared/rules/rate-app-hint";
import type { Ctx } from "../../context";
import { requireViewer } from "../auth/viewer";
import * as repo from "./repo";

/**
 * showRateAppHint (spec 001 section 7): whether the app should ask the viewer to rate it now, by the rule in
 * shared/rules/rate-app-hint.ts (README Decisions "The rate-app hint"). Visitors: false, never an error, so the
 * wrapper may ask before it knows who is signed in.
 */
export async function showRateAppHint(ctx: Ctx): Promise<boolean> {
  if (!ctx.viewer) return false;
  const now = ctx.deps.clock.now();
  const facts = await repo.rateAppHintFacts(ctx.deps.db, ctx.viewer.userId, now);
  if (!facts) return false;
  return shouldShowRateAppHint({ now, accountCreatedAt: facts.createdAt, lastShownAt: facts.rateAppHintShownAt, attendedGames: facts.attendedGames });
}

/** The hint was shown and answered either way (or the player rated through /review): not again for 90 days. */
export async function rateAppHintSeen(ctx: Ctx): Promise<{ success: boolean }> {
  const viewer = requireViewer(ctx);
  await repo.markRateAppHintShown(ctx.deps.db, viewer.userId, ctx.deps.clock.now());
  return { success: true };
}
