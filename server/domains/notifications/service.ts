import type { z } from "zod";
import {
  REGION_SUBSCRIBER_COUNT_SHOWN_FROM,
  type TRegisterNativeDeviceInput,
  type TRegisterWebPushInput,
  type TSubscribeToRegionInput,
  type ZRegionSubscriptionInput,
} from "@shared/schemas/notifications";
import type { Ctx, Deps } from "../../context";
import type { Tx } from "../../db/client";
import { berlinTimeOfDay } from "@shared/rules/berlin-calendar";
import { clipPushText, gameLabel, type PushParams, type PushTextKey } from "../../integrations/push/texts";
import { webPushDeviceToken } from "../../integrations/push/web-push";
import type { GameMailName } from "../../integrations/mail/templates";
import { AppError } from "../../lib/errors";
import { sessionIsLive } from "../auth/sessions";
import { parseGameEvent, type GameEvent } from "../games/events";
import { dispatchBookingEvent } from "./booking-notices";
import { dispatchGameChange, enqueueGameReceipt } from "./game-notices";
import * as notices from "./notices-repo";
import { notifyUsers, type Notice } from "./notify-users";
import * as repo from "./repo";

/* ---------- devices and subscriptions ---------- */

export function vapidPublicKey(ctx: Ctx) {
  return { publicKey: ctx.deps.push.vapidPublicKey };
}

/**
 * Registers (or refreshes) a browser's push subscription; works signed in or as a guest. The
 * endpoint is a URL the caller chooses and the server will POST to: only https endpoints of the
 * push services on WEB_PUSH_HOSTS are taken (integrations/push/endpoint-policy.ts; checked again,
 * with DNS, before every send). The endpoint is also the proof that this browser holds the
 * subscription, so the device follows whoever is signed in here.
 */
export async function registerWebPush(ctx: Ctx, input: TRegisterWebPushInput) {
  if (!ctx.deps.push.acceptsEndpoint(input.subscription.endpoint)) throw new AppError("PUSH_SERVICE_NOT_SUPPORTED");
  const deviceToken = webPushDeviceToken(input.subscription.endpoint);
  const now = ctx.deps.clock.now();
  await bindDevice(
    ctx,
    {
      deviceToken,
      kind: "web",
      endpoint: input.subscription.endpoint,
      p256dh: input.subscription.keys.p256dh,
      auth: input.subscription.keys.auth,
      userAgent: ctx.meta.userAgent,
      language: input.language,
      createdAt: now,
      updatedAt: now,
    },
    { proof: "endpoint", ifTaken: "refuse" },
  );
  return { deviceToken };
}

/**
 * Registers (or refreshes) the native wrapper's FCM token; works signed in or as a guest. The
 * platform is accepted for the wrapper's sake but not stored (FCM addresses both the same way).
 * A token another account holds is refused (DEVICE_TOKEN_TAKEN) unless `ifTaken: "keep"` (registering
 * an account does not fail on its device; the device simply stays where it is).
 */
export async function registerNativeDevice(ctx: Ctx, input: TRegisterNativeDeviceInput, options: { ifTaken?: "refuse" | "keep" } = {}) {
  const now = ctx.deps.clock.now();
  await bindDevice(
    ctx,
    {
      deviceToken: input.deviceToken,
      kind: "fcm",
      endpoint: null,
      p256dh: null,
      auth: null,
      userAgent: ctx.meta.userAgent,
      language: input.language,
      createdAt: now,
      updatedAt: now,
    },
    { proof: "token", ifTaken: options.ifTaken ?? "refuse" },
  );
  return { deviceToken: input.deviceToken };
}

/**
 * Stores a device and binds it to the signed-in account, or to nobody for a guest (README.md here
 * "Devices stay with their account"). A device held by another account moves only with proof: a web
 * push registration names the subscription's endpoint (the browser's own secret; the token is derived
 * from it); a native token is only a name anyone could send, so it moves once the session that bound
 * it has ended (signed out, expired, account deleted). Otherwise nothing changes: a guest's call
 * leaves it quietly (the guest may still use the token to join), an account's is refused with
 * DEVICE_TOKEN_TAKEN or, with "keep", left quietly.
 */
async function bindDevice(
  ctx: Ctx,
  values: Parameters<typeof repo.lockDevice>[1],
  how: { proof: "endpoint" | "token"; ifTaken: "refuse" | "keep" },
): Promise<void> {
  const viewer = ctx.viewer;
  const now = ctx.deps.clock.now();
  await ctx.deps.db.transaction(async (tx) => {
    const device = await repo.lockDevice(tx, values);
    const holder = device.userId;
    const free =
      holder === null ||
      holder === viewer?.userId ||
      how.proof === "endpoint" ||
      device.sessionId === null ||
      !(await sessionIsLive(tx, device.sessionId, now));
    if (!free) {
      if (viewer && how.ifTaken === "refuse") throw new AppError("DEVICE_TOKEN_TAKEN");
      return;
    }
    const { deviceToken, createdAt: _created, ...changes } = values;
    await repo.updateDevice(tx, deviceToken, { ...changes, userId: viewer?.userId ?? null, sessionId: viewer?.sessionId ?? null });
  });
}

/** Whether this device token is registered to the signed-in user (false for guests). */
export async function deviceTokenForUserExists(ctx: Ctx, deviceToken: string) {
  if (!ctx.viewer) return { exists: false };
  const device = await repo.findDevice(ctx.deps.db, deviceToken);
  return { exists: device?.userId === ctx.viewer.userId };
}

export async function subscribeToRegion(ctx: Ctx, input: TSubscribeToRegionInput) {
  await repo.subscribeToRegion(ctx.deps.db, {
    regionId: input.regionId,
    deviceToken: input.deviceToken,
    messagingLanguage: input.messagingLanguage,
    userId: ctx.viewer?.userId ?? null,
    createdAt: ctx.deps.clock.now(),
  });
  return { subscribed: true };
}

export async function unsubscribeFromRegion(ctx: Ctx, input: z.output<typeof ZRegionSubscriptionInput>) {
  await repo.unsubscribeFromRegion(ctx.deps.db, input.regionId, input.deviceToken);
  return { subscribed: false };
}

export async function isSubscribedToRegion(ctx: Ctx, input: z.output<typeof ZRegionSubscriptionInput>) {
  return { subscribed: await repo.isSubscribedToRegion(ctx.deps.db, input.regionId, input.deviceToken) };
}

/** The count is shown from 50 subscribers on (spec 000 section 7); below, the page shows none. */
const shownCount = (n: number) => (n >= REGION_SUBSCRIBER_COUNT_SHOWN_FROM ? n : null);

export async function regionSubscriberCount(ctx: Ctx, regionId: number) {
  return { count: shownCount(await repo.regionSubscriberCount(ctx.deps.db, regionId)) };
}

/**
 * Every region's count at once (one grouped query, for the region list), and the total over all
 * regions; both shown from 50 on, as above.
 */
export async function regionSubscriberCounts(ctx: Ctx): Promise<{ byRegion: (regionId: number) => number | null; total: number | null }> {
  const counts = await repo.regionSubscriberCounts(ctx.deps.db);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return { byRegion: (regionId) => shownCount(counts.get(regionId) ?? 0), total: shownCount(total) };
}

/* ---------- the dispatcher: source rows to pushes ---------- */

/** Events older than this when the dispatcher first sees them are not pushed (e.g. history at the first deployment). */
const STALE_AFTER_MS = 30 * 60_000;
const BATCH = 200;

/**
 * Turns new game events, game comments, direct messages and court booking events (booking-notices.ts) into `send-push` jobs, one per
 * receiving device, in the receiver's language. It polls the source tables through a ledger
 * (notification_dispatches) instead of being called by the services that write them: no code
 * path can forget to notify, and each row is dispatched exactly once across server processes
 * (the ledger row and the jobs are written in one transaction). Returns how many pushes it queued.
 */
export async function dispatchPendingNotifications(deps: Deps): Promise<number> {
  let queued = 0;
  for (const kind of ["game_event", "game_comment", "direct_message", "court_booking_event"] as const) {
    for (;;) {
      const { claimed, pushes } = await deps.db.transaction(async (tx) => {
        const ids = await repo.claimPending(tx, kind, BATCH);
        const sources = await claimedSources(tx, kind, ids);
        let pushes = 0;
        for (const id of ids) pushes += await dispatchOne(deps, tx, kind, id, sources);
        return { claimed: ids.length, pushes };
      });
      queued += pushes;
      if (claimed < BATCH) break;
    }
  }
  return queued;
}

type PushAudience = NonNullable<Notice["push"]>["to"];

type Outgoing = {
  /** who gets the push: users' devices, or devices chosen otherwise (followers, region subscribers) */
  receivers: PushAudience;
  key: PushTextKey;
  params: Omit<PushParams, "game">;
  path: string;
  tag: string;
  /** Game events for user accounts also go out by mail to those who set receiveGameEmails (`always`: to every confirmed address, for money). */
  mail?: { template: GameMailName; userIds: number[]; always?: boolean };
};

/** The claimed rows of one kind, read together (court booking events are read by booking-notices.ts one by one). */
type ClaimedSources = {
  gameEvents: Awaited<ReturnType<typeof repo.gameEventsById>>;
  comments: Awaited<ReturnType<typeof repo.commentsById>>;
  messages: Awaited<ReturnType<typeof repo.directMessagesById>>;
};

async function claimedSources(tx: Tx, kind: repo.SourceKind, ids: number[]): Promise<ClaimedSources> {
  return {
    gameEvents: kind === "game_event" ? await repo.gameEventsById(tx, ids) : new Map(),
    comments: kind === "game_comment" ? await repo.commentsById(tx, ids) : new Map(),
    messages: kind === "direct_message" ? await repo.directMessagesById(tx, ids) : new Map(),
  };
}

async function dispatchOne(deps: Deps, tx: Tx, kind: repo.SourceKind, id: number, sources: ClaimedSources): Promise<number> {
  const fresh = (createdAt: Date) => deps.clock.now().getTime() - createdAt.getTime() < STALE_AFTER_MS;
  if (kind === "court_booking_event") return dispatchBookingEvent(deps, tx, id, fresh);
  let out: (Outgoing & { gameId: number | null }) | null = null;
  if (kind === "game_event") {
    const row = sources.gameEvents.get(id) ?? null;
    const event = row && parseGameEvent(row);
    if (event && fresh(event.createdAt)) {
      // a change notice differs per reader (what they may do about it): game-notices.ts
      if (event.type === "CHANGED") return dispatchGameChange(deps, tx, event);
      await enqueueGameReceipt(deps, tx, event);
      out = await forGameEvent(tx, event);
    }
  } else if (kind === "game_comment") {
    const c = sources.comments.get(id) ?? null;
    if (c && !c.isSystemMessage && fresh(c.createdAt)) {
      const followers = await repo.followerDevices(tx, c.gameId);
      const name = c.userId ? await repo.userFirstName(tx, c.userId) : c.name;
      out = {
        gameId: c.gameId,
        receivers: { devices: followers.filter((f) => (c.userId ? f.userId !== c.userId : true) && f.deviceToken !== c.deviceToken) },
        key: "comment",
        params: { name: name ?? undefined, text: c.text },
        path: `/game/${c.gameId}/chat`,
        tag: `game-chat-${c.gameId}`,
      };
    }
  } else {
    const m = sources.messages.get(id) ?? null;
    if (m && fresh(m.createdAt)) {
      out = {
        gameId: null,
        receivers: { userIds: [m.receiverId] },
        key: "directMessage",
        params: { name: (await repo.userFirstName(tx, m.senderId)) ?? undefined, text: m.text },
        path: `/user/${m.senderId}/chat`,
        tag: `dm-${m.senderId}`,
      };
    }
  }
  if (!out) return 0;
  const { params, mail } = out;
  const game = out.gameId ? await repo.gameInfo(tx, out.gameId) : null;
  const link = `${deps.config.publicUrl}${out.path}`;
  return notifyUsers(deps, tx, {
    push: { to: out.receivers, key: out.key, params: (d) => ({ ...params, game: game ? gameLabel(d.language, game) : "", text: clipPushText(params.text) }), url: link, tag: out.tag },
    // one mail per user per event (however many devices), in the user's application language
    mail:
      mail && game
        ? {
            userIds: mail.userIds,
            audience: mail.always ? "always" : "game",
            template: (u) => ({
              name: mail.template,
              data: { name: params.name, players: params.players, minPlayers: params.minPlayers, amountCents: params.amountCents, until: params.until, firstName: u.firstName, game: gameLabel(u.language, game), link },
            }),
          }
        : undefined,
  });
}

const counts = (p: { players?: number; minPlayers?: number }) => ({ players: p.players ?? 0, minPlayers: p.minPlayers ?? 0 });

/** The game events no one is told of (the switch below names them too: a new type needs a decision there). */
const SILENT_GAME_EVENTS = new Set<GameEvent["type"]>(["JOINED", "QUEUED", "PARTICIPATION_CHANGED", "PLAYER_REMOVED", "ATTENDANCE_RATED", "REPORTED", "ORGANISER_PLAYERS"]);

/** Who hears of which game event (spec 000 section 7); every type is named, so a new one needs a decision here. */
async function forGameEvent(tx: Tx, event: GameEvent): Promise<(Outgoing & { gameId: number }) | null> {
  // Nothing to read for the events nobody hears of (each join is one: a hot game's hundreds of joins read no game).
  if (SILENT_GAME_EVENTS.has(event.type)) return null;
  const game = await repo.gameInfo(tx, event.gameId);
  if (!game) return null;
  const base = { gameId: game.id, path: `/game/${game.id}`, tag: `game-${game.id}` };
  const notActor = <T extends { userId: number | null }>(rs: T[]) => rs.filter((r) => event.actorId === null || r.userId !== event.actorId);
  const organiser = { userIds: [game.creatorId] };
  const players = async () => notActorIds(await repo.playerUserIds(tx, game.id));
  const notActorIds = (ids: number[]) => ids.filter((id) => id !== event.actorId);
  const toOrganiser = (template: GameMailName) => ({ template, userIds: [game.creatorId] });
  /** A payment notice to the payer alone: a push to their devices and a mail. */
  const toPayer = (userId: number, key: PushTextKey, template: GameMailName) => ({
    ...base,
    tag: `game-${game.id}-payment`,
    receivers: { userIds: [userId] },
    key,
    params: {},
    mail: { template, userIds: [userId] },
  });
  /** A guest's notice: a push to the device the guest joined from (no account, so no mail); null without one. */
  const toGuest = async (participationId: number, key: PushTextKey, params: Outgoing["params"] = {}) => {
    const devices = await repo.guestParticipationDevices(tx, participationId);
    return devices.length ? { ...base, receivers: { devices }, key, params } : null;
  };
  switch (event.type) {
    case "MOVED_UP": {
      const promoted = event.payload.userId;
      if (promoted === null) return toGuest(event.payload.participationId, "movedUp");
      // in a managed-payment game moving up is a reservation: the player is asked to pay (participation/payment.ts)
      return game.isManagedPayment
        ? toPayer(promoted, "movedUpPay", "game-moved-up-pay")
        : { ...base, receivers: { userIds: [promoted] }, key: "movedUp", params: {}, mail: { template: "game-moved-up", userIds: [promoted] } };
    }
    case "OFFERED": {
      // a place held for the first in line until the deadline ("bis 18:30 annehmen"; participation/offers.ts)
      const holder = event.payload.userId;
      const until = berlinTimeOfDay(new Date(event.payload.expiresAt));
      if (holder === null) return toGuest(event.payload.participationId, "waitingListOffer", { until });
      return { ...base, receivers: { userIds: [holder] }, key: "waitingListOffer", params: { until }, mail: { template: "game-waiting-list-offer", userIds: [holder] } };
    }
    case "CASH_REQUESTED": {
      const name = await repo.participationName(tx, event.payload.participationId);
      return {
        ...base,
        receivers: organiser,
        key: "cashRequested",
        params: { name: name ?? undefined, text: event.payload.message ?? undefined },
        mail: toOrganiser("game-cash-requested"),
      };
    }
    case "CASH_DECLINED":
      return toPayer(event.payload.userId, "cashDeclined", "game-cash-declined");
    case "PAYMENT_FAILED":
      return toPayer(event.payload.userId, "paymentFailed", "game-payment-failed");
    case "PAYMENT_DUE":
      return toPayer(event.payload.userId, "paymentDue", "game-payment-due");
    case "PAYMENT_CHANGED": {
      const { userId, to, revoked } = event.payload;
      // money given back outside the app (Stripe's dashboard): the organiser is told (issue 23 item 4)
      if (event.payload.refundedOutsideApp) {
        const { participationId } = event.payload;
        return {
          ...base,
          tag: `game-${game.id}-payment`,
          receivers: organiser,
          key: "paymentRefundedOutside",
          params: { name: (await repo.participationName(tx, participationId)) ?? undefined, amountCents: (await notices.refundedAmountCents(tx, participationId)) ?? undefined },
          mail: { template: "game-payment-refunded-outside", userIds: [game.creatorId], always: true },
        };
      }
      if (userId === null) return null;
      if (to === "Expired") return revoked ? toPayer(userId, "reservationExpired", "game-reservation-expired") : null;
      // a cancelled game's money going back is told by the cancellation itself
      if (to === "Released") return game.cancelledAt === null ? toPayer(userId, "paymentReleased", "game-payment-released") : null;
      if (to === "Captured") return (await repo.participationCancelled(tx, event.payload.participationId)) ? toPayer(userId, "paymentTaken", "game-payment-taken") : null;
      if (to === "PaidExternally") return event.actorId === userId ? null : toPayer(userId, "cashAllowed", "game-cash-allowed");
      return null;
    }
    case "CANCELLED":
      if (!event.payload.automatic)
        return { ...base, receivers: { devices: notActor(await repo.followerDevices(tx, game.id)) }, key: "gameCancelled", params: {}, mail: { template: "game-cancelled", userIds: await players() } };
      return {
        ...base,
        receivers: { devices: await repo.followerDevices(tx, game.id) },
        key: "gameAutoCancelled",
        params: {},
        mail: { template: "game-auto-cancelled", userIds: [...(await repo.playerUserIds(tx, game.id)), game.creatorId] },
      };
    case "PARTICIPATION_CANCELLED": {
      const p = event.payload;
      if ("accountDeleted" in p || !p.notifyOrganiser) return null;
      const name = await repo.participationName(tx, p.participationId);
      return { ...base, receivers: organiser, key: "playerCancelledShortNotice", params: { name: name ?? undefined }, mail: toOrganiser("game-player-cancelled") };
    }
    case "MIN_PLAYERS_WARNING":
      return { ...base, receivers: organiser, key: "minPlayersWarning", params: counts(event.payload), mail: toOrganiser("game-min-players-warning") };
    case "TAKES_PLACE_PROMPT":
      return { ...base, receivers: organiser, key: "takesPlacePrompt", params: counts(event.payload), mail: toOrganiser("game-takes-place-prompt") };
    case "CREATED":
    case "MADE_PUBLIC":
      if (game.gameType === "PRIVATE") return null;
      return { ...base, receivers: { devices: notActor(await repo.regionSubscriberDevices(tx, game.regionId)) }, key: "newGameInRegion", params: {} };
    // told elsewhere (CHANGED: game-notices.ts) or to nobody
    case "CHANGED":
    case "CONFIRMED":
    // SILENT_GAME_EVENTS, answered before the game is read: a notice for one of these must take it out of that set too
    case "JOINED":
    case "QUEUED":
    case "PARTICIPATION_CHANGED":
    case "PLAYER_REMOVED":
    case "ATTENDANCE_RATED":
    case "REPORTED":
    case "ORGANISER_PLAYERS":
      return null;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
