import { describe, expect, test } from "bun:test";
import { PAYMENT_STATUSES } from "../constants";
import { ENDING_WAYS, SETTLEMENT_WINDOWS, settlementOf, type Settlement } from "./settlement";

/**
 * The money table (issue 23 item 1), every cell written out independently of the function:
 * status × way of ending × window → outcome. The service test (server/domains/participation/settlement.test.ts)
 * walks the cells with money against the Stripe emulator.
 */
const NO_MONEY = { free: "nothing", late: "nothing" } as const;
const EXPECTED: Record<string, Record<string, { free: Settlement; late: Settlement }>> = {
  None: Object.fromEntries(ENDING_WAYS.map((w) => [w, NO_MONEY])),
  Expired: Object.fromEntries(ENDING_WAYS.map((w) => [w, NO_MONEY])),
  Released: Object.fromEntries(ENDING_WAYS.map((w) => [w, NO_MONEY])),
  PaidExternally: Object.fromEntries(ENDING_WAYS.map((w) => [w, NO_MONEY])),
  Open: Object.fromEntries(ENDING_WAYS.map((w) => [w, { free: "release", late: "release" }])),
  Approved: {
    playerCancels: { free: "release", late: "keepUnlessReplaced" },
    organiserRemoves: { free: "release", late: "release" },
    reservationExpires: { free: "keep", late: "keep" },
    gameCancelled: { free: "release", late: "release" },
    accountDeleted: { free: "release", late: "release" },
    movedToWaitingList: { free: "release", late: "release" },
  },
  Captured: {
    playerCancels: { free: "refund", late: "keepUnlessReplaced" },
    organiserRemoves: { free: "refund", late: "refund" },
    reservationExpires: { free: "keep", late: "keep" },
    gameCancelled: { free: "refund", late: "refund" },
    accountDeleted: { free: "refund", late: "refund" },
    movedToWaitingList: { free: "refund", late: "refund" },
  },
};

const cells = PAYMENT_STATUSES.flatMap((status) => ENDING_WAYS.flatMap((way) => SETTLEMENT_WINDOWS.map((window) => [status, way, window] as const)));

describe("the money table: every status × way of ending × window", () => {
  test("7 statuses × 6 ways × 2 windows", () => expect(cells).toHaveLength(84));
  test.each(cells)("%s, %s, %s", (status, way, window) => {
    expect(settlementOf(status, way, window)).toBe(EXPECTED[status]![way]![window]);
  });
});
