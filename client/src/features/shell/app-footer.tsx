import { Link, useRouterState } from "@tanstack/react-router";
import { LazyChunk } from "@client/components/lazy-chunk";
import { INFO_SITE_URL } from "@client/lib/links";
import { isPhoneBrowser } from "@client/lib/native-bridge";
import { m } from "@client/paraglide/messages";
import { regionGroupLinks } from "@client/features/regions/region-links";
import { useCurrentRegion } from "@client/features/regions/regions-query";
import { GroupLink } from "@client/features/regions/group-link";
import { drawingTime, useBrowserValue, useHydrated } from "@client/lib/hydration";

/**
 * The install nudge is for phone browsers only (install-nudge-rules.ts): its code loads there, after the shell,
 * and never on a desktop or inside the wrapper (issue 28, the entry chunk's budget).
 */
const loadInstallNudge = () => import("@client/features/install/install-nudge").then((module) => ({ default: module.InstallNudge }));

/**
 * Footer: the install nudge on phone browsers, the current region's community groups, legal links. Its
 * bottom padding leaves room for a floating button (MITSPIELEN, Erstellen), so it never covers the
 * last line when scrolled to the end.
 */
export function AppFooter() {
  const hydrated = useHydrated();
  // the server drawing the page offers no install (it cannot tell a phone): the nudge comes right after hydration
  const phone = useBrowserValue(isPhoneBrowser, false);
  const region = useCurrentRegion();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The region feed and the game page show the same links in their region box.
  const onFeed = /^\/(games\/[^/]+|game\/[^/]+)\/?$/.test(pathname);
  const groups = region && !onFeed ? regionGroupLinks(region) : [];

  return (
    <footer className="mt-10 border-t border-slate-200 bg-chalk px-5 pt-6 pb-24 text-sm text-slate-700">
      {phone ? <LazyChunk load={loadInstallNudge} props={{}} placeholder={null} failed={() => null} /> : null}
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
      <p className="mt-3 text-slate-600">{m.footer_copyright({ year: String(drawingTime(hydrated).getFullYear()) })}</p>
    </footer>
  );
}
