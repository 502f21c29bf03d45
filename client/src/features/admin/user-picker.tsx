import { useQuery } from "@tanstack/react-query";
import { UserRoundCheck, X } from "lucide-react";
import { useState } from "react";
import type { TAdminUserRef } from "@shared/schemas/admin";
import { Avatar } from "@client/components/avatar";
import { useDebounced } from "@client/lib/use-debounced";
import { m } from "@client/paraglide/messages";
import { fullName } from "./admin-format";
import { adminUsersQueryOptions } from "./admin-queries";
import { SearchField } from "./search-field";

const PICK_LIMIT = 6;

/**
 * Picks one user by name or e-mail (a region's head, a new organisation member): a search box and up to six
 * matches as buttons; `exclude` hides users that cannot be picked (already members).
 */
export function UserPicker({
  label,
  onPick,
  exclude = [],
  testId,
}: {
  label: string;
  onPick: (user: TAdminUserRef) => void;
  exclude?: number[];
  testId?: string;
}) {
  const [typed, setTyped] = useState("");
  const query = useDebounced(typed.trim(), 300);
  const results = useQuery({ ...adminUsersQueryOptions({ query, offset: 0, limit: PICK_LIMIT }), enabled: query.length >= 2 });
  const users = (results.data?.items ?? []).filter((user) => !user.deleted && !exclude.includes(user.id));
  return (
    <div className="space-y-2" data-testid={testId}>
      <SearchField label={label} placeholder={m.admin_users_search_placeholder()} value={typed} onValueChange={setTyped} />
      {query.length >= 2 ? (
        results.isPending ? (
          <p className="px-1 text-[14px] text-slate-600">{m.common_loading()}</p>
        ) : users.length === 0 ? (
          <p className="px-1 text-[14px] text-slate-600">{m.admin_users_none_found({ query })}</p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-label={label}>
            {users.map((user) => (
              <li key={user.id}>
                <button
                  type="button"
                  data-testid="admin-pick-user"
                  onClick={() => {
                    onPick(user);
                    setTyped("");
                  }}
                  className="flex min-h-14 w-full items-center gap-3 px-3 py-2 text-left hover:bg-pitch-50"
                >
                  <Avatar name={fullName(user)} imageUrl={null} size="sm" alt="" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-[15px] font-semibold text-slate-900">{fullName(user)}</span>
                    <span className="block truncate text-[13px] text-slate-600">{user.email}</span>
                  </span>
                  <UserRoundCheck aria-hidden className="size-5 shrink-0 text-pitch-700" />
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** A picked user shown as a card with a button that takes them out again. */
export function PickedUser({ user, removeLabel, onRemove }: { user: TAdminUserRef; removeLabel: string; onRemove: () => void }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-pitch-200 bg-pitch-50 p-2.5 pl-3">
      <Avatar name={fullName(user)} imageUrl={null} size="sm" alt="" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[15px] font-semibold text-slate-900">{fullName(user)}</span>
        <span className="block truncate text-[13px] text-slate-600">{user.email}</span>
      </span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-white"
      >
        <X aria-hidden className="size-5" />
      </button>
    </div>
  );
}
