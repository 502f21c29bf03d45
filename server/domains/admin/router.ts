import {
  ZAdminAnswerGameReportInput,
  ZAdminBlockUserInput,
  ZAdminCancelReportedGameInput,
  ZAdminCreateOrganizationInput,
  ZAdminCreateRegionInput,
  ZAdminGameReport,
  ZAdminGameReportIdInput,
  ZAdminGameReportPage,
  ZAdminGameReportsInput,
  ZAdminMaintenance,
  ZAdminNewsPage,
  ZAdminOrganizationDetail,
  ZAdminOrganizationIdInput,
  ZAdminOrganizationList,
  ZAdminOrganizationMemberInput,
  ZAdminOverview,
  ZAdminPageInput,
  ZAdminReconcileInput,
  ZAdminReconcileResult,
  ZAdminRegion,
  ZAdminRegionList,
  ZAdminSendNewsInput,
  ZAdminSentNews,
  ZAdminSetMaintenanceInput,
  ZAdminSetUserRolesInput,
  ZAdminUnblockUserInput,
  ZAdminUpdateOrganizationInput,
  ZAdminUpdateRegionInput,
  ZAdminUserDetail,
  ZAdminUserIdInput,
  ZAdminUserSearchInput,
  ZAdminUserSearchPage,
  ZAdminWebhookFailurePage,
  ZAdminWebhookFailuresInput,
  ZAuditLogInput,
  ZAuditLogPage,
} from "@shared/schemas/admin";
import { adminProcedure } from "../../trpc/procedures";
import { router } from "../../trpc/init";
import * as maintenance from "./maintenance";
import * as news from "./news";
import * as organizations from "./organizations";
import { auditLog, overview } from "./overview";
import * as payments from "./payments";
import * as regions from "./regions";
import * as reports from "./reports";
import * as users from "./users";

/** The staff console (issue 26): admins only, every procedure; domains/admin/README.md. */
export const adminRouter = router({
  overview: adminProcedure.output(ZAdminOverview).query(({ ctx }) => overview(ctx)),
  auditLog: adminProcedure.input(ZAuditLogInput).output(ZAuditLogPage).query(({ ctx, input }) => auditLog(ctx, input)),

  regions: adminProcedure.output(ZAdminRegionList).query(({ ctx }) => regions.listRegions(ctx)),
  createRegion: adminProcedure.input(ZAdminCreateRegionInput).output(ZAdminRegion).mutation(({ ctx, input }) => regions.createRegion(ctx, input)),
  updateRegion: adminProcedure.input(ZAdminUpdateRegionInput).output(ZAdminRegion).mutation(({ ctx, input }) => regions.updateRegion(ctx, input)),

  organizations: adminProcedure.output(ZAdminOrganizationList).query(({ ctx }) => organizations.listOrganizations(ctx)),
  organization: adminProcedure.input(ZAdminOrganizationIdInput).output(ZAdminOrganizationDetail).query(({ ctx, input }) => organizations.organization(ctx, input.id)),
  createOrganization: adminProcedure.input(ZAdminCreateOrganizationInput).output(ZAdminOrganizationDetail).mutation(({ ctx, input }) => organizations.createOrganization(ctx, input)),
  updateOrganization: adminProcedure.input(ZAdminUpdateOrganizationInput).output(ZAdminOrganizationDetail).mutation(({ ctx, input }) => organizations.updateOrganization(ctx, input)),
  addOrganizationMember: adminProcedure.input(ZAdminOrganizationMemberInput).output(ZAdminOrganizationDetail).mutation(({ ctx, input }) => organizations.addMember(ctx, input)),
  removeOrganizationMember: adminProcedure.input(ZAdminOrganizationMemberInput).output(ZAdminOrganizationDetail).mutation(({ ctx, input }) => organizations.removeMember(ctx, input)),

  users: adminProcedure.input(ZAdminUserSearchInput).output(ZAdminUserSearchPage).query(({ ctx, input }) => users.searchUsers(ctx, input)),
  user: adminProcedure.input(ZAdminUserIdInput).output(ZAdminUserDetail).query(({ ctx, input }) => users.userDetail(ctx, input.id)),
  setUserRoles: adminProcedure.input(ZAdminSetUserRolesInput).output(ZAdminUserDetail).mutation(({ ctx, input }) => users.setUserRoles(ctx, input)),
  blockUser: adminProcedure.input(ZAdminBlockUserInput).output(ZAdminUserDetail).mutation(({ ctx, input }) => users.blockUser(ctx, input)),
  unblockUser: adminProcedure.input(ZAdminUnblockUserInput).output(ZAdminUserDetail).mutation(({ ctx, input }) => users.unblockUser(ctx, input.id)),

  news: adminProcedure.input(ZAdminPageInput).output(ZAdminNewsPage).query(({ ctx, input }) => news.listNews(ctx, input)),
  sendNews: adminProcedure.input(ZAdminSendNewsInput).output(ZAdminSentNews).mutation(({ ctx, input }) => news.sendNews(ctx, input)),

  gameReports: adminProcedure.input(ZAdminGameReportsInput).output(ZAdminGameReportPage).query(({ ctx, input }) => reports.listReports(ctx, input)),
  answerGameReport: adminProcedure.input(ZAdminAnswerGameReportInput).output(ZAdminGameReport).mutation(({ ctx, input }) => reports.answerReport(ctx, input)),
  closeGameReport: adminProcedure.input(ZAdminGameReportIdInput).output(ZAdminGameReport).mutation(({ ctx, input }) => reports.closeGameReport(ctx, input.id)),
  cancelReportedGame: adminProcedure.input(ZAdminCancelReportedGameInput).output(ZAdminGameReport).mutation(({ ctx, input }) => reports.cancelReportedGame(ctx, input)),

  webhookFailures: adminProcedure.input(ZAdminWebhookFailuresInput).output(ZAdminWebhookFailurePage).query(({ ctx, input }) => payments.listWebhookFailures(ctx, input)),
  reconcileWebhookFailure: adminProcedure.input(ZAdminReconcileInput).output(ZAdminReconcileResult).mutation(({ ctx, input }) => payments.reconcileWebhookFailure(ctx, input.id)),

  maintenance: adminProcedure.output(ZAdminMaintenance).query(({ ctx }) => maintenance.maintenance(ctx)),
  setMaintenance: adminProcedure.input(ZAdminSetMaintenanceInput).output(ZAdminMaintenance).mutation(({ ctx, input }) => maintenance.setMaintenance(ctx, input)),
});
