import { m } from "@client/paraglide/messages";
import { BallIcon } from "@client/components/ball-icon";

/** The floating MITSPIELEN button above the bottom bars (spec 000 section 2). */
export function PlayAlongButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="fixed bottom-[calc(var(--bottom-bar-height,4.5rem)+1rem)] left-1/2 z-20 inline-flex min-h-14 -translate-x-1/2 items-center gap-2.5 rounded-full bg-pitch-600 px-7 text-[17px] font-extrabold tracking-wide text-white shadow-lg shadow-pitch-900/30 transition hover:bg-pitch-700 active:scale-95"
    >
      <BallIcon className="size-5" />
      {m.join_play_along()}
    </button>
  );
}
