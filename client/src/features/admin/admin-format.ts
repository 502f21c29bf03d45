import type { TAdminUserRef } from "@shared/schemas/admin";
import { STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD, STAFF_GROUP_PARTNER } from "@shared/constants";
import { m } from "@client/paraglide/messages";

/** "Anna Becker" (or the first name alone). */
export function fullName(user: { firstName: string; lastName: string | null }): string {
  return user.lastName ? `${user.firstName} ${user.lastName}` : user.firstName;
}

/** A user reference as a line: "Anna Becker (admin@kickrunde.de)". */
export function userLine(user: TAdminUserRef): string {
  return `${fullName(user)} (${user.email})`;
}

/** The staff groups' names as the console shows them: what the group means, not its stored name. */
export function staffGroupLabel(group: string): string {
  if (group === STAFF_GROUP_LEAD) return m.admin_group_lead();
  if (group === STAFF_GROUP_EMPLOYEE) return m.admin_group_employee();
  if (group === STAFF_GROUP_PARTNER) return m.admin_group_partner();
  return group;
}
