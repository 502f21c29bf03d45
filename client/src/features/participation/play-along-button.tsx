import { ListPlus, Star } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { m } from "@client/paraglide/messages";
import { BallIcon } from "@client/components/ball-icon";
import { useLocale } from "@client/lib/locale";
import { formatTime } from "@client/lib/format/dates";
import { formatWeekdayDate } from "@client/features/weekly/weekly-format";

const TONES = {
  play: "bg-pitch-600 tracking-wide shadow-pitch-900/30 hover:bg-pitch-700",
  queue: "bg-sky-700 shadow-sky-900/30 hover:bg-sky-800",
};

function Label({ queue }: { queue: boolean }) {
  return (
    <>
      {queue ? <ListPlus aria-hidden className="size-5" /> : <BallIcon className="size-5" />}
      {queue ? m.join_submit_queue() : m.join_play_along()}
    </>
  );
}

/**
 * MITSPIELEN (spec 000 section 2); on a full game (or one with a waiting list already) it says what it
 * does: "Auf die Warteliste". It sits in the page under the organiser, where it covers nothing; only
 * while that one is out of sight does a floating copy stand above the bottom bars (a duplicate for
 * the eye: screen readers and the keyboard use the one in the page).
 */
export function PlayAlongButton({ onClick, queue = false, headStart = null }: { onClick: () => void; queue?: boolean; headStart?: { until: Date; mayJoin: boolean } | null }) {
  const { locale } = useLocale();
  const inline = useRef<HTMLButtonElement>(null);
  const [inSight, setInSight] = useState(true);

  useEffect(() => {
    const element = inline.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setInSight(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const when = headStart ? { date: formatWeekdayDate(headStart.until, locale), time: formatTime(headStart.until, locale) } : null;
  // The regulars' head start holds this viewer back: the button says who may join until when, before the tap.
  if (headStart && when && !headStart.mayJoin) {
    return (
      <div data-testid="play-along-head-start">
        <button
          type="button"
          disabled
          className="inline-flex min-h-14 w-full items-center justify-center gap-2.5 rounded-2xl bg-violet-100 px-5 text-[16px] font-extrabold text-violet-950 ring-1 ring-violet-200"
        >
          <Star aria-hidden className="size-5 shrink-0" />
          {m.join_headstart_button(when)}
        </button>
        <p className="mt-1.5 text-center text-[14px] text-slate-600">{m.join_headstart_after()}</p>
      </div>
    );
  }
  const tone = queue ? TONES.queue : TONES.play;
  return (
    <>
      {headStart && when ? (
        <p data-testid="play-along-head-start" className="mb-2 flex items-start gap-2 text-[14px] leading-snug text-violet-950">
          <Star aria-hidden className="mt-0.5 size-4 shrink-0" />
          {m.join_headstart_regular(when)}
        </p>
      ) : null}
      <button
        ref={inline}
        type="button"
        onClick={onClick}
        data-testid="play-along"
        className={`inline-flex min-h-14 w-full items-center justify-center gap-2.5 rounded-2xl px-7 text-[17px] font-extrabold whitespace-nowrap text-white shadow-md transition active:scale-[0.98] ${tone}`}
      >
        <Label queue={queue} />
      </button>
      {inSight ? null : (
        <button
          type="button"
          onClick={onClick}
          aria-hidden
          tabIndex={-1}
          data-testid="play-along-floating"
          className={`fixed bottom-[calc(var(--bottom-bar-height,4.5rem)+1rem)] left-1/2 z-20 inline-flex min-h-14 -translate-x-1/2 items-center gap-2.5 rounded-full px-7 text-[17px] font-extrabold whitespace-nowrap text-white shadow-lg transition active:scale-95 ${tone}`}
        >
          <Label queue={queue} />
        </button>
      )}
    </>
  );
}
