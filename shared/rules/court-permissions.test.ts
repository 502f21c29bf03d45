import { describe, expect, test } from "bun:test";
import { STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD, STAFF_GROUP_PARTNER } from "../constants";
import { canManageCourt, canSeeCourtCalendar, canUploadOrganizationLogo } from "./court-permissions";

const user = (over: Partial<{ id: number; isAdmin: boolean; organizationId: number | null; groupNames: string[] }> = {}) => ({
  id: 1,
  isAdmin: false,
  organizationId: null,
  groupNames: [] as string[],
  ...over,
});

describe("canManageCourt", () => {
  test.each([
    ["visitor", null, false],
    ["user", user(), false],
    ["admin", user({ isAdmin: true }), true],
    ["Leiter", user({ groupNames: [STAFF_GROUP_LEAD] }), true],
    ["Mitarbeiter", user({ groupNames: [STAFF_GROUP_EMPLOYEE] }), true],
    ["Partner", user({ groupNames: [STAFF_GROUP_PARTNER] }), false],
    ["organisation member", user({ organizationId: 3 }), false],
  ])("%s", (_, actor, expected) => expect(canManageCourt(actor)).toBe(expected));
});

describe("canSeeCourtCalendar", () => {
  test.each([
    ["visitor", null, 1, false],
    ["owner", user({ id: 7 }), 7, true],
    ["other user", user({ id: 8 }), 7, false],
    ["admin", user({ isAdmin: true }), 7, true],
    ["staff", user({ groupNames: [STAFF_GROUP_LEAD] }), 7, false],
    ["no owner", user({ id: 7 }), null, false],
  ])("%s", (_, actor, ownerId, expected) => expect(canSeeCourtCalendar(actor, { ownerId })).toBe(expected));
});

describe("canUploadOrganizationLogo", () => {
  test.each([
    ["visitor", null, false],
    ["member", user({ organizationId: 5 }), true],
    ["member of another", user({ organizationId: 6 }), false],
    ["admin", user({ isAdmin: true }), true],
    ["staff", user({ groupNames: [STAFF_GROUP_LEAD] }), false],
  ])("%s", (_, actor, expected) => expect(canUploadOrganizationLogo(actor, 5)).toBe(expected));
});
