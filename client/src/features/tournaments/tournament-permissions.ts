import type { TMyAccount } from "@shared/schemas/users";

/** Admins and organisation members create tournaments (issue 25); the server decides again on every call. */
export function mayCreateTournaments(account: Pick<TMyAccount, "isAdmin" | "organization">): boolean {
  return account.isAdmin || account.organization !== null;
}
