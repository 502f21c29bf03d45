import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Ban, Building2, CalendarDays, History, KeyRound, LockOpen, Mail, MapPin, MonitorSmartphone, ShieldCheck, UserRound } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { ADMIN_STAFF_GROUPS, type TAdminUserDetail } from "@shared/schemas/admin";
import { Avatar } from "@client/components/avatar";
import { Banner } from "@client/components/banner";
import { Button, buttonClassName } from "@client/components/button";
import { FormSection } from "@client/components/form-section";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { Notice } from "@client/components/notice";
import { SelectField } from "@client/components/select-field";
import { SwitchField } from "@client/components/switch-field";
import { TextAreaField } from "@client/components/text-area-field";
import { showToast } from "@client/components/toast";
import { refreshAccount, useAccount } from "@client/lib/account";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { formatDateTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { fullName, staffGroupLabel } from "../admin-format";
import { ListError } from "../admin-list";
import { AdminPage, BackArrow } from "../admin-page";
import { adminOrganizationsQueryOptions, adminUserQueryOptions, refreshAdmin } from "../admin-queries";
import { AuditEntry } from "../audit/audit-entry";
import { ConfirmDialog } from "../confirm-dialog";
import { UserBadges } from "./users-screen";

const NO_ORGANIZATION = "none";

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">{icon}</span>
      <div className="min-w-0">
        <dt className="text-[13px] font-semibold text-slate-600">{label}</dt>
        <dd className="text-[15px] break-words text-slate-900">{children}</dd>
      </div>
    </div>
  );
}

type Roles = { isAdmin: boolean; isCourtOwner: boolean; groups: string[]; organization: string };

function rolesOf(user: TAdminUserDetail): Roles {
  return {
    isAdmin: user.isAdmin,
    isCourtOwner: user.isCourtOwner,
    groups: [...user.groups].sort(),
    organization: user.organization ? String(user.organization.id) : NO_ORGANIZATION,
  };
}

/** Admin, court owner, staff groups and organisation; saved together, only what changed is sent. */
function RolesForm({ user, self }: { user: TAdminUserDetail; self: boolean }) {
  const queryClient = useQueryClient();
  const saved = rolesOf(user);
  const [roles, setRoles] = useState<Roles>(saved);
  const savedKey = JSON.stringify(saved);
  useEffect(() => setRoles(JSON.parse(savedKey) as Roles), [savedKey]);
  const organizations = useQuery(adminOrganizationsQueryOptions());
  const save = useMutation(trpc.admin.setUserRoles.mutationOptions());
  const changed = JSON.stringify(roles) !== savedKey;

  function toggleGroup(group: string, on: boolean) {
    setRoles((current) => ({ ...current, groups: on ? [...current.groups, group].sort() : current.groups.filter((g) => g !== group) }));
  }

  async function submit() {
    try {
      await save.mutateAsync({
        id: user.id,
        ...(roles.isAdmin !== saved.isAdmin ? { isAdmin: roles.isAdmin } : {}),
        ...(roles.isCourtOwner !== saved.isCourtOwner ? { isCourtOwner: roles.isCourtOwner } : {}),
        ...(JSON.stringify(roles.groups) !== JSON.stringify(saved.groups)
          ? { groups: roles.groups.filter((g): g is (typeof ADMIN_STAFF_GROUPS)[number] => (ADMIN_STAFF_GROUPS as readonly string[]).includes(g)) }
          : {}),
        ...(roles.organization !== saved.organization ? { organizationId: roles.organization === NO_ORGANIZATION ? null : Number(roles.organization) } : {}),
      });
      showToast(m.admin_user_roles_saved({ name: user.firstName }));
      await refreshAdmin(queryClient);
      if (self) await refreshAccount(queryClient).catch(() => null);
    } catch {
      // shown below
    }
  }

  const organizationOptions = [
    { value: NO_ORGANIZATION, label: m.admin_user_no_organization() },
    ...(organizations.data ?? []).map((organization) => ({ value: String(organization.id), label: organization.name })),
  ];
  // a member of an organisation the list has not loaded yet still shows it
  if (user.organization && !organizationOptions.some((option) => option.value === String(user.organization?.id))) {
    organizationOptions.push({ value: String(user.organization.id), label: user.organization.name });
  }

  return (
    <FormSection icon={<KeyRound aria-hidden className="size-5" />} title={m.admin_user_roles()}>
      <SwitchField
        label={m.admin_role_admin()}
        hint={self ? m.admin_user_own_admin_hint() : m.admin_user_admin_hint()}
        checked={roles.isAdmin}
        disabled={self}
        onCheckedChange={(isAdmin) => setRoles((current) => ({ ...current, isAdmin }))}
      />
      <SwitchField
        label={m.admin_role_court_owner()}
        hint={m.admin_user_court_owner_hint()}
        checked={roles.isCourtOwner}
        onCheckedChange={(isCourtOwner) => setRoles((current) => ({ ...current, isCourtOwner }))}
      />
      <fieldset className="space-y-4">
        <legend className="mb-3 text-sm font-semibold text-slate-800">{m.admin_user_groups()}</legend>
        {ADMIN_STAFF_GROUPS.map((group) => (
          <SwitchField
            key={group}
            label={staffGroupLabel(group)}
            hint={group}
            checked={roles.groups.includes(group)}
            onCheckedChange={(on) => toggleGroup(group, on)}
          />
        ))}
      </fieldset>
      <SelectField
        label={m.admin_user_organization()}
        value={roles.organization}
        onValueChange={(organization) => setRoles((current) => ({ ...current, organization }))}
        options={organizationOptions}
        placeholder={m.admin_user_no_organization()}
      />
      {save.isError ? <Notice tone="error">{errorMessage(save.error)}</Notice> : null}
      <div className="flex flex-col gap-2">
        <Button size="lg" block disabled={!changed} loading={save.isPending} onClick={() => void submit()} data-testid="admin-user-save-roles">
          {m.admin_save()}
        </Button>
        {changed ? (
          <Button variant="ghost" block onClick={() => setRoles(saved)}>
            {m.admin_discard()}
          </Button>
        ) : null}
      </div>
    </FormSection>
  );
}

/** Block (behind a confirmation that says what happens) or lift the block. Not for oneself. */
function BlockSection({ user, self }: { user: TAdminUserDetail; self: boolean }) {
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const block = useMutation(trpc.admin.blockUser.mutationOptions());
  const unblock = useMutation(trpc.admin.unblockUser.mutationOptions());
  const name = fullName(user);

  async function doBlock() {
    try {
      await block.mutateAsync({ id: user.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      setConfirming(false);
      setReason("");
      showToast(m.admin_user_blocked_toast({ name }));
      await refreshAdmin(queryClient);
    } catch {
      // shown in the dialog
    }
  }

  async function doUnblock() {
    try {
      await unblock.mutateAsync({ id: user.id });
      showToast(m.admin_user_unblocked_toast({ name }));
      await refreshAdmin(queryClient);
    } catch {
      // shown below
    }
  }

  if (user.deleted) return null;
  if (user.blockedAt) {
    return (
      <Banner
        id="admin-user-blocked"
        role="status"
        icon={Ban}
        title={m.admin_user_blocked_title()}
        text={m.admin_user_blocked_since({ date: formatDateTime(user.blockedAt, locale) })}
        className="bg-red-50 text-red-950 ring-1 ring-red-200"
        iconClassName="bg-red-100 text-red-700"
        testId="admin-user-blocked-banner"
      >
        {unblock.isError ? (
          <div className="mt-3">
            <Notice tone="error">{errorMessage(unblock.error)}</Notice>
          </div>
        ) : null}
        <Button className="mt-3" block variant="outline" loading={unblock.isPending} onClick={() => void doUnblock()}>
          <LockOpen aria-hidden className="size-5" />
          {m.admin_user_unblock()}
        </Button>
      </Banner>
    );
  }
  return (
    <section aria-labelledby="admin-user-block" className="rounded-3xl border border-red-200 bg-white p-4">
      <h2 id="admin-user-block" className="text-[17px] font-extrabold text-slate-900">
        {m.admin_user_block_heading()}
      </h2>
      <p className="mt-1 text-[14px] leading-snug text-slate-600">{self ? m.admin_user_block_self() : m.admin_user_block_explain()}</p>
      {!self ? (
        <Button className="mt-3" block variant="danger" onClick={() => setConfirming(true)} data-testid="admin-user-block">
          <Ban aria-hidden className="size-5" />
          {m.admin_user_block()}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={m.admin_user_block_confirm_title({ name })}
        text={
          <>
            <p>{m.admin_user_block_confirm_text({ name: user.firstName })}</p>
            <p className="mt-2 font-semibold">
              {user.activeSessions === 1 ? m.admin_user_block_sessions_one() : m.admin_user_block_sessions({ count: String(user.activeSessions) })}
            </p>
          </>
        }
        confirmLabel={m.admin_user_block_confirm()}
        icon={Ban}
        pending={block.isPending}
        error={block.error}
        onConfirm={() => void doBlock()}
      >
        <TextAreaField
          label={m.admin_user_block_reason()}
          hint={m.admin_user_block_reason_hint()}
          optional
          rows={2}
          maxLength={500}
          value={reason}
          onValueChange={setReason}
        />
      </ConfirmDialog>
    </section>
  );
}

function UserDetail({ user }: { user: TAdminUserDetail }) {
  const { locale } = useLocale();
  const account = useAccount();
  const self = account?.id === user.id;
  const name = fullName(user);
  return (
    <>
      <section className="flex items-center gap-3.5 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
        <Avatar name={name} imageUrl={user.profileImageUrl} size="md" alt="" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-[14px] text-slate-600">{user.email}</p>
          <div className="mt-1">
            <UserBadges user={user} />
          </div>
        </div>
      </section>
      <BlockSection user={user} self={self} />
      <section aria-labelledby="admin-user-facts" className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm shadow-slate-900/5">
        <h2 id="admin-user-facts" className="mb-3 flex items-center gap-2.5 text-[18px] font-extrabold tracking-tight text-slate-900">
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">
            <UserRound aria-hidden className="size-5" />
          </span>
          {m.admin_user_account()}
        </h2>
        <dl className="space-y-3">
          <Fact icon={<Mail aria-hidden className="size-4" />} label={m.admin_user_email()}>
            {user.email} · {user.emailVerified ? m.admin_user_verified() : m.admin_user_unverified()}
          </Fact>
          <Fact icon={<MapPin aria-hidden className="size-4" />} label={m.admin_user_region()}>
            {user.region?.name ?? "–"}
          </Fact>
          <Fact icon={<Building2 aria-hidden className="size-4" />} label={m.admin_user_organization()}>
            {user.organization ? (
              <Link to="/admin/organizations/$id" params={{ id: String(user.organization.id) }} className="font-semibold text-pitch-700 underline">
                {user.organization.name}
              </Link>
            ) : (
              "–"
            )}
          </Fact>
          <Fact icon={<CalendarDays aria-hidden className="size-4" />} label={m.admin_user_created()}>
            {formatDateTime(user.createdAt, locale)}
          </Fact>
          <Fact icon={<MonitorSmartphone aria-hidden className="size-4" />} label={m.admin_user_sessions()}>
            <span data-testid="admin-user-sessions">{user.activeSessions}</span>
          </Fact>
        </dl>
        <Link to="/user/$id" params={{ id: String(user.id) }} className={buttonClassName({ variant: "outline", block: true, className: "mt-4" })}>
          <ShieldCheck aria-hidden className="size-5" />
          {m.admin_user_public_profile()}
        </Link>
      </section>
      {user.deleted ? null : <RolesForm user={user} self={self} />}
      <section aria-labelledby="admin-user-audit">
        <h2 id="admin-user-audit" className="mb-2 flex items-center gap-2 px-1 text-[15px] font-extrabold tracking-tight text-slate-700 uppercase">
          <History aria-hidden className="size-4" />
          {m.admin_user_history()}
        </h2>
        {user.recentAudit.length === 0 ? (
          <p className="rounded-3xl border border-dashed border-slate-300 bg-slate-50 px-4 py-6 text-center text-[15px] text-slate-600">
            {m.admin_user_history_none()}
          </p>
        ) : (
          <ul className="space-y-3">
            {user.recentAudit.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} showSubject={false} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /admin/users/{id}: the account, its roles, groups and organisation, block and unblock, and what staff did to it. */
export function UserDetailScreen({ id }: { id: number }) {
  useLocale();
  const user = useQuery(adminUserQueryOptions(id));
  const back = (className: string) => (
    <Link to="/admin/users" className={className}>
      <BackArrow />
      {m.admin_users_back()}
    </Link>
  );
  const title = user.data ? fullName(user.data) : m.admin_users_title();
  let body: ReactNode;
  if (user.isPending) body = <ListPlaceholder rows={2} />;
  else if (user.isError) {
    body =
      appErrorCode(user.error) === "USER_NOT_FOUND" ? (
        <Notice tone="info">{m.admin_user_not_found()}</Notice>
      ) : (
        <ListError error={user.error} retrying={user.isFetching} onRetry={() => void user.refetch()} />
      );
  } else body = <UserDetail user={user.data} />;
  return (
    <AdminPage title={title} back={back}>
      {body}
    </AdminPage>
  );
}
