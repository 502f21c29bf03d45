import type { Ctx } from "../../context";
import type { Tx } from "../../db/client";
import { requireAdmin } from "../auth/viewer";
import type { AuditActor } from "./audit";

/**
 * One console action: checks the admin (again; the router's adminProcedure did first), runs `act` in
 * ONE transaction with the audit entry it writes, and returns its answer.
 */
export async function consoleAction<T>(ctx: Ctx, act: (tx: Tx, actor: AuditActor, now: Date) => Promise<T>): Promise<T> {
  const viewer = requireAdmin(ctx);
  const now = ctx.deps.clock.now();
  return ctx.deps.db.transaction((tx) => act(tx, { userId: viewer.userId }, now));
}
