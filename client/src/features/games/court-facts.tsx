import { Building2, Globe, Lock, Trees } from "lucide-react";
import type { TCourtRef } from "@shared/schemas/games";
import { m } from "@client/paraglide/messages";

type Turf = NonNullable<TCourtRef["turf"]>;

export function turfLabel(turf: Turf): string {
  switch (turf) {
    case "AG":
      return m.court_turf_ag();
    case "GR":
      return m.court_turf_gr();
    case "TT":
      return m.court_turf_tt();
    case "AS":
      return m.court_turf_as();
    case "AH":
      return m.court_turf_ah();
    case "LL":
      return m.court_turf_ll();
    default:
      return m.court_turf_sa();
  }
}

const CHIP = {
  md: "inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-[13px] font-semibold text-slate-700",
  sm: "inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-[12px] font-semibold text-slate-700",
} as const;

/** Surface, indoor or outdoor, public or private, as small chips. */
export function CourtFacts({
  court,
  size = "md",
  className = "",
}: {
  court: Pick<TCourtRef, "turf" | "indoor" | "public">;
  size?: keyof typeof CHIP;
  className?: string;
}) {
  const chip = CHIP[size];
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`}>
      {court.turf ? <li className={chip}>{turfLabel(court.turf)}</li> : null}
      <li className={chip}>
        {court.indoor ? <Building2 aria-hidden className="size-3.5" /> : <Trees aria-hidden className="size-3.5" />}
        {court.indoor ? m.court_indoor() : m.court_outdoor()}
      </li>
      <li className={chip}>
        {court.public ? <Globe aria-hidden className="size-3.5" /> : <Lock aria-hidden className="size-3.5" />}
        {court.public ? m.court_public() : m.court_private()}
      </li>
    </ul>
  );
}
