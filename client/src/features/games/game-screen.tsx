import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Settings2 } from "lucide-react";
import { startTransition, Suspense, useEffect, useState } from "react";
import type { TGame } from "@shared/schemas/games";
import { buttonClassName } from "@client/components/button";
import { useAccount } from "@client/lib/account";
import { participantName } from "@client/lib/format/players";
import { useLocale } from "@client/lib/locale";
import { useNow } from "@client/lib/use-now";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { useSearchFlag } from "@client/lib/use-search-flag";
import { getAnonymousParticipations } from "@client/lib/local-records";
import { m } from "@client/paraglide/messages";
import { AddToCalendarButton } from "@client/features/calendar-event/add-to-calendar-button";
import { CashRequestsNotice } from "@client/features/participation/cash-request";
import { ownParticipation } from "@client/features/participation/own-participation";
import { ParticipationBox } from "@client/features/participation/participation-box";
import { PlayAlongButton } from "@client/features/participation/play-along-button";
import { useGameRefresh } from "@client/features/participation/use-game-refresh";
import { ShortNoticeCancellations } from "@client/features/notifications/short-notice-cancellations";
import { openCheckout } from "@client/features/payments/checkout/checkout-store";
import { CollectMoneyPanel } from "@client/features/payments/checkout/collect-money-panel";
import { PaymentFlow } from "@client/features/payments/checkout/payment-flow";
import { RegularsHeadStartNotice, WeeklySessionLink } from "@client/features/weekly/weekly-game-bits";
import { TeamsLink } from "@client/features/teams/teams-link";
import { CancelledBanner, FinishedBanner, RatingPrompt } from "./game-screen/banners";
import { CourtCard, Description, GameRegionBox, InfoTiles, Organiser } from "./game-screen/details";
import { JoinModal, JoinSuccessModal, MissingPlayersDialog, PlayerActionsModal, ShareModal, usePreloadDialogsWhenIdle } from "./game-screen/dialogs";
import { Hero } from "./game-screen/hero";
import { gameView } from "./game-screen/view-state";
import { gameDisplayTitle } from "./game-format";
import { gameQueryOptions } from "./game-query";
import { MinPlayersAlerts } from "./min-players-alerts";
import { PlayerList } from "./player-list";
import { WaitingListOfferHolders } from "@client/features/participation/waiting-list-offer";
import { TimeZoneWarning } from "./time-zone-warning";
import { useHydrated } from "@client/lib/hydration";
import { GameWeatherRow, WeatherAlertBox } from "@client/features/weather/game-weather";

/**
 * The game page /game/{id} (spec 000 section 2) with joining, the own participation, payments and the chat
 * icon; its sections are in game-screen/, what they show is derived in game-screen/view-state.ts. Fresh
 * on every visit and again whenever the tab becomes visible.
 */
export function GameScreen({ gameId }: { gameId: number }) {
  useLocale();
  const query = useSuspenseQuery(gameQueryOptions(gameId));
  const game = query.data;
  useRefetchOnVisible(() => void query.refetch());
  usePreloadDialogsWhenIdle();
  const account = useAccount();
  const now = useNow();
  const [shareOpen, setShareOpen] = useState(false);
  // The dialog follows ?missing-players, so links from notifications open it too.
  const [missingPlayersOpen, setMissingPlayers] = useSearchFlag("missing-players");
  // ?created: the organiser just created the game, the moment to share it (only a manager sees it).
  const [createdOpen, setCreated] = useSearchFlag("created");
  const refresh = useGameRefresh(game.id);
  // this browser's guest participations (local storage): after hydrating a page the server drew, which knows none
  const hydrated = useHydrated();
  const [guestEntries, setGuestEntries] = useState(() => (hydrated ? getAnonymousParticipations() : []));
  const [entriesFromDrawing] = useState(!hydrated);
  useEffect(() => {
    if (entriesFromDrawing) startTransition(() => setGuestEntries(getAnonymousParticipations()));
  }, [entriesFromDrawing]);
  const [joinOpen, setJoinOpen] = useState(false);
  const [joined, setJoined] = useState<{ queue: boolean; guest: boolean; position: number } | null>(null);
  const [actionFor, setActionFor] = useState<TGame["participations"][number] | null>(null);

  const own = ownParticipation(game, guestEntries);
  const view = gameView(game, own, now);
  const { phase, playAlong } = view;

  return (
    <div className={playAlong ? "pb-28" : "pb-6"}>
      <Hero game={game} phase={phase} end={view.end} onShare={() => setShareOpen(true)} />
      <div className="space-y-6 px-4 pt-5">
        <CancelledBanner game={game} />
        {phase === "finished" ? <FinishedBanner game={game} rate={view.finishedRate} /> : null}
        <TimeZoneWarning instant={game.startTime} />
        <WeatherAlertBox game={game} now={now} />
        {/* The organiser's open cash requests first (issue 23 item 15), then my status in this game, said once (item 12) */}
        <CashRequestsNotice game={game} />
        <ParticipationBox game={game} own={own} now={now} />
        <div className="space-y-3">
          <Organiser game={game} />
          {playAlong ? <PlayAlongButton queue={view.queue} headStart={view.headStart} onClick={() => setJoinOpen(true)} /> : null}
          {game.viewer.canManage ? (
            <Link to="/game/$id/manage" params={{ id: String(game.id) }} className={buttonClassName({ variant: "secondary", block: true, size: "lg" })}>
              <Settings2 aria-hidden className="size-5" />
              {m.game_manage_action()}
            </Link>
          ) : null}
          <WeeklySessionLink game={game} />
          <TeamsLink game={game} now={now} />
          {phase !== "finished" && game.cancelledAt === null ? (
            <AddToCalendarButton
              event={{
                kind: "game",
                id: game.id,
                // as the server's .ics names it (server/http/ics.ts): an untitled game is "Kickrunde · {court}"
                title: game.title ?? (game.court ? `${m.app_name()} · ${game.court.name}` : gameDisplayTitle(game)),
                start: game.startTime,
                end: game.endTime,
                location: [game.court?.name, game.court?.address].filter(Boolean).join(", ") || null,
                shareKey: game.shareKey,
              }}
            />
          ) : null}
        </div>
        <RegularsHeadStartNotice game={game} now={now} />
        {view.ratingPrompt ? <RatingPrompt game={game} /> : null}
        <ShortNoticeCancellations game={game} />
        <MinPlayersAlerts game={game} now={now} onShowTips={() => void setMissingPlayers(true)} />
        <InfoTiles game={game} />
        <GameWeatherRow game={game} now={now} />
        <Description game={game} />
        <WaitingListOfferHolders game={game} now={now} />
        <PlayerList
          game={game}
          viewerId={account?.id ?? null}
          finished={phase === "finished"}
          onPlayerAction={view.organiserActions ? setActionFor : undefined}
        />
        <PaymentFlow game={game} own={own} />
        {view.collectMoney ? <CollectMoneyPanel game={game} /> : null}
        <CourtCard game={game} />
        <GameRegionBox slug={game.region.slug} />
      </div>
      <Suspense fallback={null}>
        {joinOpen ? (
          <JoinModal
            game={game}
            open
            onClose={() => setJoinOpen(false)}
            onJoined={(result) => {
              setGuestEntries(getAnonymousParticipations());
              setJoinOpen(false);
              void refresh();
              // A place in a managed-payment game is only reserved: straight on to paying for it.
              if (result.payment) return openCheckout(result.payment);
              setJoined({
                queue: result.participation.queue,
                guest: result.guestToken !== null,
                // The place it got: behind everybody who waited before (the list refreshes just after).
                position: game.participations.filter((p) => p.queue).length + 1,
              });
            }}
          />
        ) : null}
        {joined ? <JoinSuccessModal gameId={game.id} result={joined} onClose={() => setJoined(null)} /> : null}
        {actionFor ? <PlayerActionsModal game={game} participation={actionFor} name={participantName(actionFor)} now={now} onClose={() => setActionFor(null)} /> : null}
        {shareOpen ? <ShareModal game={game} open onClose={() => setShareOpen(false)} /> : null}
        {createdOpen && game.viewer.canManage ? <ShareModal game={game} created open onClose={() => void setCreated(false)} /> : null}
        {missingPlayersOpen ? (
          <MissingPlayersDialog
            game={game}
            open
            onClose={() => void setMissingPlayers(false)}
            // Modals close on navigation: open the share modal once the dialog's query is gone.
            onShare={() => void setMissingPlayers(false).then(() => setShareOpen(true))}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
