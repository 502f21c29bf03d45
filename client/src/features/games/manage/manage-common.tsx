import { Link } from "@tanstack/react-router";
import { ArrowLeft, Save } from "lucide-react";
import type { ReactNode } from "react";
import type { ManagedPaymentChangeWarning } from "@shared/rules/managed-changes";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { NoPermission as SharedNoPermission } from "@client/components/no-permission";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { m } from "@client/paraglide/messages";
import { gameDisplayTitle } from "../game-format";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import type { ChangeNotice } from "./change-notice";

/** Title bar of the manage pages, with the way back to the game. */
export function ManageHeader({ game, title, back }: { game: TGame; title: string; back?: { to: "manage" | "game" } }) {
  const { locale } = useLocale();
  const target = back?.to ?? "game";
  return (
    <div className="bg-gradient-to-b from-pitch-50 to-chalk px-4 pt-3 pb-4">
      {target === "manage" ? (
        <Link
          to="/game/$id/manage"
          params={{ id: String(game.id) }}
          className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
        >
          <ArrowLeft aria-hidden className="size-5" />
          {m.game_manage_back()}
        </Link>
      ) : (
        <Link
          to="/game/$id"
          params={{ id: String(game.id) }}
          className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
        >
          <ArrowLeft aria-hidden className="size-5" />
          {m.game_back_to_game()}
        </Link>
      )}
      <h1 className="mt-1 text-[26px] leading-tight font-extrabold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 truncate text-[15px] text-slate-700">
        <span className="font-semibold">{gameDisplayTitle(game)}</span> · {formatShortDate(game.startTime, locale)}, {formatTime(game.startTime, locale)}
      </p>
    </div>
  );
}

/** 'Du hast keine Berechtigung dieses Spiel zu editieren.' (spec 000 section 6). */
export function NoPermission({ game }: { game: TGame }) {
  return (
    <SharedNoPermission
      title={m.error_GAME_EDIT_FORBIDDEN()}
      signInRedirect={`/game/${game.id}/manage`}
      back={(className) => (
        <Link to="/game/$id" params={{ id: String(game.id) }} className={className}>
          {m.game_back_to_game()}
        </Link>
      )}
    />
  );
}

const WARNING_TEXTS: Record<ManagedPaymentChangeWarning, () => string> = {
  startTime: () => m.game_change_warning_start_time(),
  court: () => m.game_change_warning_court(),
  teams: () => m.game_change_warning_teams(),
  moreSubstitutes: () => m.game_change_warning_more_substitutes(),
  shorterDuration: () => m.game_change_warning_shorter_duration(),
  gameModeUp: () => m.game_change_warning_game_mode(),
  minPlayersUp: () => m.game_change_warning_min_players(),
};

/**
 * The confirmation before a change that affects players (spec 000 section 5): the warned changes of a
 * managed-payment game with the 24 hours of free cancellation, saved with "Änderung speichern"; or
 * switching a game with players to managed payment, whose hint is confirmed with "Verstanden".
 */
export function ChangeNoticeModal({
  notice,
  onConfirm,
  onClose,
  pending,
}: {
  notice: ChangeNotice | null;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
}) {
  const items: ReactNode[] = notice?.warnings.map((warning) => <li key={warning}>{WARNING_TEXTS[warning]()}</li>) ?? [];
  return (
    <Modal open={notice !== null} onClose={onClose} title={notice?.warnings.length ? m.game_change_warning_title() : m.game_change_managed_title()}>
      {notice?.warnings.length ? (
        <>
          <p className="text-[15px] leading-relaxed text-slate-700">{m.game_change_warning_intro()}</p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-[15px] text-slate-800">{items}</ul>
          <p className="mt-3 rounded-2xl bg-amber-50 px-3.5 py-3 text-[15px] leading-snug text-amber-950 ring-1 ring-amber-200">
            {m.game_change_warning_free_cancel()}
          </p>
        </>
      ) : null}
      {notice?.switchedToManaged ? (
        <p className="mt-3 rounded-2xl bg-sky-50 px-3.5 py-3 text-[15px] leading-snug text-sky-950 ring-1 ring-sky-200">
          {m.managedchange_switch_hint()}
        </p>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button size="lg" block loading={pending} onClick={onConfirm}>
          {notice?.warnings.length ? m.managedchange_save_anyway() : m.common_understood()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {m.common_cancel()}
        </Button>
      </div>
    </Modal>
  );
}

/** On a weekly session's game: apply the change to the session's future games too (updateFutureGames, spec 000 section 2). */
export function FutureGamesCheckbox({ checked, onChange, className = "" }: { checked: boolean; onChange: (checked: boolean) => void; className?: string }) {
  return (
    <label className={`flex min-h-11 cursor-pointer items-center gap-3 leading-snug font-semibold text-slate-800 ${className}`}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} className="size-5 shrink-0 accent-pitch-600" />
      {m.weekly_future_games()}
    </label>
  );
}

/** The bar under a court picker once another court is chosen: the refusal if any, the new court, and save. */
export function CourtSaveBar({ courtName, error, pending, onSave, children }: { courtName: string; error: unknown; pending: boolean; onSave: () => void; children?: ReactNode }) {
  return (
    <div className="fixed inset-x-0 bottom-[var(--bottom-bar-height,4.5rem)] z-20 mx-auto w-full max-w-[520px] border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
      {error ? (
        <div className="mb-2">
          <Notice tone="error">{errorMessage(error)}</Notice>
        </div>
      ) : null}
      <p className="mb-2 truncate text-[14px] text-slate-700">
        {m.game_edit_court_new()} <span className="font-bold text-slate-900">{courtName}</span>
      </p>
      {children}
      <Button size="lg" block loading={pending} onClick={onSave}>
        <Save aria-hidden className="size-5" />
        {m.game_edit_court_save()}
      </Button>
    </div>
  );
}
