import { ZCreatePlannerInput, type TPlanner } from "@shared/schemas/planner";
import type { Ctx } from "../context";
import { legacy, resolver, ZNoArgs } from "./resolve";
import * as planner from "../domains/planner/service";

/**
 * The availability planner for the native wrapper (spec 001 section 7: createAvailabilityPlanner and myBots,
 * payloads not shown; issue 26). Designed here: createAvailabilityPlanner takes the planner form's fields
 * (slots as a list of weekday 0 Monday … 6 Sunday, Berlin start "HH:MM", duration in minutes; interval 0
 * weekly, 1 every two weeks, 2 monthly, spec 001 section 9) and answers the planner with `url`, the public poll
 * page to share; myBots lists the organiser's running polls and the ended ones not yet a weekly session.
 */
export const plannerTypeDefs = /* GraphQL */ `
  input AvailabilityPlannerSlotInput {
    "0 Monday … 6 Sunday"
    weekday: Int!
    "Europe/Berlin, HH:MM"
    startTime: String!
    "minutes, 60-180 in steps of 15"
    duration: Int!
  }
  type AvailabilityPlannerSlot {
    id: ID! weekday: Int! startTime: String! "minutes" duration: Int! position: Int!
    yesCount: Int! noCount: Int! yesNames: [String!]! noNames: [String!]!
  }
  type AvailabilityPlannerRegion { id: ID! name: String! slug: String! }
  type AvailabilityPlannerCourt { id: ID! name: String! }
  type AvailabilityPlanner {
    id: ID! title: String! region: AvailabilityPlannerRegion court: AvailabilityPlannerCourt
    "0 weekly, 1 every two weeks, 2 monthly"
    interval: Int!
    pollEndsAt: DateTime!
    "WHATSAPP, TELEGRAM or LINK"
    shareChannel: String!
    "the public poll page to share"
    url: String!
    "OPEN, CLOSED (ended early) or CONVERTED (became a weekly session)"
    status: String!
    "no more answers: the end passed or the organiser closed it"
    ended: Boolean!
    slots: [AvailabilityPlannerSlot!]!
    "the slot with the most yes answers (the winner once ended); null while nobody said yes"
    winningSlotId: ID
    voterCount: Int!
    "the weekly session it became"
    gameTemplateId: ID
    createdAt: DateTime!
  }
  extend type Query {
    "the signed-in organiser's running polls and the ended ones not yet turned into a weekly session"
    myBots: [AvailabilityPlanner!]!
  }
  extend type Mutation {
    createAvailabilityPlanner(
      title: String!, regionId: ID!, courtId: ID, slots: [AvailabilityPlannerSlotInput!]!,
      interval: Int!, pollEndsAt: DateTime!, shareChannel: String!
    ): AvailabilityPlanner!
  }
`;

function plannerOut(ctx: Ctx, p: TPlanner) {
  const { pollPath, publicToken: _token, leadingSlotId, slots, ...rest } = p;
  return {
    ...rest,
    url: new URL(pollPath, ctx.deps.config.publicUrl).toString(),
    winningSlotId: leadingSlotId,
    slots: slots.map(({ durationMinutes, ...s }) => ({ ...s, duration: durationMinutes })),
  };
}

/** the wrapper names a slot's length `duration`, as on Game */
const ZCreateArgs = legacy(ZCreatePlannerInput, (args) => ({
  ...args,
  slots: Array.isArray(args.slots)
    ? args.slots.map((s: unknown) => {
        if (!s || typeof s !== "object") return s;
        const { duration, ...rest } = s as Record<string, unknown>;
        return { ...rest, durationMinutes: duration };
      })
    : args.slots,
}));

export const plannerQueries = {
  myBots: resolver({ auth: "user" }, ZNoArgs, async (ctx) => (await planner.myPlanners(ctx)).map((p) => plannerOut(ctx, p))),
};

export const plannerMutations = {
  createAvailabilityPlanner: resolver({ auth: "user" }, ZCreateArgs, async (ctx, input) => plannerOut(ctx, await planner.createPlanner(ctx, input))),
};
