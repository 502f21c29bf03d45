import { Link } from "@tanstack/react-router";
import { CalendarPlus, MapPinPlus, Plus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { m } from "@client/paraglide/messages";

/**
 * The floating button over the map (spec 001 section 2.7): a small menu offering to create a court or a
 * game. Closes on a second tap, Escape or a tap elsewhere.
 */
export function MapCreateMenu({ courtId }: { courtId?: number | null }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const item =
    "flex min-h-12 items-center gap-3 rounded-xl px-3 text-[15px] font-semibold whitespace-nowrap text-slate-900 hover:bg-pitch-50 focus-visible:bg-pitch-50";
  return (
    <div ref={root} className="relative flex flex-col items-end">
      {open ? (
        <div id={menuId} role="menu" aria-label={m.court_fab_menu()} className="mb-2 w-64 rounded-2xl bg-white p-1.5 shadow-xl ring-1 shadow-slate-900/20 ring-slate-200">
          <Link role="menuitem" to="/court/create" className={item} onClick={() => setOpen(false)}>
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-pitch-700">
              <MapPinPlus aria-hidden className="size-5" />
            </span>
            {m.court_fab_create_court()}
          </Link>
          <Link
            role="menuitem"
            to="/create/game"
            search={courtId ? { courtId } : {}}
            className={item}
            onClick={() => setOpen(false)}
          >
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-pitch-100 text-pitch-700">
              <CalendarPlus aria-hidden className="size-5" />
            </span>
            {m.court_fab_create_game()}
          </Link>
        </div>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-label={open ? m.court_fab_close() : m.court_fab_open()}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-14 items-center justify-center rounded-full bg-pitch-600 text-white shadow-lg shadow-pitch-900/30 hover:bg-pitch-700 active:bg-pitch-800"
      >
        {open ? <X aria-hidden className="size-7" /> : <Plus aria-hidden className="size-7" />}
      </button>
    </div>
  );
}
