import { useState } from "react";
import type { TRegion } from "@shared/schemas/regions";
import { storeRegionSlug } from "@client/lib/storage";
import { AppLink } from "@client/features/shell/app-link";

const GRADIENTS = [
  "from-pitch-600 to-pitch-900",
  "from-emerald-600 to-teal-900",
  "from-lime-600 to-green-900",
  "from-teal-600 to-cyan-900",
  "from-green-700 to-emerald-950",
];

function gradientFor(slug: string): string {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length] ?? GRADIENTS[0]!;
}

export const tileClassName =
  "group relative flex aspect-[4/3] overflow-hidden rounded-2xl shadow-sm ring-1 ring-black/5 transition-transform active:scale-[0.98]";

/** A city tile: the region image, or a pitch-green gradient with the city's initial. */
export function RegionTile({ region, href }: { region: TRegion; href: string }) {
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = Boolean(region.imgUrl) && !imageFailed;
  return (
    <AppLink href={href} onClick={() => storeRegionSlug(region.slug)} className={tileClassName}>
      {showImage ? (
        // Decorative: the city name is the link text. A failed image leaves a black box (spec 001 section 8).
        <img
          src={region.imgUrl ?? undefined}
          alt=""
          loading="lazy"
          onError={() => setImageFailed(true)}
          className="absolute inset-0 size-full bg-slate-900 object-cover transition-transform duration-300 group-hover:scale-105"
        />
      ) : (
        <div className={`absolute inset-0 bg-gradient-to-br ${imageFailed ? "from-slate-900 to-slate-900" : gradientFor(region.slug)}`}>
          <span aria-hidden className="absolute -top-3 -right-1 text-[92px] leading-none font-black text-white/15 select-none">
            {[...region.name][0]}
          </span>
          <svg aria-hidden viewBox="0 0 100 60" className="absolute inset-x-0 bottom-0 h-1/2 w-full text-white/10">
            <rect x="2" y="2" width="96" height="70" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <line x1="50" y1="2" x2="50" y2="70" stroke="currentColor" strokeWidth="1.5" />
            <circle cx="50" cy="40" r="12" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </div>
      )}
      <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/10 to-transparent" />
      <span className="relative mt-auto p-3 text-[17px] leading-tight font-bold text-white drop-shadow">{region.name}</span>
    </AppLink>
  );
}
