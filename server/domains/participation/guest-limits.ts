import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { GUEST_LIMITS } from "@shared/constants";
import type { ErrorCode } from "@shared/errors";
import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import type { DbOrTx, Tx } from "../../db/client";
import { guestOrigins, guestThrottle, participations } from "../../db/schema";
import { AppError } from "../../lib/errors";

/**
 * Limits for anonymous guests (issue 23 item 8, server/domains/participation/README.md "Guest limits"). A guest is known by
 * two keys: the client address, which the client cannot choose (server/http/request-context.ts;
 * behind a proxy only with TRUST_PROXY), and the device token it sends, which it can. Every limit
 * holds for both, the address first, so a client inventing a new device token per call still stops
 * at its address's limit:
 * - joins as a guest: `joinsPerAddress` / `joinsPerDevice` per window, over all games;
 * - places in one game: `placesPerAddressPerGame` / `placesPerDevicePerGame` active guest participations,
 *   checked under the game lock joinGame holds, so two simultaneous joins cannot both take the last one;
 *   a guest the organiser removed bars its address and device from that game;
 * - comments as a guest: `commentsPerAddress` / `commentsPerDevice` per window.
 * The counters are rows in guest_throttle, locked by the counting transaction: however many requests
 * arrive at once, on any number of server processes, they are counted one after another, and a request
 * refused later in its transaction (a name taken, the game full) counts nothing.
 */

const WINDOW_MS = GUEST_LIMITS.windowSeconds * 1000;

const hash = (text: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(text)));

/**
 * The client address as the limits see it: IPv4 as is (also inside IPv6 "::ffff:a.b.c.d"), IPv6 by
 * its /64 (one subscriber usually holds a whole /64 and could otherwise use a new address per call).
 * Anything unparsable is taken as given.
 */
export function addressKey(ip: string): string {
  const bare = ip.trim().replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return bare.toLowerCase();
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts.slice(0, 4).map((p) => p.toString(16)).join(":")}::/64`;
}

/** What is stored of an address: a hash, so the table is no list of addresses. */
export const addressHashOf = (ip: string) => hash(`address:${addressKey(ip)}`);
const deviceHashOf = (deviceToken: string) => hash(`device:${deviceToken}`);

type Counted = { key: string; limit: number };

/**
 * Counts one more action on each key (in order), or throws `code` with the seconds until the
 * earliest full key's window ends; then nothing is counted (the transaction rolls back).
 */
async function countOrRefuse(tx: Tx, keys: Counted[], code: ErrorCode, now: Date): Promise<void> {
  for (const { key, limit } of keys) {
    // A no-op upsert rather than SELECT … FOR UPDATE: it also locks a row being inserted right now, and always returns one.
    const [row] = await tx
      .insert(guestThrottle)
      .values({ key, count: 0, windowStartedAt: now })
      .onConflictDoUpdate({ target: guestThrottle.key, set: { count: sql`${guestThrottle.count}` } })
      .returning({ count: guestThrottle.count, windowStartedAt: guestThrottle.windowStartedAt });
    const fresh = row!.windowStartedAt.getTime() <= now.getTime() - WINDOW_MS;
    if (fresh) {
      await tx.update(guestThrottle).set({ count: 1, windowStartedAt: now }).where(eq(guestThrottle.key, key));
      await forgetOldCounters(tx, now);
      continue;
    }
    if (row!.count >= limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil((row!.windowStartedAt.getTime() + WINDOW_MS - now.getTime()) / 1000));
      throw new AppError(code, { details: { retryAfterSeconds } });
    }
    await tx.update(guestThrottle).set({ count: row!.count + 1 }).where(eq(guestThrottle.key, key));
  }
}

/**
 * A guest joins `gameId` from this address and device: refused when the organiser removed a guest of
 * that address or device from the game (BANNED_FROM_GAME), when they already hold the most places in it
 * (GUEST_PLACES_LIMIT) or joined too often lately (GUEST_JOIN_RATE_LIMITED); else counted. Call inside
 * the join's transaction, after the game lock.
 */
export async function admitGuestJoin(tx: Tx, guest: { gameId: number; ip: string; deviceToken: string | null; now: Date }): Promise<void> {
  const addressHash = addressHashOf(guest.ip);
  const fromHere = or(
    sql`${participations.id} in (select ${guestOrigins.participationId} from ${guestOrigins} where ${guestOrigins.gameId} = ${guest.gameId} and ${guestOrigins.addressHash} = ${addressHash})`,
    guest.deviceToken !== null ? eq(participations.deviceToken, guest.deviceToken) : sql`false`,
  );
  const guestsInGame = and(eq(participations.gameId, guest.gameId), isNull(participations.userId), fromHere);
  const [banned] = await tx.select({ n: count() }).from(participations).where(and(guestsInGame, eq(participations.banned, true)));
  if (banned!.n > 0) throw new AppError("BANNED_FROM_GAME");

  const active = await tx
    .select({ deviceToken: participations.deviceToken, address: guestOrigins.addressHash })
    .from(participations)
    .leftJoin(guestOrigins, eq(guestOrigins.participationId, participations.id))
    .where(and(guestsInGame, isNull(participations.cancelledAt)));
  const byAddress = active.filter((p) => p.address === addressHash).length;
  const byDevice = guest.deviceToken === null ? 0 : active.filter((p) => p.deviceToken === guest.deviceToken).length;
  if (byAddress >= GUEST_LIMITS.placesPerAddressPerGame || byDevice >= GUEST_LIMITS.placesPerDevicePerGame) throw new AppError("GUEST_PLACES_LIMIT");

  const keys: Counted[] = [{ key: `join:${addressHash}`, limit: GUEST_LIMITS.joinsPerAddress }];
  if (guest.deviceToken !== null) keys.push({ key: `join:${deviceHashOf(guest.deviceToken)}`, limit: GUEST_LIMITS.joinsPerDevice });
  await countOrRefuse(tx, keys, "GUEST_JOIN_RATE_LIMITED", guest.now);
}

/** Records where a new guest participation came from (its address, and the browser's or app's guest key). */
export async function recordGuestOrigin(tx: Tx, origin: { participationId: number; gameId: number; ip: string; guestKey: string; now: Date }): Promise<void> {
  await tx.insert(guestOrigins).values({
    participationId: origin.participationId,
    gameId: origin.gameId,
    addressHash: addressHashOf(origin.ip),
    guestKeyHash: hash(`key:${origin.guestKey}`),
    createdAt: origin.now,
  });
}

/** Whether the guest participation was made from the browser or app holding this guest key. */
export async function madeWithGuestKey(db: DbOrTx, participationId: number, guestKey: string | null | undefined): Promise<boolean> {
  if (!guestKey) return false;
  const rows = await db
    .select({ id: guestOrigins.participationId })
    .from(guestOrigins)
    .where(and(eq(guestOrigins.participationId, participationId), eq(guestOrigins.guestKeyHash, hash(`key:${guestKey}`))))
    .limit(1);
  return rows.length > 0;
}

/** A guest comments from this address and device: counted, or GUEST_COMMENT_RATE_LIMITED. Inside the comment's transaction. */
export async function admitGuestComment(tx: Tx, guest: { ip: string; deviceToken: string; now: Date }): Promise<void> {
  await countOrRefuse(
    tx,
    [
      { key: `comment:${addressHashOf(guest.ip)}`, limit: GUEST_LIMITS.commentsPerAddress },
      { key: `comment:${deviceHashOf(guest.deviceToken)}`, limit: GUEST_LIMITS.commentsPerDevice },
    ],
    "GUEST_COMMENT_RATE_LIMITED",
    guest.now,
  );
}

/** Counters whose window ended a day ago say nothing any more: dropped whenever a window starts afresh (a few at a time, none another request holds). */
async function forgetOldCounters(tx: Tx, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  await tx.execute(
    sql`delete from ${guestThrottle} where ${guestThrottle.key} in (select ${guestThrottle.key} from ${guestThrottle} where ${lt(guestThrottle.windowStartedAt, dayAgo)} limit 100 for update skip locked)`,
  );
}
