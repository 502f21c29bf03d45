import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Ban, ChevronRight, ClipboardCheck, Globe, MapPin, PencilLine } from "lucide-react";
import { useState, type ReactNode } from "react";
import { canCancelGame, canEditGame } from "@shared/rules/game-windows";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { useSearchFlag } from "@client/lib/use-search-flag";
import { m } from "@client/paraglide/messages";
import { gameQueryOptions, useGameUpdated } from "../game-query";
import { CancelGameModal } from "./cancel-game-modal";
import { ManageHeader, NoPermission } from "./manage-common";

type ActionProps = { icon: ReactNode; title: string; text: string; tone?: "default" | "danger"; disabledReason?: string | null };

function ActionBody({ icon, title, text, tone = "default", disabledReason }: ActionProps) {
  return (
    <>
      <span
        className={`inline-flex size-11 shrink-0 items-center justify-center rounded-2xl ${
          tone === "danger" ? "bg-red-50 text-red-700" : "bg-pitch-50 text-pitch-700"
        }`}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className={`block text-[16px] font-bold ${tone === "danger" ? "text-red-800" : "text-slate-900"}`}>{title}</span>
        <span className="mt-0.5 block text-[14px] leading-snug text-slate-600">{disabledReason ?? text}</span>
      </span>
      {disabledReason ? null : <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-400" />}
    </>
  );
}

const actionClass = "flex w-full items-center gap-3 rounded-3xl border border-slate-200 bg-white p-4 text-left shadow-sm shadow-slate-900/5";
const enabledClass = "hover:border-pitch-600/50 hover:bg-slate-50";
const disabledClass = "cursor-not-allowed opacity-60";

function MakePublicModal({ game, open, onClose }: { game: TGame; open: boolean; onClose: () => void }) {
  const gameUpdated = useGameUpdated();
  const makePublic = useMutation(
    trpc.games.makePublic.mutationOptions({
      onSuccess: (updated) => {
        gameUpdated(updated);
        onClose();
      },
    }),
  );
  const withoutCourt = appErrorCode(makePublic.error) === "GAME_WITHOUT_COURT";
  return (
    <Modal open={open} onClose={onClose} title={m.game_make_public_title()}>
      <p className="text-[15px] leading-relaxed text-slate-700">{m.game_make_public_text()}</p>
      <p className="mt-3 rounded-2xl bg-amber-50 px-3.5 py-3 text-[15px] leading-snug font-semibold text-amber-950 ring-1 ring-amber-200">
        {m.game_make_public_final()}
      </p>
      {makePublic.isError ? (
        <div className="mt-3">
          <Notice tone="error">
            {errorMessage(makePublic.error)}
            {withoutCourt ? (
              <>
                {" "}
                <Link to="/game/$id/edit-court" params={{ id: String(game.id) }} className="font-bold underline underline-offset-4">
                  {m.game_manage_edit_court()}
                </Link>
              </>
            ) : null}
          </Notice>
        </div>
      ) : null}
      <div className="mt-5 flex flex-col gap-2">
        <Button size="lg" block loading={makePublic.isPending} onClick={() => makePublic.mutate({ gameId: game.id })}>
          <Globe aria-hidden className="size-5" />
          {m.game_make_public_confirm()}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {m.common_cancel()}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * /game/{id}/manage (spec 000 section 2): change details and court, make a private game public,
 * cancel the game. Each action says why it is not possible when its time window has closed.
 */
export function ManageGameScreen({ gameId }: { gameId: number }) {
  useLocale();
  const { data: game } = useSuspenseQuery(gameQueryOptions(gameId));
  const now = useNow();
  const [publicOpen, setPublicOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useSearchFlag("cancel");

  if (!game.viewer.canManage) return <NoPermission game={game} />;

  const editTooLate = !canEditGame(game.startTime, now);
  // The full sentence stands once above the list; the cards only say that it is no longer possible.
  const editBlocked = game.cancelledAt || editTooLate ? m.game_manage_not_possible() : null;
  const cancelCheck = canCancelGame(game.startTime, now);
  const cancelBlocked = game.cancelledAt
    ? m.game_manage_not_possible()
    : cancelCheck === "shortNotice"
      ? m.error_SHORT_NOTICE_CANCELLATION()
      : cancelCheck === "started"
        ? m.error_GAME_ALREADY_STARTED()
        : null;

  return (
    <div className="pb-6">
      <ManageHeader game={game} title={m.game_manage_title()} />
      <div className="space-y-3 px-4 pt-2">
        {game.cancelledAt ? <Notice tone="info">{m.game_manage_cancelled()}</Notice> : null}
        {!game.cancelledAt && editTooLate ? <Notice tone="info">{m.error_GAME_EDIT_TOO_LATE()}</Notice> : null}
        <ul className="space-y-3">
          <li>
            {editBlocked ? (
              <div aria-disabled className={`${actionClass} ${disabledClass}`}>
                <ActionBody icon={<PencilLine aria-hidden className="size-5" />} title={m.game_manage_edit_details()} text="" disabledReason={editBlocked} />
              </div>
            ) : (
              <Link to="/game/$id/edit-details" params={{ id: String(game.id) }} className={`${actionClass} ${enabledClass}`}>
                <ActionBody icon={<PencilLine aria-hidden className="size-5" />} title={m.game_manage_edit_details()} text={m.game_manage_edit_details_text()} />
              </Link>
            )}
          </li>
          <li>
            {editBlocked ? (
              <div aria-disabled className={`${actionClass} ${disabledClass}`}>
                <ActionBody icon={<MapPin aria-hidden className="size-5" />} title={m.game_manage_edit_court()} text="" disabledReason={editBlocked} />
              </div>
            ) : (
              <Link to="/game/$id/edit-court" params={{ id: String(game.id) }} className={`${actionClass} ${enabledClass}`}>
                <ActionBody
                  icon={<MapPin aria-hidden className="size-5" />}
                  title={m.game_manage_edit_court()}
                  text={game.court ? m.game_manage_edit_court_text({ court: game.court.name }) : m.game_court_none()}
                />
              </Link>
            )}
          </li>
          <li>
            <Link to="/game/$id/attendance-list" params={{ id: String(game.id) }} className={`${actionClass} ${enabledClass}`}>
              <ActionBody icon={<ClipboardCheck aria-hidden className="size-5" />} title={m.attendance_title()} text={m.attendance_manage_text()} />
            </Link>
          </li>
          {game.gameType === "PRIVATE" && !game.cancelledAt ? (
            <li>
              <button type="button" onClick={() => setPublicOpen(true)} className={`${actionClass} ${enabledClass}`}>
                <ActionBody icon={<Globe aria-hidden className="size-5" />} title={m.game_make_public_title()} text={m.game_manage_make_public_text()} />
              </button>
            </li>
          ) : null}
          <li>
            {cancelBlocked ? (
              <div aria-disabled className={`${actionClass} ${disabledClass}`}>
                <ActionBody icon={<Ban aria-hidden className="size-5" />} title={m.game_cancel_title()} text="" tone="danger" disabledReason={cancelBlocked} />
              </div>
            ) : (
              <button type="button" onClick={() => void setCancelOpen(true)} className={`${actionClass} hover:border-red-300 hover:bg-red-50/50`}>
                <ActionBody icon={<Ban aria-hidden className="size-5" />} title={m.game_cancel_title()} text={m.game_manage_cancel_text()} tone="danger" />
              </button>
            )}
          </li>
        </ul>
      </div>
      <MakePublicModal game={game} open={publicOpen} onClose={() => setPublicOpen(false)} />
      {/* Kept while open: a successful cancel blocks cancelling, and the dialog leaves with the page. */}
      {cancelBlocked && !cancelOpen ? null : <CancelGameModal game={game} open={cancelOpen} onClose={() => void setCancelOpen(false)} />}
    </div>
  );
}
