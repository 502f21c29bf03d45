import { describe, expect, test } from "bun:test";
import {
  canManageGame,
  canOrganiseWithoutPlaying,
  canPublishOwnType,
  canSetPrice,
  canSetTitle,
  canUseInstantCapture,
  type GameActor,
} from "./game-permissions";

const base: GameActor = { id: 1, isAdmin: false, organizationId: null, groupNames: [], emailVerified: true };
const player = base;
const admin = { ...base, isAdmin: true };
const orgMember = { ...base, organizationId: 9 };
const lead = { ...base, groupNames: ["Kickrunde-Leiter"] };
const partner = { ...base, groupNames: ["Kickrunde-Partner"] };
const employee = { ...base, groupNames: ["Kickrunde-Mitarbeiter"] };

describe("game permissions (spec 000 section 6)", () => {
  test.each([
    ["player", player, [false, false, false, false, false]],
    ["admin", admin, [true, true, true, true, true]],
    ["organisation member", orgMember, [true, true, false, true, false]],
    ["Leiter", lead, [false, true, true, false, false]],
    ["Partner", partner, [false, true, true, false, false]],
    ["Mitarbeiter", employee, [false, true, false, false, false]],
  ] as const)("%s: title, price, instant capture, without playing, own type", (_n, actor, expected) => {
    expect([
      canSetTitle(actor),
      canSetPrice(actor),
      canUseInstantCapture(actor),
      canOrganiseWithoutPlaying(actor),
      canPublishOwnType(actor),
    ]).toEqual([...expected]);
  });

  test.each([
    [null, { creatorId: 1, organizationId: null }, false],
    [player, { creatorId: 1, organizationId: null }, true],
    [player, { creatorId: 2, organizationId: null }, false],
    [admin, { creatorId: 2, organizationId: null }, true],
    [orgMember, { creatorId: 2, organizationId: 9 }, true],
    [orgMember, { creatorId: 2, organizationId: 8 }, false],
    [orgMember, { creatorId: 2, organizationId: null }, false],
  ])("manage %#", (actor, game, expected) => {
    expect(canManageGame(actor, game)).toBe(expected);
  });
});
