import { z } from "zod";
import { CANCELLATION_REASONS, PAYMENT_STATUSES, REMOVAL_REASONS, REPORT_REASONS } from "@shared/constants";
import type { Tx } from "../../db/client";

/**
 * What happened to a game: one row in `game_events` per change, written in the same transaction as
 * the change. Each kind has its own payload; `actorId` is who did it (null: the system, e.g. a job or
 * the waiting list), the participation or user it happened to is the payload's `participationId` /
 * `userId` (the subject), never the actor. Other domains react to events instead of being called:
 * the chat writes its system lines (`GameEventReaction`, same transaction), notifications push and
 * mail them (the dispatcher's ledger, domains/notifications/service.ts).
 */
const participationRef = { participationId: z.number().int() };
const counts = { startTime: z.string(), players: z.number().int(), minPlayers: z.number().int() };
const changeValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const kinds = [
  z.object({
    type: z.literal("CREATED"),
    payload: z
      .object({
        playerCount: z.number().int(),
        /**
         * createGame with isRecurringGame: the game is the first of a weekly session, which the sessions domain makes
         * from it in the same transaction (the weekly sessions' session-games.ts); `playsHimself` is the organiser's own place.
         */
        startsSession: z.object({ playsHimself: z.boolean() }),
      })
      .partial(),
  }),
  z.object({
    type: z.literal("CHANGED"),
    /**
     * `fields`: the changed fields; `changes`: their before and after values (not the long texts), for
     * notices that say what changed (shared/rules/game-change-notice.ts); absent in events before issue 23.
     */
    payload: z.object({
      fields: z.array(z.string()),
      changes: z.record(z.string(), z.object({ from: changeValue, to: changeValue })).optional(),
    }),
  }),
  z.object({
    type: z.literal("CANCELLED"),
    payload: z.object({
      reason: z.enum(CANCELLATION_REASONS),
      message: z.string().nullable(),
      /** cancelled by the minimum-players job (organiser null) */
      automatic: z.boolean(),
      /** the organiser deleted their account */
      accountDeleted: z.boolean(),
      /** automatic only: the state that made the job cancel */
      ...z.object(counts).partial().shape,
    }),
  }),
  z.object({ type: z.literal("MIN_PLAYERS_WARNING"), payload: z.object(counts) }),
  z.object({ type: z.literal("TAKES_PLACE_PROMPT"), payload: z.object(counts) }),
  z.object({ type: z.literal("CONFIRMED"), payload: z.object({ minPlayers: z.number().int() }) }),
  z.object({ type: z.literal("MADE_PUBLIC"), payload: z.object({}) }),
  z.object({
    type: z.literal("JOINED"),
    payload: z.object({ ...participationRef, playerCount: z.number().int(), name: z.string() }),
  }),
  z.object({
    type: z.literal("QUEUED"),
    payload: z.object({ ...participationRef, playerCount: z.number().int(), name: z.string() }),
  }),
  z.object({
    type: z.literal("MOVED_UP"),
    /** the promoted player: userId null for a guest */
    payload: z.object({ ...participationRef, userId: z.number().int().nullable() }),
  }),
  z.object({
    type: z.literal("OFFERED"),
    /** a freed place offered to the first in line until `expiresAt` (participation/offers.ts); userId null for a guest */
    payload: z.object({ ...participationRef, userId: z.number().int().nullable(), expiresAt: z.string() }),
  }),
  z.object({ type: z.literal("PARTICIPATION_CHANGED"), payload: z.object(participationRef) }),
  z.object({
    type: z.literal("PARTICIPATION_CANCELLED"),
    payload: z.union([
      z.object({
        ...participationRef,
        name: z.string(),
        playerCount: z.number().int(),
        fromWaitingList: z.boolean(),
        shortNotice: z.boolean(),
        /** the organiser is told about cancellations within 2 hours of the start */
        notifyOrganiser: z.boolean(),
      }),
      /** the player deleted their account: no chat line, no push */
      z.object({ ...participationRef, accountDeleted: z.literal(true) }),
    ]),
  }),
  z.object({
    type: z.literal("PLAYER_REMOVED"),
    payload: z.object({ ...participationRef, reason: z.enum(REMOVAL_REASONS), message: z.string().nullable() }),
  }),
  z.object({
    type: z.literal("PAYMENT_CHANGED"),
    /**
     * A participation's payment status moved because its payment did (domains/participation/payment-lifecycle.ts);
     * `revoked`: an unpaid reservation expired and the place was given up. `userId` is the payer (the subject).
     * `refundedOutsideApp`: a playing participation's money went back without the app asking (a refund in
     * Stripe's dashboard, a hold released there or lapsed): the participation follows it, the organiser is told.
     */
    payload: z.object({
      ...participationRef,
      userId: z.number().int().nullable(),
      from: z.enum(PAYMENT_STATUSES),
      to: z.enum(PAYMENT_STATUSES),
      revoked: z.boolean(),
      refundedOutsideApp: z.boolean().optional(),
    }),
  }),
  z.object({
    type: z.literal("PAYMENT_DUE"),
    /** An Open reservation is about to run out unpaid (domains/participation/payment-notices.ts); `userId` is the payer. */
    payload: z.object({ ...participationRef, userId: z.number().int(), expiresAt: z.string() }),
  }),
  z.object({
    type: z.literal("PAYMENT_FAILED"),
    /** A payment attempt of an Open reservation failed (domains/participation/payment-notices.ts); `message` is the provider's. */
    payload: z.object({ ...participationRef, userId: z.number().int(), message: z.string().nullable() }),
  }),
  z.object({
    type: z.literal("CASH_REQUESTED"),
    /** the player asked to pay in cash (domains/participation/cash.ts); `userId` is the player, `message` theirs to the organiser */
    payload: z.object({ ...participationRef, userId: z.number().int(), message: z.string().nullable() }),
  }),
  z.object({
    type: z.literal("CASH_DECLINED"),
    /** the organiser (the actor) declined a pending cash request; `userId` is the player */
    payload: z.object({ ...participationRef, userId: z.number().int() }),
  }),
  z.object({ type: z.literal("ATTENDANCE_RATED"), payload: z.object({ count: z.number().int() }) }),
  z.object({ type: z.literal("REPORTED"), payload: z.object({ reason: z.enum(REPORT_REASONS) }) }),
  z.object({ type: z.literal("ORGANISER_PLAYERS"), payload: z.object({ playerCount: z.number().int() }) }),
] as const;

export const ZGameEventKind = z.discriminatedUnion("type", kinds);
export type GameEventKind = z.infer<typeof ZGameEventKind>;
export type GameEventType = GameEventKind["type"];
export const GAME_EVENT_TYPES = kinds.map((k) => k.shape.type.value) as GameEventType[];

/** An event to record: its kind and payload, the game, and who did it. */
export type NewGameEvent = GameEventKind & { gameId: number; actorId: number | null; createdAt: Date };

/** An event as stored (and as reactions and the dispatcher see it). */
export type GameEvent = NewGameEvent & { id: number };

/** Reads a stored row; null for a row this code does not know (an older or newer shape). */
export function parseGameEvent(row: { id: number; gameId: number; type: string; actorId: number | null; payload: unknown; createdAt: Date }): GameEvent | null {
  const kind = ZGameEventKind.safeParse({ type: row.type, payload: row.payload });
  return kind.success ? { ...kind.data, id: row.id, gameId: row.gameId, actorId: row.actorId, createdAt: row.createdAt } : null;
}

/**
 * Something another domain does when an event is recorded, inside the same transaction (a failing
 * reaction rolls the change back). Reactions are wired once in server/domains/reactions.ts and reach
 * the recorder through `Deps.reactions`, so the games domain never imports the domains reacting to it.
 */
export type GameEventReaction = (tx: Tx, event: GameEvent) => Promise<void>;
