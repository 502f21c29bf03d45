import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Deps } from "../context";
import { createCourt, createRegion } from "../testing/factories";
import { wrapperCalls } from "../testing/graphql-wrapper";
import { httpClient } from "../testing/http-client";
import { testClock } from "../testing/test-clock";
import { testDeps } from "../testing/test-db";

/**
 * The native wrapper's planner calls (spec 001 section 7: createAvailabilityPlanner and myBots; the spec shows
 * neither payload, server/graphql/planner.ts documents the one designed here). Ids travel as strings.
 */

let deps: Deps;
let regionId: number;
beforeAll(async () => {
  deps = await testDeps();
  regionId = (await createRegion(deps)).id;
});
afterEach(() => testClock.reset());
const { signedIn, ok, failure } = wrapperCalls(() => deps);

const FIELDS = `id title region { id name slug } court { id name } interval pollEndsAt shareChannel url status ended
  slots { id weekday startTime duration position yesCount noCount yesNames noNames } winningSlotId voterCount gameTemplateId createdAt`;
const CREATE = `mutation($title: String!, $regionId: ID!, $courtId: ID, $slots: [AvailabilityPlannerSlotInput!]!, $interval: Int!, $pollEndsAt: DateTime!, $shareChannel: String!) {
  createAvailabilityPlanner(title: $title, regionId: $regionId, courtId: $courtId, slots: $slots, interval: $interval, pollEndsAt: $pollEndsAt, shareChannel: $shareChannel) { ${FIELDS} }
}`;

describe("the planner through the wrapper", () => {
  test("createAvailabilityPlanner answers the planner with its poll link; myBots lists it", async () => {
    testClock.freeze("2026-12-01T10:00:00Z");
    const { client } = await signedIn({ regionId });
    const court = await createCourt(deps, { regionId });
    const variables = {
      title: "Donnerstagskick",
      regionId: String(regionId),
      courtId: String(court.id),
      slots: [
        { weekday: 3, startTime: "19:00", duration: 90 },
        { weekday: 5, startTime: "10:30", duration: 120 },
      ],
      interval: 1,
      pollEndsAt: "2026-12-05T18:00:00.000Z",
      shareChannel: "TELEGRAM",
    };
    const { createAvailabilityPlanner: p } = await ok(client, CREATE, variables);
    expect(p).toMatchObject({
      title: "Donnerstagskick",
      region: { id: String(regionId) },
      court: { id: String(court.id), name: court.name },
      interval: 1,
      pollEndsAt: "2026-12-05T18:00:00.000Z",
      shareChannel: "TELEGRAM",
      status: "OPEN",
      ended: false,
      winningSlotId: null,
      voterCount: 0,
      gameTemplateId: null,
    });
    expect(p.url).toMatch(new RegExp(`^${deps.config.publicUrl.replace(/\/$/, "")}/poll/[A-Za-z0-9_-]{32}$`));
    expect(p.slots).toEqual([
      { id: expect.any(String), weekday: 3, startTime: "19:00", duration: 90, position: 0, yesCount: 0, noCount: 0, yesNames: [], noNames: [] },
      { id: expect.any(String), weekday: 5, startTime: "10:30", duration: 120, position: 1, yesCount: 0, noCount: 0, yesNames: [], noNames: [] },
    ]);

    const { myBots } = await ok(client, `query myBots { myBots { ${FIELDS} } }`);
    expect(myBots.map((b: { id: string }) => b.id)).toEqual([p.id]);

    // the same rules as the web form: a duration off the steps names its field
    const bad = await failure(client, CREATE, { ...variables, slots: [{ weekday: 3, startTime: "19:00", duration: 70 }] });
    expect(bad).toMatchObject({ code: "VALIDATION", fields: [{ path: "slots.0.durationMinutes", code: "planner_slot_duration" }] });
    expect((await failure(client, CREATE, { ...variables, pollEndsAt: "2026-11-30T18:00:00.000Z" }))?.code).toBe("VALIDATION");
  });

  test("visitors are refused", async () => {
    const anonymous = httpClient(deps);
    expect((await failure(anonymous, `query { myBots { id } }`))?.code).toBe("UNAUTHENTICATED");
  });
});
