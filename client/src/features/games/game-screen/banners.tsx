import { Link } from "@tanstack/react-router";
import { Ban, ClipboardCheck, Flag, Search } from "lucide-react";
import type { TGame } from "@shared/schemas/games";
import { Banner } from "@client/components/banner";
import { buttonClassName } from "@client/components/button";
import { formatDateTime } from "@client/lib/format/dates";
import { finishedPlayersText } from "@client/lib/format/players";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { cancellationReasonLabel } from "../cancel-reasons";

export function CancelledBanner({ game }: { game: TGame }) {
  const { locale } = useLocale();
  if (!game.cancelledAt) return null;
  const when = formatDateTime(game.cancelledAt, locale);
  return (
    <Banner
      role="status"
      id="game-cancelled"
      icon={Ban}
      title={m.game_cancelled_title()}
      className="border border-red-200 bg-red-50 text-red-950"
      iconClassName="bg-red-600 text-white"
      text={
        <>
          <p>{game.cancelledBy ? m.game_cancelled_by({ name: game.cancelledBy.firstName, when }) : m.game_cancelled_automatically({ when })}</p>
          {game.cancellationReason ? (
            <p className="mt-2">
              <span className="font-semibold">{m.game_cancelled_reason()}</span> {cancellationReasonLabel(game.cancellationReason)}
            </p>
          ) : null}
          {game.cancellationMessage ? <blockquote className="mt-2 rounded-2xl bg-white/70 px-3 py-2 whitespace-pre-line italic">{game.cancellationMessage}</blockquote> : null}
        </>
      }
    />
  );
}

/**
 * A game that is over (spec 000 section 4: past once its end has passed): it says so, how many took
 * part, and offers what still applies: rating the attendance or its list for the organiser, the next
 * game for everybody else. Reporting stays in the participation box.
 */
export function FinishedBanner({ game, rate }: { game: TGame; rate: boolean }) {
  return (
    <Banner
      role="status"
      id="game-finished"
      icon={Flag}
      title={m.game_finished_title()}
      text={finishedPlayersText(game.participantsAmount)}
      className="border border-slate-200 bg-slate-50 text-slate-900"
      iconClassName="bg-slate-800 text-white"
      textClassName="text-slate-700"
    >
      {game.viewer.canManage ? (
        <>
          {rate ? <p className="mt-3 text-[15px] text-slate-700">{m.game_finished_rate_text()}</p> : null}
          <Link
            to="/game/$id/attendance-list"
            params={{ id: String(game.id) }}
            className={buttonClassName({ variant: rate ? "primary" : "outline", block: true, className: "mt-3" })}
          >
            <ClipboardCheck aria-hidden className="size-5" />
            {rate ? m.rating_prompt_action() : m.game_finished_attendance()}
          </Link>
        </>
      ) : (
        <Link
          to="/games/$regionSlug"
          params={{ regionSlug: game.region.slug }}
          className={buttonClassName({ variant: "outline", block: true, className: "mt-3" })}
        >
          <Search aria-hidden className="size-5" />
          {m.game_finished_next()}
        </Link>
      )}
    </Banner>
  );
}

/** Creator or admin, from 1 hour after the start while no organiser feedback exists (spec 000 section 4; shown as the view says). */
export function RatingPrompt({ game }: { game: TGame }) {
  return (
    <section aria-labelledby="rating-prompt" className="rounded-3xl border border-sky-200 bg-sky-50 p-4 text-sky-950">
      <h2 id="rating-prompt" className="text-[17px] font-extrabold">
        {m.rating_prompt_title()}
      </h2>
      <p className="mt-0.5 text-[15px]">{m.rating_prompt_text()}</p>
      <Link
        to="/game/$id/attendance-list"
        params={{ id: String(game.id) }}
        className={buttonClassName({ block: true, className: "mt-3" })}
      >
        <ClipboardCheck aria-hidden className="size-5" />
        {m.rating_prompt_action()}
      </Link>
    </section>
  );
}
