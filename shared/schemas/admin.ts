import { z } from "zod";
import { GAME_REPORT_STATUSES, REPORT_REASONS, STAFF_GROUP_EMPLOYEE, STAFF_GROUP_LEAD, STAFF_GROUP_PARTNER } from "../constants";
import { zId, zPlainText } from "./common";

/**
 * The staff console's contract (issue 26; tRPC router `admin`, every procedure admin only).
 * Error codes the procedures may answer besides validation (`BAD_REQUEST` with `fields`):
 * SLUG_TAKEN, REGION_NOT_FOUND, ORGANIZATION_NOT_FOUND, USER_NOT_FOUND, ADMIN_SELF_ACTION (an admin cannot block
 * or demote themselves), USER_NOT_IN_ORGANIZATION, GAME_REPORT_NOT_FOUND, GAME_REPORT_CLOSED (answer/close/cancel
 * of a closed report), GAME_NOT_FOUND, WEBHOOK_FAILURE_NOT_FOUND. Sign-in of a blocked account: ACCOUNT_BLOCKED.
 */

// ---------------------------------------------------------------------------------------------
// Paging (every list of the console): offset pages, newest or oldest first as each list says.

const zPageSize = z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, { error: "invalid" }).max(100, { error: "invalid" });
const zOffset = z.number({ error: "invalid" }).int({ error: "invalid" }).min(0, { error: "invalid" }).max(1_000_000, { error: "invalid" });
export const ZAdminPageInput = z.object({ offset: zOffset.default(0), limit: zPageSize.default(25) });
export type TAdminPageInput = z.input<typeof ZAdminPageInput>;

/** A short reference to a user on the console's lists. */
export const ZAdminUserRef = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string().nullable(), email: z.string() });
export type TAdminUserRef = z.infer<typeof ZAdminUserRef>;

// ---------------------------------------------------------------------------------------------
// 1. Audit log: who, what, when, before/after.

/** What an entry is about; `subjectType` of the filter. */
export const ADMIN_SUBJECT_TYPES = ["region", "organization", "user", "news", "gameReport", "webhookFailure", "advertisement", "tournament"] as const;
export type TAdminSubjectType = (typeof ADMIN_SUBJECT_TYPES)[number];

export const ZAuditLogInput = ZAdminPageInput.extend({ subjectType: z.enum(ADMIN_SUBJECT_TYPES, { error: "invalid" }).nullish(), subjectId: zId.nullish() });
export type TAuditLogInput = z.input<typeof ZAuditLogInput>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  /** null once the staff member's account is gone */
  actor: ZAdminUserRef.nullable(),
  /** e.g. "region.create", "region.update", "user.block", "gameReport.answer" (see domains/admin/README.md) */
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.number().int().nullable(),
  /** the subject's changed fields before the action (null for a creation) */
  before: z.unknown(),
  /** the subject's fields after the action (null for a deletion) */
  after: z.unknown(),
  createdAt: z.date(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
/** Newest first. */
export const ZAuditLogPage = z.object({ items: z.array(ZAuditEntry), total: z.number().int() });
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;

// ---------------------------------------------------------------------------------------------
// 2. Regions

/** Messenger links: https only; WhatsApp groups on chat.whatsapp.com, channels on whatsapp.com/channel/…, Telegram on t.me. */
function zMessengerUrl(kind: "whatsappGroup" | "whatsappChannel" | "telegram") {
  return z
    .string({ error: "url_invalid" })
    .trim()
    .max(300, { error: "url_invalid" })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .refine(
      (v) => {
        if (v === null) return true;
        let url: URL;
        try {
          url = new URL(v);
        } catch {
          return false;
        }
        if (url.protocol !== "https:" || url.username || url.password || url.port) return false;
        const host = url.hostname.toLowerCase();
        if (kind === "whatsappGroup") return host === "chat.whatsapp.com" && url.pathname.length > 1;
        if (kind === "whatsappChannel") return (host === "whatsapp.com" || host === "www.whatsapp.com") && /^\/channel\/[^/]+/.test(url.pathname);
        return (host === "t.me" || host === "telegram.me") && url.pathname.length > 1;
      },
      { error: "messenger_url_invalid" },
    );
}

const zRegionName = zPlainText(100, "region_name_too_long", { singleLine: true }).min(1, { error: "required" });
/** lower-case letters, digits and single hyphens, 2..60 characters, not starting or ending with a hyphen */
export const zRegionSlug = z
  .string({ error: "slug_invalid" })
  .trim()
  .min(2, { error: "slug_invalid" })
  .max(60, { error: "slug_invalid" })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "slug_invalid" });

/** Every editable field of a region (create takes all, update takes `id` and any of them). */
export const ZAdminRegionFields = z.object({
  name: zRegionName,
  slug: zRegionSlug,
  latitude: z.number({ error: "invalid" }).min(-90, { error: "invalid" }).max(90, { error: "invalid" }),
  longitude: z.number({ error: "invalid" }).min(-180, { error: "invalid" }).max(180, { error: "invalid" }),
  /** kilometres around the centre, 1..200 */
  perimeter: z.number({ error: "invalid" }).min(1, { error: "invalid" }).max(200, { error: "invalid" }),
  /** map zoom 1..18 */
  mapZoomLevel: z.number({ error: "invalid" }).int({ error: "invalid" }).min(1, { error: "invalid" }).max(18, { error: "invalid" }),
  featured: z.boolean(),
  /** "" or null clears a link */
  whatsappGroupUrl: zMessengerUrl("whatsappGroup"),
  whatsappChannelUrl: zMessengerUrl("whatsappChannel"),
  telegramGroupUrl: zMessengerUrl("telegram"),
  telegramChannelUrl: zMessengerUrl("telegram"),
  /** the region head (a user id) or null */
  headId: zId.nullable(),
});
export const ZAdminCreateRegionInput = ZAdminRegionFields.extend({
  featured: z.boolean().default(false),
  perimeter: ZAdminRegionFields.shape.perimeter.default(25),
  mapZoomLevel: ZAdminRegionFields.shape.mapZoomLevel.default(11),
  whatsappGroupUrl: ZAdminRegionFields.shape.whatsappGroupUrl.default(null),
  whatsappChannelUrl: ZAdminRegionFields.shape.whatsappChannelUrl.default(null),
  telegramGroupUrl: ZAdminRegionFields.shape.telegramGroupUrl.default(null),
  telegramChannelUrl: ZAdminRegionFields.shape.telegramChannelUrl.default(null),
  headId: ZAdminRegionFields.shape.headId.default(null),
});
export type TAdminCreateRegionInput = z.input<typeof ZAdminCreateRegionInput>;
export const ZAdminUpdateRegionInput = ZAdminRegionFields.partial().extend({ id: zId });
export type TAdminUpdateRegionInput = z.input<typeof ZAdminUpdateRegionInput>;

export const ZAdminRegion = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  imgUrl: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  perimeter: z.number(),
  mapZoomLevel: z.number().int(),
  featured: z.boolean(),
  whatsappGroupUrl: z.string().nullable(),
  whatsappChannelUrl: z.string().nullable(),
  telegramGroupUrl: z.string().nullable(),
  telegramChannelUrl: z.string().nullable(),
  head: ZAdminUserRef.nullable(),
  /** users whose region this is */
  userCount: z.number().int(),
  createdAt: z.date(),
});
export type TAdminRegion = z.infer<typeof ZAdminRegion>;
/** All regions, by name. */
export const ZAdminRegionList = z.array(ZAdminRegion);

// ---------------------------------------------------------------------------------------------
// 3. Organisations (the logo: organizations.uploadOrganizationLogo, the existing upload)

/** percent of the participation price kept as the platform fee: 0..100 in steps of 0.01 */
export const zFeePercentage = z
  .number({ error: "fee_percentage_invalid" })
  .min(0, { error: "fee_percentage_invalid" })
  .max(100, { error: "fee_percentage_invalid" })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: "fee_percentage_invalid" })
  .transform((v) => Math.round(v * 100) / 100);

const zOrganizationName = zPlainText(100, "organization_name_too_long", { singleLine: true }).min(1, { error: "required" });
export const ZAdminCreateOrganizationInput = z.object({ name: zOrganizationName, gameApplicationFeePercentage: zFeePercentage.default(6) });
export type TAdminCreateOrganizationInput = z.input<typeof ZAdminCreateOrganizationInput>;
export const ZAdminUpdateOrganizationInput = z.object({ id: zId, name: zOrganizationName.optional(), gameApplicationFeePercentage: zFeePercentage.optional() });
export type TAdminUpdateOrganizationInput = z.input<typeof ZAdminUpdateOrganizationInput>;
/** add: sets the user's organisation (moving them from another one); remove: only if they are a member of this one */
export const ZAdminOrganizationMemberInput = z.object({ organizationId: zId, userId: zId });
export type TAdminOrganizationMemberInput = z.input<typeof ZAdminOrganizationMemberInput>;
export const ZAdminOrganizationIdInput = z.object({ id: zId });

export const ZAdminOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  gameApplicationFeePercentage: z.number(),
  memberCount: z.number().int(),
  createdAt: z.date(),
});
export type TAdminOrganization = z.infer<typeof ZAdminOrganization>;
/** All organisations, by name. */
export const ZAdminOrganizationList = z.array(ZAdminOrganization);
/** One organisation with its members (by first name). */
export const ZAdminOrganizationDetail = ZAdminOrganization.extend({ members: z.array(ZAdminUserRef) });
export type TAdminOrganizationDetail = z.infer<typeof ZAdminOrganizationDetail>;

// ---------------------------------------------------------------------------------------------
// 4. Users

/** The staff groups an admin may grant (shared/constants.ts). */
export const ADMIN_STAFF_GROUPS = [STAFF_GROUP_LEAD, STAFF_GROUP_EMPLOYEE, STAFF_GROUP_PARTNER] as const;
export const zStaffGroup = z.enum(ADMIN_STAFF_GROUPS, { error: "invalid" });

/** Search by first or last name or e-mail (case-insensitive, part of it); empty lists everybody, newest first. */
export const ZAdminUserSearchInput = ZAdminPageInput.extend({ query: zPlainText(100, "invalid", { singleLine: true }).default("") });
export type TAdminUserSearchInput = z.input<typeof ZAdminUserSearchInput>;

export const ZAdminUserRow = ZAdminUserRef.extend({
  isAdmin: z.boolean(),
  isCourtOwner: z.boolean(),
  groups: z.array(z.string()),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  region: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  emailVerified: z.boolean(),
  /** null: not blocked */
  blockedAt: z.date().nullable(),
  /** the account was deleted (kept for history) */
  deleted: z.boolean(),
  createdAt: z.date(),
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;
export const ZAdminUserSearchPage = z.object({ items: z.array(ZAdminUserRow), total: z.number().int() });
export type TAdminUserSearchPage = z.infer<typeof ZAdminUserSearchPage>;

export const ZAdminUserIdInput = z.object({ id: zId });
/** The detail adds what the console shows on one user: open sessions and the last audit entries about them. */
export const ZAdminUserDetail = ZAdminUserRow.extend({
  activeSessions: z.number().int(),
  profileImageUrl: z.string().nullable(),
  recentAudit: z.array(ZAuditEntry),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

/**
 * Roles: any of the fields; `groups` replaces the user's staff groups (other groups stay),
 * `organizationId` null removes them from their organisation. An admin cannot take their own isAdmin.
 */
export const ZAdminSetUserRolesInput = z.object({
  id: zId,
  isAdmin: z.boolean().optional(),
  isCourtOwner: z.boolean().optional(),
  groups: z.array(zStaffGroup).max(ADMIN_STAFF_GROUPS.length, { error: "invalid" }).optional(),
  organizationId: zId.nullable().optional(),
});
export type TAdminSetUserRolesInput = z.input<typeof ZAdminSetUserRolesInput>;

/** Block: no sign-in, every session ended at once. The reason stays in the audit log only. Not oneself. */
export const ZAdminBlockUserInput = z.object({ id: zId, reason: zPlainText(500, "invalid").optional() });
export type TAdminBlockUserInput = z.input<typeof ZAdminBlockUserInput>;
export const ZAdminUnblockUserInput = z.object({ id: zId });

// ---------------------------------------------------------------------------------------------
// 5. News (marketing messages): pushed to the chosen regions' subscribers, shown in the Chat tab's News
// of users of those regions; no region = everyone.

export const NEWS_TEXT_MAX = 1000;
const zNewsText = zPlainText(NEWS_TEXT_MAX, "news_text_too_long").min(1, { error: "required" });
export const ZAdminSendNewsInput = z.object({
  textDe: zNewsText,
  textEn: zNewsText,
  /** empty: for everyone (shown to all, pushed to every region's subscribers) */
  regionIds: z.array(zId).max(100, { error: "invalid" }).default([]),
});
export type TAdminSendNewsInput = z.input<typeof ZAdminSendNewsInput>;

export const ZAdminNews = z.object({
  id: z.number().int(),
  textDe: z.string(),
  textEn: z.string(),
  /** empty: for everyone */
  regions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  createdBy: ZAdminUserRef.nullable(),
  createdAt: z.date(),
});
export type TAdminNews = z.infer<typeof ZAdminNews>;
/** sendNews's answer: the stored message and how many pushes were queued (devices subscribed to its regions). */
export const ZAdminSentNews = ZAdminNews.extend({ pushes: z.number().int() });
export type TAdminSentNews = z.infer<typeof ZAdminSentNews>;
/** Newest first. */
export const ZAdminNewsPage = z.object({ items: z.array(ZAdminNews), total: z.number().int() });
export type TAdminNewsPage = z.infer<typeof ZAdminNewsPage>;

// ---------------------------------------------------------------------------------------------
// 6. Game reports

export const ZGameReportStatus = z.enum(GAME_REPORT_STATUSES);
/** `statuses` default OPEN and ANSWERED; the queue is oldest first. */
export const ZAdminGameReportsInput = ZAdminPageInput.extend({
  statuses: z.array(ZGameReportStatus).min(1, { error: "invalid" }).max(3, { error: "invalid" }).default(["OPEN", "ANSWERED"]),
});
export type TAdminGameReportsInput = z.input<typeof ZAdminGameReportsInput>;

export const ZAdminGameReport = z.object({
  id: z.number().int(),
  status: ZGameReportStatus,
  reason: z.enum(REPORT_REASONS),
  additionalInformation: z.string(),
  createdAt: z.date(),
  reporter: ZAdminUserRef,
  game: z.object({
    id: z.number().int(),
    /** the game's page is /game/{id}; title null: none given (show the court) */
    title: z.string().nullable(),
    courtName: z.string().nullable(),
    startsAt: z.date(),
    cancelled: z.boolean(),
    organizer: ZAdminUserRef.nullable(),
  }),
  answer: z.string().nullable(),
  answeredAt: z.date().nullable(),
  closedAt: z.date().nullable(),
  handledBy: ZAdminUserRef.nullable(),
});
export type TAdminGameReport = z.infer<typeof ZAdminGameReport>;
export const ZAdminGameReportPage = z.object({ items: z.array(ZAdminGameReport), total: z.number().int() });
export type TAdminGameReportPage = z.infer<typeof ZAdminGameReportPage>;

export const ZAdminGameReportIdInput = z.object({ id: zId });
/** The answer goes to the reporter as a direct message from the support user (id 75); status ANSWERED. */
export const ZAdminAnswerGameReportInput = z.object({ id: zId, text: zPlainText(1000, "answer_too_long").min(1, { error: "required" }) });
export type TAdminAnswerGameReportInput = z.input<typeof ZAdminAnswerGameReportInput>;
/** Cancels the reported game through the games' cancel (players told, payments refunded), then closes the report. */
export const ZAdminCancelReportedGameInput = z.object({ id: zId, message: zPlainText(500, "invalid").optional() });
export type TAdminCancelReportedGameInput = z.input<typeof ZAdminCancelReportedGameInput>;

// ---------------------------------------------------------------------------------------------
// 7. Payments needing attention: Stripe webhook events that could not be applied.

export const ZAdminWebhookFailuresInput = ZAdminPageInput.extend({ includeResolved: z.boolean().default(false) });
export type TAdminWebhookFailuresInput = z.input<typeof ZAdminWebhookFailuresInput>;
export const ZAdminWebhookFailure = z.object({
  id: z.number().int(),
  stripeEventId: z.string(),
  type: z.string(),
  /** the Stripe object the event was about (pi_…, acct_…); null when the event named none */
  objectId: z.string().nullable(),
  error: z.string(),
  attempts: z.number().int(),
  firstFailedAt: z.date(),
  lastFailedAt: z.date(),
  resolvedAt: z.date().nullable(),
  resolvedBy: ZAdminUserRef.nullable(),
});
export type TAdminWebhookFailure = z.infer<typeof ZAdminWebhookFailure>;
/** Open ones first, newest failure first. */
export const ZAdminWebhookFailurePage = z.object({ items: z.array(ZAdminWebhookFailure), total: z.number().int() });
export type TAdminWebhookFailurePage = z.infer<typeof ZAdminWebhookFailurePage>;

export const ZAdminReconcileInput = z.object({ id: zId });
/** `resolved`: the object was read from Stripe and applied; false: Stripe could not be asked (try again later). */
export const ZAdminReconcileResult = z.object({ resolved: z.boolean(), failure: ZAdminWebhookFailure });
export type TAdminReconcileResult = z.infer<typeof ZAdminReconcileResult>;

// ---------------------------------------------------------------------------------------------
// 8. The console's home

export const ZAdminOverview = z.object({
  openGameReports: z.number().int(),
  openWebhookFailures: z.number().int(),
  users: z.number().int(),
  blockedUsers: z.number().int(),
  regions: z.number().int(),
  organizations: z.number().int(),
  news: z.number().int(),
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;

// ---------------------------------------------------------------------------------------------
// 9. Maintenance mode (issue 27; server/domains/admin/maintenance.ts)

/** `environment`: MAINTENANCE_MODE holds the server in maintenance (the console cannot switch that off). */
export const ZAdminMaintenance = z.object({ on: z.boolean(), environment: z.boolean(), startedAt: z.date().nullable(), note: z.string() });
export type TAdminMaintenance = z.infer<typeof ZAdminMaintenance>;
/** `note`: for staff only (the audit log); users read "Kickrunde is in maintenance mode." */
export const ZAdminSetMaintenanceInput = z.object({ on: z.boolean(), note: z.string().trim().max(200).optional() });
export type TAdminSetMaintenanceInput = z.infer<typeof ZAdminSetMaintenanceInput>;

/** Every procedure of the router, for the client's and the tests' lists. */
export const ADMIN_PROCEDURES = [
  "overview",
  "auditLog",
  "regions",
  "createRegion",
  "updateRegion",
  "organizations",
  "organization",
  "createOrganization",
  "updateOrganization",
  "addOrganizationMember",
  "removeOrganizationMember",
  "users",
  "user",
  "setUserRoles",
  "blockUser",
  "unblockUser",
  "news",
  "sendNews",
  "gameReports",
  "answerGameReport",
  "closeGameReport",
  "cancelReportedGame",
  "webhookFailures",
  "reconcileWebhookFailure",
  "maintenance",
  "setMaintenance",
] as const;
