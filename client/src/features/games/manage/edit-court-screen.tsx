import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { MapPin } from "lucide-react";
import { useState } from "react";
import { canEditGame } from "@shared/rules/game-windows";
import { Notice } from "@client/components/notice";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { showToast } from "@client/components/toast";
import { CourtPicker } from "../form/court-picker";
import type { FormCourt } from "../form/game-form-state";
import { gameQueryOptions, useGameUpdated } from "../game-query";
import { changeNoticeFor, managedShapeOf, type ChangeNotice } from "./change-notice";
import { ChangeNoticeModal, CourtSaveBar, FutureGamesCheckbox, ManageHeader, NoPermission } from "./manage-common";

/**
 * /game/{id}/edit-court (spec 000 section 2): pick another court; in a managed-payment game with
 * players the change is confirmed first (spec 000 section 5).
 */
export function EditCourtScreen({ gameId }: { gameId: number }) {
  useLocale();
  const { data: game } = useSuspenseQuery(gameQueryOptions(gameId));
  const navigate = useNavigate();
  const now = useNow();
  const gameUpdated = useGameUpdated();
  const [chosen, setChosen] = useState<FormCourt | null>(null);
  const [notice, setNotice] = useState<ChangeNotice | null>(null);
  // a weekly session's game may move the session's coming games along (spec 000 section 2)
  const [futureGames, setFutureGames] = useState(false);
  const update = useMutation(trpc.games.update.mutationOptions());

  if (!game.viewer.canManage) return <NoPermission game={game} />;
  const blocked = game.cancelledAt ? m.game_manage_cancelled() : canEditGame(game.startTime, now) ? null : m.error_GAME_EDIT_TOO_LATE();
  const changed = chosen !== null && chosen.id !== game.court?.id;

  async function save() {
    if (!chosen) return;
    setNotice(null);
    try {
      const updated = await update.mutateAsync({ gameId: game.id, courtId: chosen.id, ...(futureGames && game.gameTemplate ? { updateFutureGames: true } : {}) });
      gameUpdated(updated);
      showToast(m.game_flash_saved());
      await navigate({ to: "/game/$id", params: { id: String(game.id) } });
    } catch {
      // shown below
    }
  }

  function confirm() {
    if (!chosen) return;
    const needed = changeNoticeFor(game, { ...managedShapeOf(game), courtId: chosen.id }, game.isManagedPayment);
    if (needed) setNotice(needed);
    else void save();
  }

  if (blocked) {
    return (
      <div className="pb-6">
        <ManageHeader game={game} title={m.game_manage_edit_court()} back={{ to: "manage" }} />
        <div className="px-4">
          <Notice tone={game.cancelledAt ? "info" : "error"}>{blocked}</Notice>
        </div>
      </div>
    );
  }

  return (
    <div className="pb-40">
      <ManageHeader game={game} title={m.game_manage_edit_court()} back={{ to: "manage" }} />
      {game.court ? (
        <p className="mx-4 flex items-center gap-2 rounded-2xl bg-slate-50 px-3.5 py-2.5 text-[14px] text-slate-700">
          <MapPin aria-hidden className="size-4 text-slate-500" />
          {m.game_edit_court_current({ court: game.court.name })}
        </p>
      ) : null}
      <CourtPicker
        embedded
        regionSlug={game.region.slug}
        regionName={game.region.name}
        selectedId={chosen?.id ?? game.court?.id ?? null}
        onSelect={setChosen}
      />
      {changed ? (
        <CourtSaveBar courtName={chosen.name} error={update.isError ? update.error : null} pending={update.isPending} onSave={confirm}>
          {game.gameTemplate ? <FutureGamesCheckbox checked={futureGames} onChange={setFutureGames} className="mb-3 text-[14px]" /> : null}
        </CourtSaveBar>
      ) : null}
      <ChangeNoticeModal notice={notice} pending={update.isPending} onClose={() => setNotice(null)} onConfirm={() => void save()} />
    </div>
  );
}
