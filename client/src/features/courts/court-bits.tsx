import { Building2, Lightbulb, MapPin, Trees } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { COURT_FENCINGS } from "@shared/constants";
import type { TCourtListItem } from "@shared/schemas/courts";
import { m } from "@client/paraglide/messages";
import { turfLabel } from "@client/features/games/court-facts";

/**
 * A court picture with the spec's black fallback box when it cannot load (spec 001 section 8), or a
 * pitch-green placeholder when the court has no picture at all.
 */
export function CourtImage({ src, alt, className = "", iconClassName = "size-6" }: { src: string | null; alt: string; className?: string; iconClassName?: string }) {
  const [failed, setFailed] = useState(false);
  if (src && failed) return <span role="img" aria-label={alt || undefined} aria-hidden={alt ? undefined : true} data-testid="court-image-fallback" className={`block bg-black ${className}`} />;
  if (src) return <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className={`bg-slate-900 object-cover ${className}`} />;
  return (
    <span aria-hidden className={`inline-flex items-center justify-center bg-gradient-to-br from-pitch-600 to-pitch-800 text-white ${className}`}>
      <MapPin className={iconClassName} />
    </span>
  );
}

/** "1,2 km" / "850 m" in the UI language. */
export function formatDistance(km: number, locale: string): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}

const CHIP = "inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-[12px] font-semibold text-slate-700";

/** Surface, indoor or outdoor and floodlight as small chips (lists, the compact card). */
export function CourtChips({ court, className = "" }: { court: Pick<TCourtListItem, "turf" | "indoor" | "floodLight">; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`}>
      {court.turf ? <li className={CHIP}>{turfLabel(court.turf)}</li> : null}
      <li className={CHIP}>
        {court.indoor ? <Building2 aria-hidden className="size-3.5" /> : <Trees aria-hidden className="size-3.5" />}
        {court.indoor ? m.court_indoor() : m.court_outdoor()}
      </li>
      {court.floodLight ? (
        <li className={`${CHIP} bg-amber-100 text-amber-900`}>
          <Lightbulb aria-hidden className="size-3.5" />
          {m.court_floodlight_chip()}
        </li>
      ) : null}
    </ul>
  );
}

/** A court in a list: picture, name, address, distance and chips; the whole row is one button. */
export function CourtListRow({
  court,
  selected,
  onSelect,
  locale,
}: {
  court: TCourtListItem;
  selected: boolean;
  onSelect: () => void;
  locale: string;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={`flex w-full items-center gap-3 rounded-2xl border p-3 text-left transition-colors ${
        selected ? "border-pitch-600 bg-pitch-50 ring-1 ring-pitch-600" : "border-slate-200 bg-white hover:border-pitch-600/50"
      }`}
    >
      <CourtImage src={court.imageUrl} alt="" className="size-16 shrink-0 rounded-xl" />
      <span className="min-w-0 flex-1">
        <span className="flex items-start gap-2">
          <span className="line-clamp-2 min-w-0 flex-1 text-[16px] leading-snug font-bold text-slate-900">{court.name}</span>
          {court.distanceKm !== null ? (
            <span className="shrink-0 pt-0.5 text-[13px] font-semibold text-slate-500 tabular-nums">{formatDistance(court.distanceKm, locale)}</span>
          ) : null}
        </span>
        {court.address ? <span className="block truncate text-[14px] text-slate-600">{court.address}</span> : null}
        <CourtChips court={court} className="mt-1.5" />
      </span>
    </button>
  );
}

/** The compact court card under a map (spec 001 section 2.7): name, address, chips and the screen's actions. */
export function CourtSummaryCard({ court, children, locale }: { court: TCourtListItem; children: ReactNode; locale: string }) {
  return (
    <section
      aria-label={m.court_card_label({ name: court.name })}
      data-testid="court-summary-card"
      className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-lg shadow-slate-900/10"
    >
      <div className="flex gap-3 p-3.5">
        <CourtImage src={court.imageUrl} alt="" className="size-18 shrink-0 rounded-2xl" iconClassName="size-7" />
        <div className="min-w-0 flex-1">
          <h2 className="text-[17px] leading-snug font-extrabold text-slate-900">{court.name}</h2>
          {court.address ? <p className="mt-0.5 text-[14px] leading-snug text-slate-600">{court.address}</p> : null}
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <CourtChips court={court} />
            {court.distanceKm !== null ? <span className="text-[12px] font-semibold text-slate-500">{formatDistance(court.distanceKm, locale)}</span> : null}
          </div>
        </div>
      </div>
      <div className="border-t border-slate-100 p-3 pt-2.5">{children}</div>
    </section>
  );
}

/** The fencing of a court in words (spec 001 section 3: none, partial, full, cage). */
export function fencingLabel(fencing: (typeof COURT_FENCINGS)[number]): string {
  switch (fencing) {
    case "NONE":
      return m.court_fencing_none();
    case "PARTIAL":
      return m.court_fencing_partial();
    case "FULL":
      return m.court_fencing_full();
    default:
      return m.court_fencing_cage();
  }
}
