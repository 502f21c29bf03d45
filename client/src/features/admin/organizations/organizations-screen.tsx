import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Building2, ChevronRight, Percent, Plus, UsersRound } from "lucide-react";
import { useState } from "react";
import type { TAdminOrganization } from "@shared/schemas/admin";
import { buttonClassName } from "@client/components/button";
import { ListPlaceholder } from "@client/components/page-placeholder";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { Chip, EmptyList, ListError } from "../admin-list";
import { AdminPage } from "../admin-page";
import { adminOrganizationsQueryOptions } from "../admin-queries";
import { SearchField } from "../search-field";

/** An organisation's logo, or its initial on a tile. */
export function OrganizationLogo({ organization, size = "size-12" }: { organization: { name: string; imageUrl: string | null }; size?: string }) {
  return organization.imageUrl ? (
    <img src={organization.imageUrl} alt="" className={`${size} shrink-0 rounded-2xl border border-slate-200 bg-white object-contain`} />
  ) : (
    <span aria-hidden className={`${size} inline-flex shrink-0 items-center justify-center rounded-2xl bg-slate-800 text-[20px] font-extrabold text-white`}>
      {[...organization.name][0]?.toUpperCase() ?? "?"}
    </span>
  );
}

function OrganizationRow({ organization }: { organization: TAdminOrganization }) {
  const { locale } = useLocale();
  return (
    <li>
      <Link
        to="/admin/organizations/$id"
        params={{ id: String(organization.id) }}
        data-testid="admin-org-row"
        className="flex items-center gap-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm shadow-slate-900/5 hover:border-pitch-300"
      >
        <OrganizationLogo organization={organization} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[16px] font-extrabold tracking-tight text-slate-900">{organization.name}</span>
          <span className="mt-1 flex flex-wrap gap-1.5">
            <Chip>
              <UsersRound aria-hidden className="mr-1 size-3.5" />
              {organization.memberCount === 1 ? m.admin_org_members_one() : m.admin_org_members_count({ count: String(organization.memberCount) })}
            </Chip>
            <Chip tone="pitch">
              <Percent aria-hidden className="mr-1 size-3.5" />
              {m.admin_org_fee_short({ fee: organization.gameApplicationFeePercentage.toLocaleString(locale) })}
            </Chip>
          </span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

/** /admin/organizations: every organisation with its members and fee, filtered as one types; a button to add one. */
export function OrganizationsScreen() {
  useLocale();
  const [query, setQuery] = useState("");
  const organizations = useQuery(adminOrganizationsQueryOptions());
  const q = query.trim().toLocaleLowerCase();
  const shown = (organizations.data ?? []).filter((organization) => !q || organization.name.toLocaleLowerCase().includes(q));
  return (
    <AdminPage
      title={m.admin_orgs_title()}
      subtitle={m.admin_orgs_subtitle()}
      aside={
        <Link to="/admin/organizations/new" className={buttonClassName()} data-testid="admin-org-new">
          <Plus aria-hidden className="size-5" />
          {m.admin_new()}
        </Link>
      }
    >
      {(organizations.data?.length ?? 0) > 5 ? <SearchField label={m.admin_orgs_search()} value={query} onValueChange={setQuery} /> : null}
      {organizations.isPending ? (
        <ListPlaceholder rows={2} />
      ) : organizations.isError ? (
        <ListError error={organizations.error} retrying={organizations.isFetching} onRetry={() => void organizations.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyList
          icon={<Building2 aria-hidden className="size-7" />}
          title={q ? m.admin_orgs_none_found({ query: query.trim() }) : m.admin_orgs_none()}
          hint={q ? undefined : m.admin_orgs_none_hint()}
        >
          {q ? null : (
            <Link to="/admin/organizations/new" className={buttonClassName({ className: "mt-5" })}>
              <Plus aria-hidden className="size-5" />
              {m.admin_org_new()}
            </Link>
          )}
        </EmptyList>
      ) : (
        <ul className="space-y-3" aria-label={m.admin_orgs_title()}>
          {shown.map((organization) => (
            <OrganizationRow key={organization.id} organization={organization} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
