import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ChevronRight, UserSearch } from "lucide-react";
import { useEffect, useState } from "react";
import type { TAdminUserRow } from "@shared/schemas/admin";
import { Avatar } from "@client/components/avatar";
import { useDebounced } from "@client/lib/use-debounced";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { fullName, staffGroupLabel } from "../admin-format";
import { Chip, EmptyList, PagedList } from "../admin-list";
import { AdminPage } from "../admin-page";
import { ADMIN_PAGE_SIZE, adminUsersQueryOptions } from "../admin-queries";
import { SearchField } from "../search-field";

/** The badges of a user on the list and the detail: blocked and deleted first, then roles and groups. */
export function UserBadges({ user }: { user: TAdminUserRow }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {user.deleted ? <Chip tone="slate">{m.admin_user_deleted()}</Chip> : null}
      {user.blockedAt ? (
        <Chip tone="red" testId="admin-user-blocked-chip">
          {m.admin_user_blocked()}
        </Chip>
      ) : null}
      {user.isAdmin ? <Chip tone="pitch">{m.admin_role_admin()}</Chip> : null}
      {user.isCourtOwner ? (
        <Chip tone="sky" testId="admin-user-court-owner-chip">
          {m.admin_role_court_owner()}
        </Chip>
      ) : null}
      {user.groups.map((group) => (
        <Chip key={group} tone="amber">
          {staffGroupLabel(group)}
        </Chip>
      ))}
      {!user.emailVerified && !user.deleted ? <Chip tone="slate">{m.admin_user_unverified()}</Chip> : null}
    </span>
  );
}

function UserRow({ user }: { user: TAdminUserRow }) {
  const name = fullName(user);
  return (
    <li>
      <Link
        to="/admin/users/$id"
        params={{ id: String(user.id) }}
        data-testid="admin-user-row"
        className={`flex items-center gap-3 rounded-3xl border bg-white p-3 shadow-sm shadow-slate-900/5 hover:border-pitch-300 ${user.blockedAt ? "border-red-200" : "border-slate-200"}`}
      >
        <Avatar name={name} imageUrl={null} alt="" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[16px] font-extrabold tracking-tight text-slate-900">{name}</span>
          <span className="block truncate text-[14px] text-slate-600">{user.email}</span>
          <span className="mt-1 block">
            <UserBadges user={user} />
          </span>
        </span>
        <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

/** /admin/users: find a user by name or e-mail (the server searches as the typing pauses); newest accounts first. */
export function UsersScreen({ query: initialQuery }: { query: string }) {
  useLocale();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(initialQuery);
  const query = useDebounced(typed.trim(), 300);
  // the first page of this search (the list's own query): while the last search's rows stand in, the list is busy
  const results = useQuery(adminUsersQueryOptions({ query, offset: 0, limit: ADMIN_PAGE_SIZE }));
  // the search stays in the address, so going back from a user returns to the same results
  useEffect(() => {
    if (query !== initialQuery) void navigate({ to: "/admin/users", search: query ? { q: query } : {}, replace: true });
  }, [query, initialQuery, navigate]);
  return (
    <AdminPage title={m.admin_users_title()} subtitle={m.admin_users_subtitle()}>
      <SearchField label={m.admin_users_search()} placeholder={m.admin_users_search_placeholder()} value={typed} onValueChange={setTyped} />
      <div data-testid="admin-users-results" data-query={query} aria-busy={results.isPlaceholderData || results.isPending}>
        <PagedList
          resetKey={query}
          usePage={(offset) => useQuery(adminUsersQueryOptions({ query, offset, limit: ADMIN_PAGE_SIZE }))}
          renderItems={(users) => (
            <ul className="space-y-3" aria-label={m.admin_users_title()}>
              {users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </ul>
          )}
          empty={
            <EmptyList
              icon={<UserSearch aria-hidden className="size-7" />}
              title={query ? m.admin_users_none_found({ query }) : m.admin_users_none()}
              hint={query ? m.admin_users_none_found_hint() : undefined}
            />
          }
        />
      </div>
    </AdminPage>
  );
}
