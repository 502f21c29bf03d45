import { z } from "zod";
import { PLANNER_INTERVALS, PLANNER_MAX_SLOTS, PLANNER_SHARE_CHANNELS, PLANNER_STATUSES } from "../constants";
import {
  PLANNER_DURATION_MAX,
  PLANNER_DURATION_MIN,
  PLANNER_DURATION_STEP,
  PLANNER_FIRST_NAME_MAX,
  PLANNER_TITLE_MAX,
  slotsProblem,
} from "../rules/planner";
import { zId, zPlainText } from "./common";

/**
 * The availability planner (spec 001 sections 2.2, 7, 9; issue 26): tRPC `planner.*` and the GraphQL
 * operations createAvailabilityPlanner and myBots use these schemas.
 */

export const ZPlannerInterval = z.union(PLANNER_INTERVALS.map((i) => z.literal(i)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>], { error: "planner_interval_invalid" });
export const ZPlannerShareChannel = z.enum(PLANNER_SHARE_CHANNELS, { error: "planner_share_channel_invalid" });
export const ZPlannerStatus = z.enum(PLANNER_STATUSES);

export const ZPlannerSlotInput = z.object({
  weekday: z.number({ error: "planner_slot_weekday" }).int({ error: "planner_slot_weekday" }).min(0, { error: "planner_slot_weekday" }).max(6, { error: "planner_slot_weekday" }),
  startTime: z.string({ error: "planner_slot_time" }).regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: "planner_slot_time" }),
  durationMinutes: z
    .number({ error: "planner_slot_duration" })
    .int({ error: "planner_slot_duration" })
    .min(PLANNER_DURATION_MIN, { error: "planner_slot_duration" })
    .max(PLANNER_DURATION_MAX, { error: "planner_slot_duration" })
    .multipleOf(PLANNER_DURATION_STEP, { error: "planner_slot_duration" }),
});
export type TPlannerSlotInput = z.infer<typeof ZPlannerSlotInput>;

export const ZCreatePlannerInput = z.object({
  title: zPlainText(PLANNER_TITLE_MAX, "planner_title_too_long", { singleLine: true }).min(1, { error: "required" }),
  regionId: zId,
  courtId: zId.nullish(),
  slots: z
    .array(ZPlannerSlotInput, { error: "planner_slots_count" })
    .min(1, { error: "planner_slots_count" })
    .max(PLANNER_MAX_SLOTS, { error: "planner_slots_count" })
    .refine((slots) => slotsProblem(slots) !== "slots_duplicate", { error: "planner_slots_duplicate" }),
  interval: ZPlannerInterval,
  pollEndsAt: z.date({ error: "planner_poll_end_invalid" }),
  shareChannel: ZPlannerShareChannel,
});
export type TCreatePlannerInput = z.input<typeof ZCreatePlannerInput>;

export const ZPlannerIdInput = z.object({ id: zId });
/** the poll page's token (32 characters base64url when we make it) */
const zToken = z.string({ error: "invalid" }).min(8, { error: "invalid" }).max(64, { error: "invalid" }).regex(/^[A-Za-z0-9_-]+$/, { error: "invalid" });
/** the random key the poll page keeps in the browser so a voter can change their answer */
export const zVoterKey = z.string({ error: "invalid" }).min(16, { error: "invalid" }).max(64, { error: "invalid" }).regex(/^[A-Za-z0-9_-]+$/, { error: "invalid" });

export const ZPollInput = z.object({ token: zToken, voterKey: zVoterKey.nullish() });
export const ZPollAnswerInput = z.object({
  token: zToken,
  voterKey: zVoterKey.nullish(),
  firstName: zPlainText(PLANNER_FIRST_NAME_MAX, "planner_first_name_too_long", { singleLine: true }).min(1, { error: "required" }),
  answers: z
    .array(z.object({ slotId: zId, available: z.boolean() }))
    .min(1, { error: "planner_answers_missing" })
    .max(PLANNER_MAX_SLOTS, { error: "planner_answers_missing" })
    .refine((a) => new Set(a.map((x) => x.slotId)).size === a.length, { error: "planner_answers_duplicate" }),
});
export const ZPlannerConvertInput = z.object({ id: zId, gameId: zId });

const ZSlotBase = z.object({
  id: z.number().int(),
  weekday: z.number().int(),
  startTime: z.string(),
  durationMinutes: z.number().int(),
  position: z.number().int(),
  yesCount: z.number().int(),
  noCount: z.number().int(),
});
/** the organiser's view of a slot: who said yes and who said no */
export const ZPlannerSlot = ZSlotBase.extend({ yesNames: z.array(z.string()), noNames: z.array(z.string()) });

/** The organiser's planner (/planner/{id}, createAvailabilityPlanner, myBots). */
export const ZPlanner = z.object({
  id: z.number().int(),
  title: z.string(),
  region: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
  court: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  interval: z.number().int(),
  pollEndsAt: z.date(),
  shareChannel: ZPlannerShareChannel,
  publicToken: z.string(),
  /** the poll page, relative (/poll/{token}); the client makes it absolute */
  pollPath: z.string(),
  status: ZPlannerStatus,
  /** the poll end has passed or it was closed: answers are refused, the result stands */
  ended: z.boolean(),
  slots: z.array(ZPlannerSlot),
  /** the slot that leads now (the winner once ended); null while nobody said yes */
  leadingSlotId: z.number().int().nullable(),
  /** how many people answered */
  voterCount: z.number().int(),
  /** the weekly session it became */
  gameTemplateId: z.number().int().nullable(),
  createdAt: z.date(),
});
export type TPlanner = z.infer<typeof ZPlanner>;


/** The public poll page (/poll/{token}): counts, no names; the voter's own answer when known. */
export const ZPoll = z.object({
  token: z.string(),
  title: z.string(),
  organizerFirstName: z.string(),
  interval: z.number().int(),
  pollEndsAt: z.date(),
  ended: z.boolean(),
  slots: z.array(ZSlotBase),
  leadingSlotId: z.number().int().nullable(),
  voterCount: z.number().int(),
  myAnswer: z.object({ firstName: z.string(), answers: z.array(z.object({ slotId: z.number().int(), available: z.boolean() })) }).nullable(),
});
export type TPoll = z.infer<typeof ZPoll>;
