import { STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD } from "../constants";

/** Staff groups shown as "community manager" (spec 001 sections 2.6 and 6). */
export function isCommunityManager(groupNames: readonly string[]): boolean {
  return groupNames.some((g) => g === STAFF_GROUP_LEAD || g === STAFF_GROUP_EMPLOYEE);
}
