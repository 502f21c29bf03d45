import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Calculator, CalendarCheck, CalendarRange, CalendarSearch, CirclePlus, Languages, LifeBuoy, LogIn, LogOut, Repeat, ShieldCheck, Trophy, UserPlus, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { SUPPORT_USER_ID } from "@shared/constants";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { useAccount } from "@client/lib/account";
import { CONTACT_URL } from "@client/lib/links";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { useReturnSearch } from "@client/features/auth/use-return-search";
import { useSignOut } from "@client/features/auth/use-sign-out";
import { waitingRequestCountQueryOptions } from "@client/features/bookings/booking-queries";
import { CountBadge } from "@client/features/bookings/count-badge";
import { LanguageToggle } from "./language-toggle";

const itemClass =
  "flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-[16px] font-medium text-slate-800 hover:bg-slate-100";

function MenuIcon({ children }: { children: ReactNode }) {
  return <span className="inline-flex size-9 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">{children}</span>;
}

/**
 * Burger menu (spec 001 section 2.1).
 */
export function BurgerMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const account = useAccount();
  const { signOut, pending } = useSignOut();
  // Signing in or registering from the menu comes back to this page (spec 001 section 2.3).
  const returnSearch = useReturnSearch();
  // Weekly sessions appear only for users who have some (spec 001 section 2.1): asked when the menu
  // opens (not on every page load), kept for a minute.
  const hasWeekly = useQuery({ ...trpc.weekly.hasAny.queryOptions(undefined, { staleTime: 60_000 }), enabled: account !== null && open }).data === true;
  // Court owners see how many booking requests wait for their answer (issue 23 item 18), also asked when the menu opens.
  const waitingRequests = useQuery({ ...waitingRequestCountQueryOptions(), enabled: account?.isCourtOwner === true && open }).data?.count ?? 0;

  return (
    <Modal open={open} onClose={onClose} title={m.nav_menu_title()} variant="sheet">
      {account ? (
        <p className="mb-3 truncate px-1 text-sm text-slate-600">{m.menu_signed_in_as({ name: account.firstName })}</p>
      ) : null}
      <nav aria-label={m.nav_menu_title()}>
        <ul className="space-y-1">
          {account ? (
            <li>
              <Link to="/create/game" className={itemClass}>
                <MenuIcon>
                  <CirclePlus aria-hidden className="size-5" />
                </MenuIcon>
                {m.menu_create_game()}
              </Link>
            </li>
          ) : null}
          {account && hasWeekly ? (
            <li>
              <Link to="/weekly-sessions" className={itemClass}>
                <MenuIcon>
                  <Repeat aria-hidden className="size-5" />
                </MenuIcon>
                {m.weekly_menu()}
              </Link>
            </li>
          ) : null}
          {account ? (
            <li>
              <Link to="/planner" className={itemClass}>
                <MenuIcon>
                  <CalendarSearch aria-hidden className="size-5" />
                </MenuIcon>
                {m.planner_menu()}
              </Link>
            </li>
          ) : null}
          {account ? (
            <li>
              {/* Court bookings ('Buchungen - Plätze', spec 001 section 2.8); owners reach their rentals from there. */}
              <Link to="/court-bookings" className={itemClass}>
                <MenuIcon>
                  <CalendarCheck aria-hidden className="size-5" />
                </MenuIcon>
                <span className="min-w-0 flex-1">{m.booking_menu_entry()}</span>
                {waitingRequests > 0 ? (
                  <>
                    <CountBadge count={waitingRequests} className="mr-1" />
                    <span className="sr-only">
                      {waitingRequests === 1 ? m.booking_menu_requests_one() : m.booking_menu_requests({ count: String(waitingRequests) })}
                    </span>
                  </>
                ) : null}
              </Link>
            </li>
          ) : null}
          {account?.isCourtOwner ? (
            <li>
              {/* The rental calendar, only for court owners (spec 001 section 2.1). */}
              <Link to="/court-bookings-calendar" className={itemClass}>
                <MenuIcon>
                  <CalendarRange aria-hidden className="size-5" />
                </MenuIcon>
                {m.bookcal_menu()}
              </Link>
            </li>
          ) : null}
          {account ? (
            <li>
              {/* Organisers connect their payout account here (spec 001 section 2.9). */}
              <Link to="/payments-onboarding" className={itemClass}>
                <MenuIcon>
                  <Wallet aria-hidden className="size-5" />
                </MenuIcon>
                {m.menu_payments()}
              </Link>
            </li>
          ) : (
            <>
              <li>
                <Link to="/login" search={returnSearch} className={itemClass}>
                  <MenuIcon>
                    <LogIn aria-hidden className="size-5" />
                  </MenuIcon>
                  {m.menu_sign_in()}
                </Link>
              </li>
              <li>
                <Link to="/register" search={returnSearch} className={itemClass}>
                  <MenuIcon>
                    <UserPlus aria-hidden className="size-5" />
                  </MenuIcon>
                  {m.menu_register()}
                </Link>
              </li>
            </>
          )}
          {account?.isAdmin ? (
            <li>
              {/* The staff console (issue 26), for admins only. */}
              <Link to="/admin" className={itemClass}>
                <MenuIcon>
                  <ShieldCheck aria-hidden className="size-5" />
                </MenuIcon>
                {m.admin_menu_entry()}
              </Link>
            </li>
          ) : null}
          {account?.isAdmin ? (
            <li>
              {/* The accounting overview (spec 001 section 2.8), for admins only. */}
              <Link to="/accounting" className={itemClass}>
                <MenuIcon>
                  <Calculator aria-hidden className="size-5" />
                </MenuIcon>
                {m.accounting_menu()}
              </Link>
            </li>
          ) : null}
          <li>
            {/* Tournaments, for everybody (spec 001 section 2.1). */}
            <Link to="/tournaments" className={itemClass}>
              <MenuIcon>
                <Trophy aria-hidden className="size-5" />
              </MenuIcon>
              {m.menu_tournaments()}
            </Link>
          </li>
          <li>
            {/* Signed-in users reach the support chat, everyone else the contact page (spec 000 section 2). */}
            {account ? (
              <Link to="/user/$id/chat" params={{ id: String(SUPPORT_USER_ID) }} className={itemClass}>
                <MenuIcon>
                  <LifeBuoy aria-hidden className="size-5" />
                </MenuIcon>
                {m.menu_help()}
              </Link>
            ) : (
              <a href={CONTACT_URL} className={itemClass}>
                <MenuIcon>
                  <LifeBuoy aria-hidden className="size-5" />
                </MenuIcon>
                {m.menu_help()}
              </a>
            )}
          </li>
        </ul>
      </nav>

      <section className="mt-6" aria-labelledby="menu-language">
        <h3 id="menu-language" className="mb-2 flex items-center gap-2 px-1 text-sm font-semibold text-slate-600">
          <Languages aria-hidden className="size-4" />
          {m.menu_language()}
        </h3>
        <LanguageToggle />
      </section>

      {account ? (
        <div className="mt-8 border-t border-slate-200 pt-5">
          <Button variant="danger" block loading={pending} onClick={() => void signOut()}>
            <LogOut aria-hidden className="size-5" />
            {m.menu_sign_out()}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
