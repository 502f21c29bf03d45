import type { TAdminMaintenance, TAdminSetMaintenanceInput } from "@shared/schemas/admin";
import { desc, isNull } from "drizzle-orm";
import type { Ctx, Deps } from "../../context";
import type { DbOrTx } from "../../db/client";
import { maintenanceWindows } from "../../db/schema";
import { publishOnCommit } from "../../integrations/realtime";
import { recordAudit } from "./audit";
import { consoleAction } from "./console";

/**
 * The maintenance switch (issue 27, spec 001 section 8): on while MAINTENANCE_MODE is set for this process or a
 * window is open in `maintenance_windows` (at most one; started and ended by an administrator in the staff console,
 * each with its audit entry). Every process reads the table through a short cache; a switch publishes on the
 * realtime channel, so the other processes drop their cache at once and follow within a second. README "Maintenance".
 */
const CHANNEL = "maintenance";
/** Longest a process keeps a reading when it missed the notification (a reconnecting listener). */
const CACHE_MS = 2_000;

type OpenWindow = { id: number; startedAt: Date; note: string };
type Cached = { at: number; open: Promise<OpenWindow | null> };
const caches = new WeakMap<Deps, Cached>();
const listening = new WeakSet<Deps>();

async function openWindow(db: DbOrTx): Promise<OpenWindow | null> {
  const [row] = await db
    .select({ id: maintenanceWindows.id, startedAt: maintenanceWindows.startedAt, note: maintenanceWindows.note })
    .from(maintenanceWindows)
    .where(isNull(maintenanceWindows.endedAt))
    .orderBy(desc(maintenanceWindows.id))
    .limit(1);
  return row ?? null;
}

function cachedWindow(deps: Deps): Promise<OpenWindow | null> {
  if (!listening.has(deps)) {
    listening.add(deps);
    deps.realtime.subscribe(CHANNEL, () => caches.delete(deps));
  }
  const hit = caches.get(deps);
  // performance.now, not deps.clock: a cache's age is real time even when tests move the clock.
  if (hit && performance.now() - hit.at < CACHE_MS) return hit.open;
  const open = openWindow(deps.db);
  caches.set(deps, { at: performance.now(), open });
  // a failed read is not kept
  open.catch(() => caches.delete(deps));
  return open;
}

/** Whether this process answers the API with MAINTENANCE now (the HTTP middleware, /api/health). */
export async function isInMaintenance(deps: Deps): Promise<boolean> {
  if (deps.config.maintenanceMode) return true;
  // A failed read (the database away) does not decide the answer here: the request goes on, and its transport's own
  // error handling answers and logs it in its format.
  return (await cachedWindow(deps).catch(() => null)) !== null;
}

async function stateOf(deps: Deps, open: OpenWindow | null): Promise<TAdminMaintenance> {
  return {
    on: deps.config.maintenanceMode || open !== null,
    environment: deps.config.maintenanceMode,
    startedAt: open?.startedAt ?? null,
    note: open?.note ?? "",
  };
}

/** The console's view: on or off, whether the environment holds it on, since when, the staff note. */
export async function maintenance(ctx: Ctx): Promise<TAdminMaintenance> {
  return stateOf(ctx.deps, await openWindow(ctx.deps.db));
}

/**
 * Switches the console's maintenance window on or off: one audit entry (`maintenance.start` / `maintenance.stop`)
 * in the same transaction; switching to the state it already has changes and records nothing. The environment's
 * switch cannot be turned off here (`environment: true` in the answer).
 */
export async function setMaintenance(ctx: Ctx, input: TAdminSetMaintenanceInput): Promise<TAdminMaintenance> {
  const open = await consoleAction(ctx, async (tx, actor, now) => {
    const current = await openWindow(tx);
    if (input.on && !current) {
      // the unique index on the open row settles two admins switching at once: the second one finds it open
      const [row] = await tx
        .insert(maintenanceWindows)
        .values({ note: input.note ?? "", startedAt: now, startedById: actor.userId })
        .onConflictDoNothing()
        .returning({ id: maintenanceWindows.id, startedAt: maintenanceWindows.startedAt, note: maintenanceWindows.note });
      if (!row) return openWindow(tx);
      await recordAudit(tx, actor, "maintenance.start", "maintenance", row.id, null, { note: row.note }, now);
      await publishOnCommit(tx, { channel: CHANNEL, id: row.id });
      return row;
    }
    if (!input.on && current) {
      await tx.update(maintenanceWindows).set({ endedAt: now, endedById: actor.userId }).where(isNull(maintenanceWindows.endedAt));
      await recordAudit(tx, actor, "maintenance.stop", "maintenance", current.id, { startedAt: current.startedAt }, { endedAt: now }, now);
      await publishOnCommit(tx, { channel: CHANNEL, id: current.id });
      return null;
    }
    return current;
  });
  // this process follows at once, whether or not its own notification has arrived yet
  caches.delete(ctx.deps);
  return stateOf(ctx.deps, open);
}
