import { Users } from "lucide-react";
import type { TRegion } from "@shared/schemas/regions";
import { RegionSubscription } from "@client/features/notifications/region-subscription";
import { m } from "@client/paraglide/messages";
import { regionGroupLinks } from "./region-links";
import { GroupLink } from "./group-link";

/** The region's community box: its messenger groups, the region head and the subscription to new games (spec 000 section 2). */
export function RegionBox({ region }: { region: TRegion }) {
  const links = regionGroupLinks(region);
  return (
    <section aria-labelledby="region-box" className="rounded-3xl bg-gradient-to-br from-pitch-700 to-pitch-900 p-5 text-white">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-full bg-white/15">
          <Users aria-hidden className="size-6" />
        </span>
        <h2 id="region-box" className="text-[19px] font-extrabold">
          {m.region_box_title({ region: region.name })}
        </h2>
      </div>
      <p className="mt-3 text-[15px] leading-relaxed text-pitch-50">{links.length > 0 ? m.region_box_text() : m.region_box_no_links()}</p>
      {links.length > 0 ? (
        <ul className="on-dark mt-4 grid gap-2">
          {links.map((link) => (
            <li key={link.key}>
              <GroupLink link={link} className="flex min-h-12 items-center gap-3 rounded-2xl bg-white px-4 font-semibold text-slate-900 hover:bg-pitch-50" iconClassName="size-5" />
            </li>
          ))}
        </ul>
      ) : null}
      {region.head ? <p className="mt-4 text-sm text-pitch-100">{m.region_head({ name: region.head.firstName })}</p> : null}
      <RegionSubscription region={region} />
    </section>
  );
}
