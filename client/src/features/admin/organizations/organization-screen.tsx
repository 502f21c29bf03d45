import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ImageUp, UserMinus, UserPlus, UsersRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { TAdminOrganizationDetail, TAdminUserRef } from "@shared/schemas/admin";
import { Avatar } from "@client/components/avatar";
import { buttonClassName } from "@client/components/button";
import { FormSection } from "@client/components/form-section";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { Notice } from "@client/components/notice";
import { showToast } from "@client/components/toast";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { fullName } from "../admin-format";
import { ListError } from "../admin-list";
import { AdminPage, BackArrow } from "../admin-page";
import { adminOrganizationQueryOptions, refreshAdmin } from "../admin-queries";
import { ConfirmDialog } from "../confirm-dialog";
import { UserPicker } from "../user-picker";
import { OrganizationForm } from "./organization-form";
import { OrganizationLogo } from "./organizations-screen";

function back(className: string) {
  return (
    <Link to="/admin/organizations" className={className}>
      <BackArrow />
      {m.admin_orgs_back()}
    </Link>
  );
}

/** The members: each with a remove button (asked once more), and a search to add someone. */
function Members({ organization }: { organization: TAdminOrganizationDetail }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TAdminUserRef | null>(null);
  const add = useMutation(trpc.admin.addOrganizationMember.mutationOptions());
  const remove = useMutation(trpc.admin.removeOrganizationMember.mutationOptions());

  async function addMember(user: TAdminUserRef) {
    try {
      await add.mutateAsync({ organizationId: organization.id, userId: user.id });
      showToast(m.admin_org_member_added({ name: fullName(user), organization: organization.name }));
      await refreshAdmin(queryClient);
    } catch {
      // shown below
    }
  }

  async function removeMember() {
    if (!removing) return;
    try {
      await remove.mutateAsync({ organizationId: organization.id, userId: removing.id });
      showToast(m.admin_org_member_removed({ name: fullName(removing), organization: organization.name }));
      setRemoving(null);
      await refreshAdmin(queryClient);
    } catch {
      // shown in the dialog
    }
  }

  return (
    <FormSection icon={<UsersRound aria-hidden className="size-5" />} title={m.admin_org_members()}>
      {organization.members.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-4 py-5 text-center text-[15px] text-slate-600">
          {m.admin_org_members_none()}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200" aria-label={m.admin_org_members()}>
          {organization.members.map((member) => (
            <li key={member.id} className="flex items-center gap-3 px-3 py-2" data-testid="admin-org-member">
              <Avatar name={fullName(member)} imageUrl={null} size="sm" alt="" />
              <Link to="/admin/users/$id" params={{ id: String(member.id) }} className="min-w-0 flex-1">
                <span className="block truncate text-[15px] font-semibold text-slate-900">{fullName(member)}</span>
                <span className="block truncate text-[13px] text-slate-600">{member.email}</span>
              </Link>
              <button
                type="button"
                onClick={() => setRemoving(member)}
                aria-label={m.admin_org_member_remove({ name: fullName(member) })}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-red-700 hover:bg-red-50"
              >
                <UserMinus aria-hidden className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="space-y-2">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <UserPlus aria-hidden className="size-4" />
          {m.admin_org_member_add()}
        </p>
        <UserPicker
          label={m.admin_org_member_search()}
          onPick={(user) => void addMember(user)}
          exclude={organization.members.map((member) => member.id)}
          testId="admin-org-member-picker"
        />
        <p className="text-[13px] leading-snug text-slate-600">{m.admin_org_member_add_hint()}</p>
        {add.isError ? <Notice tone="error">{errorMessage(add.error)}</Notice> : null}
      </div>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={m.admin_org_member_remove_title()}
        text={removing ? m.admin_org_member_remove_text({ name: fullName(removing), organization: organization.name }) : ""}
        confirmLabel={m.admin_org_member_remove_confirm()}
        icon={UserMinus}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => void removeMember()}
      />
    </FormSection>
  );
}

/** /admin/organizations/new */
export function OrganizationCreateScreen() {
  useLocale();
  return (
    <AdminPage title={m.admin_org_new()} subtitle={m.admin_org_new_subtitle()} back={back}>
      <OrganizationForm organization={null} />
    </AdminPage>
  );
}

/** /admin/organizations/{id}: name and fee, the logo (uploaded on the organisation's own page), the members. */
export function OrganizationScreen({ id }: { id: number }) {
  useLocale();
  const organization = useQuery(adminOrganizationQueryOptions(id));
  let body: ReactNode;
  if (organization.isPending) body = <ListPlaceholder rows={2} />;
  else if (organization.isError) {
    body =
      appErrorCode(organization.error) === "ORGANIZATION_NOT_FOUND" ? (
        <Notice tone="info">{m.admin_org_not_found()}</Notice>
      ) : (
        <ListError error={organization.error} retrying={organization.isFetching} onRetry={() => void organization.refetch()} />
      );
  } else {
    const data = organization.data;
    body = (
      <>
        <section className="flex items-center gap-3.5 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
          <OrganizationLogo organization={data} size="size-16" />
          <div className="min-w-0 flex-1">
            <p className="text-[14px] leading-snug text-slate-600">{data.imageUrl ? m.admin_org_logo_present() : m.admin_org_logo_missing()}</p>
            <Link
              to="/organization/$id"
              params={{ id: String(data.id) }}
              className={buttonClassName({ variant: "outline", className: "mt-2" })}
              data-testid="admin-org-logo-link"
            >
              <ImageUp aria-hidden className="size-5" />
              {m.admin_org_logo_change()}
            </Link>
          </div>
        </section>
        <OrganizationForm key={`${data.id}-${data.name}-${data.gameApplicationFeePercentage}`} organization={data} />
        <Members organization={data} />
      </>
    );
  }
  return (
    <AdminPage title={organization.data?.name ?? m.admin_orgs_title()} back={back}>
      {body}
    </AdminPage>
  );
}
