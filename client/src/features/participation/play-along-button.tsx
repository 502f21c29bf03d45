import { ListPlus } from "lucide-react";
import { m } from "@client/paraglide/messages";
import { BallIcon } from "@client/components/ball-icon";

/**
 * The floating MITSPIELEN button above the bottom bars (spec 000 section 2). On a full game (or one
 * with a waiting list already) it says what it does: "Auf die Warteliste".
 */
export function PlayAlongButton({ onClick, queue = false }: { onClick: () => void; queue?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`fixed bottom-[calc(var(--bottom-bar-height,4.5rem)+1rem)] left-1/2 z-20 inline-flex min-h-14 -translate-x-1/2 items-center gap-2.5 rounded-full px-7 text-[17px] font-extrabold whitespace-nowrap text-white shadow-lg transition active:scale-95 ${
        queue ? "bg-sky-700 shadow-sky-900/30 hover:bg-sky-800" : "bg-pitch-600 tracking-wide shadow-pitch-900/30 hover:bg-pitch-700"
      }`}
    >
      {queue ? <ListPlus aria-hidden className="size-5" /> : <BallIcon className="size-5" />}
      {queue ? m.join_submit_queue() : m.join_play_along()}
    </button>
  );
}
