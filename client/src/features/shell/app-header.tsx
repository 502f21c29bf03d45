import { Link, useCanGoBack, useRouter, useRouterState } from "@tanstack/react-router";
import { ArrowLeft, MapPin, Menu } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { LazyChunk } from "@client/components/lazy-chunk";
import { useAccount } from "@client/lib/account";
import { headerBackAction, runBackAction } from "@client/lib/native-back";
import { isNativeApp } from "@client/lib/native-bridge";
import { m } from "@client/paraglide/messages";
import { waitingRequestCountQueryOptions } from "@client/features/bookings/booking-queries";
import { CountBadge } from "@client/features/bookings/count-badge";
import { useCurrentRegion } from "@client/features/regions/regions-query";

/**
 * The burger menu (its items, icons and texts) loads when it is first wanted, not with the shell: a pointer
 * over or focus on the menu button starts the download, so it is there by the time the tap lands (issue 28).
 */
const loadBurgerMenu = () => import("./burger-menu").then((module) => ({ default: module.BurgerMenu }));
/** Starts the download early; a failure here is the menu's to handle when it is opened. */
const preloadBurgerMenu = () => void loadBurgerMenu().catch(() => undefined);

const iconButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/10 active:bg-white/20";

export function AppHeader() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const region = useCurrentRegion();
  const [menuOpen, setMenuOpen] = useState(false);
  // Once opened it stays mounted, so closing keeps the modal's own closing behaviour.
  const [menuWanted, setMenuWanted] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // a court owner sees waiting booking requests on the menu button too (the menu names them, issue 23 item 18)
  const account = useAccount();
  const waitingRequests = useQuery({ ...waitingRequestCountQueryOptions(), enabled: account?.isCourtOwner === true }).data?.count ?? 0;

  // the city list at a region page, history back, or the wrapper's BACK_NAVIGATE / EXIT_APP (lib/native-back.ts)
  const backAction = headerBackAction(pathname, canGoBack, isNativeApp());
  const showBack = backAction !== "none";

  function goBack() {
    runBackAction(router, backAction);
  }

  return (
    <header className="on-dark sticky top-0 z-30 bg-pitch-800 pt-safe text-white shadow-md shadow-pitch-900/20">
      <div className="flex h-14 items-center gap-1 px-1.5">
        {showBack ? (
          <button type="button" className={iconButton} onClick={goBack} aria-label={m.nav_back()}>
            <ArrowLeft aria-hidden className="size-6" />
          </button>
        ) : (
          <span className="size-11 shrink-0" />
        )}
        <Link to="/" className="flex min-w-0 flex-1 flex-col items-center rounded-lg px-2 py-1 leading-tight">
          <span className="text-[19px] font-extrabold tracking-tight">{m.app_name()}</span>
          {region ? (
            <span className="flex max-w-full items-center gap-1 truncate text-[13px] font-medium text-pitch-100">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{region.name}</span>
            </span>
          ) : null}
        </Link>
        <button
          type="button"
          className={iconButton}
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
          onPointerEnter={preloadBurgerMenu}
          onFocus={preloadBurgerMenu}
          aria-label={m.nav_menu_open()}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
        >
          <span className="relative">
            <Menu aria-hidden className="size-6" />
            {waitingRequests > 0 ? <CountBadge count={waitingRequests} className="absolute -top-2.5 -right-3" ring="ring-pitch-800" /> : null}
          </span>
        </button>
      </div>
      {menuWanted ? <LazyChunk load={loadBurgerMenu} props={{ open: menuOpen, onClose: closeMenu }} placeholder={null} failed={() => null} /> : null}
    </header>
  );
}
