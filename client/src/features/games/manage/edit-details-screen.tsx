import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Save } from "lucide-react";
import { useCallback, useMemo, useRef, useState, type FormEvent } from "react";
import { canEditGame } from "@shared/rules/game-windows";
import { canSetTitle } from "@shared/rules/game-permissions";
import { paymentFieldsFor } from "@shared/rules/managed-payment";
import type { TMyAccount } from "@shared/schemas/users";
import { Button } from "@client/components/button";
import { Notice } from "@client/components/notice";
import { useAccount } from "@client/lib/account";
import { errorMessage } from "@client/lib/errors";
import { useServerErrors } from "@client/lib/use-server-errors";
import { currentDeviceToken } from "@client/lib/notifications";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useNow } from "@client/lib/use-now";
import { m } from "@client/paraglide/messages";
import { showToast } from "@client/components/toast";
import { actorOf, GameForm, type GameFormUpdate } from "../form/game-form";
import { canSubmitEdit, initialEditState, isEmptyUpdate, startOf, updatePayload, type GameFormState } from "../form/game-form-state";
import { editPaymentContext } from "../form/payment-context";
import { gameQueryOptions, useGameUpdated } from "../game-query";
import { changeNoticeFor, type ChangeNotice } from "./change-notice";
import { ChangeNoticeModal, FutureGamesCheckbox, ManageHeader, NoPermission } from "./manage-common";

function EditDetailsForm({ gameId, account }: { gameId: number; account: TMyAccount }) {
  const { locale } = useLocale();
  const { data: game } = useSuspenseQuery(gameQueryOptions(gameId));
  const navigate = useNavigate();
  const now = useNow();
  const gameUpdated = useGameUpdated();
  const actor = actorOf(account);
  const [state, setState] = useState<GameFormState>(() => initialEditState(game, locale));
  const { codes: serverFields, take: takeServerErrors, clear: clearServerErrors } = useServerErrors();
  const [notice, setNotice] = useState<ChangeNotice | null>(null);
  // a weekly session's game may pass the change on to the session's coming games (spec 000 section 2)
  const [futureGames, setFutureGames] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const update = useMutation(trpc.games.update.mutationOptions());

  const change: GameFormUpdate = useCallback((next) => {
    setState((current) => (typeof next === "function" ? next(current) : { ...current, ...next }));
    clearServerErrors();
  }, [clearServerErrors]);

  const payload = useMemo(() => updatePayload(game, state, { canSetTitle: canSetTitle(actor) }), [game, state]); // eslint-disable-line react-hooks/exhaustive-deps
  const { organiser, wasManagedPayment } = editPaymentContext(account, game);
  const { managedSwitch } = paymentFieldsFor({ actor, organiser, isManagedPayment: state.isManagedPayment, wasManagedPayment });
  const canSave = !isEmptyUpdate(payload) && canSubmitEdit(state, { mayUseManagedPayment: managedSwitch });

  async function save() {
    setNotice(null);
    try {
      // This device follows the game it edits, when it can be notified (spec 000 section 7: updateGame takes deviceToken).
      const updated = await update.mutateAsync({
        ...payload,
        ...(futureGames && game.gameTemplate ? { updateFutureGames: true } : {}),
        deviceToken: currentDeviceToken(),
      });
      gameUpdated(updated);
      showToast(m.game_flash_saved());
      await navigate({ to: "/game/$id", params: { id: String(game.id) } });
    } catch (error) {
      takeServerErrors(error);
      window.setTimeout(() => errorRef.current?.scrollIntoView({ behavior: "smooth", block: "center" }), 0);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    const start = startOf(state) ?? game.startTime;
    const needed = changeNoticeFor(
      game,
      {
        startTime: start,
        courtId: game.court?.id ?? null,
        teams: state.teams,
        gameMode: state.gameMode,
        maxPlayers: state.maxPlayers,
        durationMinutes: state.durationMinutes,
        minPlayers: state.minPlayers,
      },
      state.isManagedPayment,
    );
    if (needed) setNotice(needed);
    else void save();
  }

  return (
    <form noValidate onSubmit={submit} className="pb-6">
      <ManageHeader game={game} title={m.game_manage_edit_details()} back={{ to: "manage" }} />
      <div className="space-y-4 bg-chalk px-3 pb-2">
        <GameForm mode="edit" state={state} update={change} account={account} now={now} serverFields={serverFields} game={game} />
        <div ref={errorRef} className="space-y-3 px-1 pt-2">
          {update.isError ? <Notice tone="error">{errorMessage(update.error)}</Notice> : null}
          {game.gameTemplate ? (
            <FutureGamesCheckbox checked={futureGames} onChange={setFutureGames} className="px-1 text-[15px]" />
          ) : null}
          <Button type="submit" size="lg" block disabled={!canSave} loading={update.isPending}>
            <Save aria-hidden className="size-5" />
            {m.game_edit_save()}
          </Button>
        </div>
      </div>
      <ChangeNoticeModal notice={notice} pending={update.isPending} onClose={() => setNotice(null)} onConfirm={() => void save()} />
    </form>
  );
}

/** /game/{id}/edit-details (spec 000 sections 2 and 5). */
export function EditDetailsScreen({ gameId }: { gameId: number }) {
  useLocale();
  const { data: game } = useSuspenseQuery(gameQueryOptions(gameId));
  const account = useAccount();
  const now = useNow();
  if (!game.viewer.canManage || !account) return <NoPermission game={game} />;
  const blocked = game.cancelledAt ? m.game_manage_cancelled() : canEditGame(game.startTime, now) ? null : m.error_GAME_EDIT_TOO_LATE();
  if (blocked) {
    return (
      <div className="pb-6">
        <ManageHeader game={game} title={m.game_manage_edit_details()} back={{ to: "manage" }} />
        <div className="px-4">
          <Notice tone={game.cancelledAt ? "info" : "error"}>{blocked}</Notice>
        </div>
      </div>
    );
  }
  return <EditDetailsForm gameId={gameId} account={account} />;
}
