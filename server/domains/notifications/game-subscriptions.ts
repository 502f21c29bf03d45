import type { z } from "zod";
import type { ZSubscribeToGameInput } from "@shared/schemas/participation";
import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { requireVisibleGame } from "../games/visibility";
import * as repo from "./repo";

/**
 * Devices following a game (`game_subscriptions`, owned by notifications/repo): a device that follows a
 * game hears of its changes. It follows by joining or changing a participation with a device, by
 * creating or editing the game, by asking to pay in cash with a device, or by the bell on the game page
 * (`subscribeToGame`). Unfollowing happens only when the device dies (repo.removeDevice).
 */

/** A device follows a game; once per device and game (following again changes nothing). */
export async function followGame(tx: Tx, values: { gameId: number; deviceToken: string; userAgent?: string | null; userId: number | null; createdAt: Date }) {
  await repo.followGame(tx, values);
}

/** The bell on the game page (tRPC participation.subscribe, GraphQL subscribeToGame), signed in or as a guest. */
export async function subscribeToGame(ctx: Ctx, input: z.output<typeof ZSubscribeToGameInput>) {
  // A private game's notices (time, place, changes) only for those who may see it (games/visibility.ts).
  await requireVisibleGame(ctx, input.gameId);
  await ctx.deps.db.transaction(async (tx) => {
    await followGame(tx, {
      gameId: input.gameId,
      deviceToken: input.deviceToken,
      userAgent: input.userAgent ?? null,
      userId: ctx.viewer?.userId ?? null,
      createdAt: ctx.deps.clock.now(),
    });
  });
  return { ok: true as const };
}

/** Whether this device follows the game (tRPC participation.isSubscribed, GraphQL checkIfDeviceTokenIsSubscribedToGame). */
export async function isSubscribedToGame(ctx: Ctx, input: { gameId: number; deviceToken: string }) {
  return { subscribed: await repo.followsGame(ctx.deps.db, input.gameId, input.deviceToken) };
}
