import { MapPin } from "lucide-react";
import type { ReactNode } from "react";
import type { TPlace } from "@shared/schemas/courts";
import { formatCoordinate } from "../court-validators";

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-3xl border border-slate-200 bg-white p-4 ${className}`}>{children}</div>;
}

/** The place of step one: its name, address and coordinates. */
export function PlaceLine({ place }: { place: TPlace }) {
  return (
    <div className="flex items-start gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-pitch-700">
        <MapPin aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        {place.name ? <p className="text-[16px] font-bold text-slate-900">{place.name}</p> : null}
        <p className={place.name ? "text-[14px] text-slate-700" : "text-[16px] font-bold text-slate-900"}>{place.address}</p>
        <p className="mt-0.5 text-[13px] text-slate-500 tabular-nums">
          {formatCoordinate(place.latitude)}, {formatCoordinate(place.longitude)}
        </p>
      </div>
    </div>
  );
}
