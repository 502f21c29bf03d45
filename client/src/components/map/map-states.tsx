import { m } from "@client/paraglide/messages";
import { MapPin, MapPinOff } from "lucide-react";

/** What stands in the map's box until it has drawn: a faint grid and the map's label. */
export function MapPlaceholder({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={m.map_loading()}
      className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-2 text-slate-500"
      style={{
        backgroundImage:
          "linear-gradient(#dfe6da 1px, transparent 1px), linear-gradient(90deg, #dfe6da 1px, transparent 1px)",
        backgroundSize: "48px 48px",
      }}
    >
      <span className="flex size-11 animate-pulse items-center justify-center rounded-full bg-white/80 shadow-sm motion-reduce:animate-none">
        <MapPin aria-hidden className="size-5 text-pitch-600" />
      </span>
      <span className="max-w-[80%] truncate rounded-full bg-white/80 px-3 py-1 text-sm font-medium shadow-sm">{label}</span>
    </div>
  );
}

/** A message inside the map's box (no WebGL, the style or the chunk could not load), with a retry when it can help. */
export function MapMessage({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-slate-50 px-8 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-white shadow-sm">
        <MapPinOff aria-hidden className="size-5 text-slate-500" />
      </span>
      <p className="max-w-72 text-[15px] leading-snug text-slate-700">{text}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="min-h-11 rounded-xl border border-slate-300 bg-white px-4 text-[15px] font-semibold text-slate-800 hover:bg-slate-50"
        >
          {m.common_retry()}
        </button>
      ) : null}
    </div>
  );
}
