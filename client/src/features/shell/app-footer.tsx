import { Link, useRouterState } from "@tanstack/react-router";
import { Smartphone, X } from "lucide-react";
import { useState } from "react";
import { APP_DOWNLOAD_URL, INFO_SITE_URL } from "@client/lib/links";
import { isPhoneBrowser } from "@client/lib/native-bridge";
import { dismissAppHint, isAppHintDismissed } from "@client/lib/storage";
import { m } from "@client/paraglide/messages";
import { regionGroupLinks } from "@client/features/regions/region-links";
import { useCurrentRegion } from "@client/features/regions/regions-query";
import { GroupLink } from "@client/features/regions/group-link";

function AppHint() {
  const [hidden, setHidden] = useState(() => !isPhoneBrowser() || isAppHintDismissed());
  if (hidden) return null;
  return (
    <aside
      aria-label={m.app_hint_label()}
      className="relative mb-6 flex items-center gap-3 rounded-2xl bg-gradient-to-br from-pitch-700 to-pitch-900 p-4 pr-12 text-white"
    >
      <Smartphone aria-hidden className="size-8 shrink-0 text-pitch-200" />
      <div className="min-w-0">
        <p className="text-[15px] leading-snug font-semibold">{m.app_hint_text()}</p>
        <a href={APP_DOWNLOAD_URL} className="on-dark mt-1 inline-block text-[15px] font-bold text-white underline underline-offset-4">
          {m.app_hint_cta()}
        </a>
      </div>
      <button
        type="button"
        onClick={() => {
          dismissAppHint();
          setHidden(true);
        }}
        className="on-dark absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-full text-pitch-100 hover:bg-white/10"
        aria-label={m.app_hint_dismiss()}
      >
        <X aria-hidden className="size-5" />
      </button>
    </aside>
  );
}

/**
 * Footer: app hint on phone browsers, the current region's community groups, legal links. Its
 * bottom padding leaves room for a floating button (MITSPIELEN, Erstellen), so it never covers the
 * last line when scrolled to the end.
 */
export function AppFooter() {
  const region = useCurrentRegion();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The region feed and the game page show the same links in their region box.
  const onFeed = /^\/(games\/[^/]+|game\/[^/]+)\/?$/.test(pathname);
  const groups = region && !onFeed ? regionGroupLinks(region) : [];

  return (
    <footer className="mt-10 border-t border-slate-200 bg-chalk px-5 pt-6 pb-24 text-sm text-slate-700">
      <AppHint />
      {region && groups.length > 0 ? (
        <section aria-labelledby="footer-groups" className="mb-6">
          <h2 id="footer-groups" className="mb-3 text-[15px] font-bold text-slate-900">
            {m.footer_groups_title({ region: region.name })}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {groups.map((link) => (
              <li key={link.key}>
                <GroupLink link={link} className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:border-pitch-600" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label={m.footer_label()}>
        <ul className="flex flex-wrap gap-x-5 gap-y-1">
          <li>
            <Link to="/impressum" className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
              {m.footer_impressum()}
            </Link>
          </li>
          <li>
            <Link to="/datenschutz" className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
              {m.footer_privacy()}
            </Link>
          </li>
          <li>
            <a href={INFO_SITE_URL} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
              {m.footer_about()}
            </a>
          </li>
        </ul>
      </nav>
      <p className="mt-3 text-slate-600">{m.footer_copyright({ year: String(new Date().getFullYear()) })}</p>
    </footer>
  );
}
