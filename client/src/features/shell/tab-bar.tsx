import { useRouterState } from "@tanstack/react-router";
import { Goal, LogIn, MapPinned, MessageCircle } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Avatar } from "@client/components/avatar";
import { LazyChunk } from "@client/components/lazy-chunk";
import { useAccount } from "@client/lib/account";
import { m } from "@client/paraglide/messages";
import { useCurrentRegionSlug } from "@client/features/regions/regions-query";
import { authHref } from "@client/features/auth/after-login";
import { useReturnSearch } from "@client/features/auth/use-return-search";
import { AppLink } from "./app-link";

type Tab = { key: string; href: string; label: string; icon: ReactNode; active: boolean; badge?: number };

const loadUnreadWatch = () => import("@client/features/chat/unread-watch");
const drawNothing = () => null;

/**
 * Bottom tab bar (spec 001 section 2.1). The chat badge counts unread direct messages and game comments; the count
 * comes from `UnreadWatch`, loaded for a signed-in user only (a guest has none).
 */
export function TabBar() {
  const account = useAccount();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The city of the page (a feed, a courts map, a game) or else the stored one, so both tabs follow the user at once.
  const regionSlug = useCurrentRegionSlug();
  const ownProfile = account ? `/user/${account.id}` : null;
  const [unreadCount, setUnreadCount] = useState(0);
  const unread = account ? unreadCount : 0;
  // Signing in from the tab comes back to this page (spec 001 section 2.3).
  const signInHref = authHref("/login", useReturnSearch());

  const tabs: Tab[] = [
    {
      key: "games",
      href: regionSlug ? `/games/${regionSlug}` : "/games",
      label: m.tab_games(),
      icon: <Goal aria-hidden className="size-6" />,
      active: pathname === "/" || pathname.startsWith("/games") || pathname.startsWith("/game/"),
    },
    {
      key: "courts",
      // Like the games tab: the current city's courts, the city chooser without one (spec 001 section 2.2).
      href: regionSlug ? `/courts/${regionSlug}` : "/courts",
      label: m.tab_courts(),
      icon: <MapPinned aria-hidden className="size-6" />,
      active: pathname.startsWith("/courts") || pathname.startsWith("/court/"),
    },
    {
      key: "chat",
      href: "/chat",
      label: m.tab_chat(),
      icon: <MessageCircle aria-hidden className="size-6" />,
      active: pathname.startsWith("/chat") || /^\/user\/\d+\/chat/.test(pathname),
      badge: unread,
    },
    account && ownProfile
      ? {
          key: "profile",
          href: ownProfile,
          label: m.tab_profile(),
          icon: <Avatar name={account.firstName} imageUrl={account.profileImageUrl} size="sm" alt="" />,
          active: pathname === ownProfile || pathname === "/user/me",
        }
      : {
          key: "profile",
          href: signInHref,
          label: m.tab_sign_in(),
          icon: <LogIn aria-hidden className="size-6" />,
          active: pathname === "/login" || pathname === "/register",
        },
  ];

  return (
    <nav aria-label={m.tab_bar_label()} className="border-t border-slate-200 bg-white/95 pb-safe backdrop-blur">
      {account ? <LazyChunk load={loadUnreadWatch} props={{ onChange: setUnreadCount }} placeholder={null} failed={drawNothing} /> : null}
      <ul className="grid grid-cols-4">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <AppLink
              href={tab.href}
              aria-current={tab.active ? "page" : undefined}
              aria-label={tab.key === "chat" && tab.badge ? m.tab_chat_unread({ count: tab.badge }) : undefined}
              className={`relative flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-[12px] font-semibold transition-colors ${
                tab.active ? "text-pitch-700" : "text-slate-600 hover:text-slate-900"
              }`}
            >
              <span
                className={`relative inline-flex h-8 w-14 items-center justify-center rounded-full transition-colors ${
                  tab.active ? "bg-pitch-100" : ""
                }`}
              >
                {tab.icon}
                {tab.badge ? (
                  <span
                    data-testid={`${tab.key}-badge`}
                    className="absolute -top-0.5 right-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 text-white"
                  >
                    {tab.badge > 99 ? "99+" : tab.badge}
                  </span>
                ) : null}
              </span>
              <span className="max-w-full truncate">{tab.label}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
