import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import {
  Ban,
  ClipboardCheck,
  Clock,
  CreditCard,
  Flag,
  Lock,
  MapPin,
  MessageCircle,
  Navigation,
  Search,
  Settings2,
  Share2,
  Sparkles,
  Timer,
  Users,
  Wallet,
} from "lucide-react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { gamePhase, type GamePhase } from "@shared/rules/game-phase";
import { gameEndTime } from "@shared/rules/game-windows";
import { formatMoney } from "@shared/rules/money";
import { canPlayAlong } from "@shared/rules/participation";
import { playersIn } from "@shared/rules/player-list";
import { ratingWindow, showRatingPrompt } from "@shared/rules/reliability";
import type { TGame } from "@shared/schemas/games";
import { Avatar } from "@client/components/avatar";
import { buttonClassName } from "@client/components/button";
import { useAccount } from "@client/lib/account";
import { useLocale } from "@client/lib/locale";
import { useNow } from "@client/lib/use-now";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { useSearchFlag } from "@client/lib/use-search-flag";
import { getAnonymousParticipations } from "@client/lib/storage";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { countUnread } from "@client/features/chat/read-ids";
import { useReadIds } from "@client/features/chat/chat-queries";
import { RegionBox } from "@client/features/regions/region-box";
import { regionQueryOptions } from "@client/features/regions/regions-query";
import { AppLink } from "@client/features/shell/app-link";
import { CashRequestsNotice } from "@client/features/participation/cash-request";
import { joinsWaitingList, regularsHeadStart } from "@client/features/participation/join-rules";
import { ownParticipation } from "@client/features/participation/own-participation";
import { ParticipationBox } from "@client/features/participation/participation-box";
import { PlayAlongButton } from "@client/features/participation/play-along-button";
import { useGameRefresh } from "@client/features/participation/use-game-refresh";
import { ShortNoticeCancellations } from "@client/features/notifications/short-notice-cancellations";
import { openCheckout } from "@client/features/payments/checkout/checkout-store";
import { CollectMoneyPanel } from "@client/features/payments/checkout/collect-money-panel";
import { PaymentFlow } from "@client/features/payments/checkout/payment-flow";
import { RegularsHeadStartNotice, WeeklySessionLink } from "@client/features/weekly/weekly-game-bits";
import { cancellationReasonLabel } from "./cancel-reasons";
import { CourtFacts } from "./court-facts";
import {
  finishedPlayersText,
  formatDateTime,
  formatDuration,
  formatLineUp,
  formatLongDate,
  formatTime,
  gameDisplayTitle,
  genderLabel,
  LEVEL_TONES,
  levelLabel,
} from "./game-format";
import { gameQueryOptions } from "./game-query";
import { MinPlayersAlerts } from "./min-players-alerts";
import { nameOf, PlayerList } from "./player-list";
import { TimeZoneWarning } from "./time-zone-warning";

// The dialogs are not needed to show the game: their code (with the form validation) loads when the
// browser is idle after the page is drawn, or when one is opened first; each renders only while open.
const loadJoinModal = () => import("@client/features/participation/join-modal");
const loadJoinSuccessModal = () => import("@client/features/participation/join-success-modal");
const loadPlayerActionsModal = () => import("@client/features/participation/player-actions-modal");
const loadShareModal = () => import("./share-modal");
const loadMissingPlayersDialog = () => import("./missing-players-dialog");
const JoinModal = lazy(() => loadJoinModal().then((mod) => ({ default: mod.JoinModal })));
const JoinSuccessModal = lazy(() => loadJoinSuccessModal().then((mod) => ({ default: mod.JoinSuccessModal })));
const PlayerActionsModal = lazy(() => loadPlayerActionsModal().then((mod) => ({ default: mod.PlayerActionsModal })));
const ShareModal = lazy(() => loadShareModal().then((mod) => ({ default: mod.ShareModal })));
const MissingPlayersDialog = lazy(() => loadMissingPlayersDialog().then((mod) => ({ default: mod.MissingPlayersDialog })));

function usePreloadDialogsWhenIdle() {
  useEffect(() => {
    const load = () => {
      for (const importer of [loadJoinModal, loadJoinSuccessModal, loadPlayerActionsModal, loadShareModal, loadMissingPlayersDialog]) void importer().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(load, { timeout: 3_000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 1_500);
    return () => clearTimeout(timer);
  }, []);
}

function Hero({ game, phase, onShare }: { game: TGame; phase: GamePhase; onShare: () => void }) {
  const { locale } = useLocale();
  const end = gameEndTime(game.startTime, game.durationMinutes);
  const image = game.court?.imageUrl;
  return (
    <div className="relative overflow-hidden bg-gradient-to-br from-pitch-700 to-pitch-900 px-5 pt-5 pb-6 text-white">
      {image ? <img src={image} alt="" className="absolute inset-0 size-full object-cover opacity-35" /> : null}
      <svg aria-hidden viewBox="0 0 400 200" preserveAspectRatio="none" className="absolute inset-0 size-full text-white/10">
        <rect x="12" y="12" width="376" height="176" fill="none" stroke="currentColor" strokeWidth="2" />
        <line x1="200" y1="12" x2="200" y2="188" stroke="currentColor" strokeWidth="2" />
        <circle cx="200" cy="100" r="36" fill="none" stroke="currentColor" strokeWidth="2" />
        <rect x="12" y="60" width="44" height="80" fill="none" stroke="currentColor" strokeWidth="2" />
        <rect x="344" y="60" width="44" height="80" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <div className="relative">
        <div className="flex items-start justify-between gap-3">
          <p className="text-[15px] font-semibold text-pitch-100 first-letter:uppercase">{formatLongDate(game.startTime, locale)}</p>
          <div className="-mt-1.5 -mr-1.5 flex shrink-0 gap-1.5">
          <GameChatIcon gameId={game.id} />
          <button
            type="button"
            onClick={onShare}
            aria-label={m.game_share_action()}
            className="on-dark inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"
          >
            <Share2 aria-hidden className="size-5" />
          </button>
          </div>
        </div>
        <h1 className={`mt-1 text-[27px] leading-tight font-extrabold tracking-tight ${game.cancelledAt ? "line-through decoration-2" : ""}`}>
          {gameDisplayTitle(game)}
        </h1>
        <p className="mt-2 flex items-center gap-2 text-[17px] font-bold tabular-nums">
          <Clock aria-hidden className="size-5 text-pitch-200" />
          {m.game_time_range({ start: formatTime(game.startTime, locale), end: formatTime(end, locale) })}
          <span className="font-medium text-pitch-100">· {formatDuration(game.durationMinutes, locale)}</span>
        </p>
        {game.court ? (
          <p className="mt-1 flex items-center gap-2 text-[15px] text-pitch-50">
            <MapPin aria-hidden className="size-5 shrink-0 text-pitch-200" />
            <span className="truncate">{game.title ? game.court.name : (game.court.address ?? game.court.name)}</span>
          </p>
        ) : null}
        <ul className="mt-4 flex flex-wrap gap-1.5 text-[13px] font-semibold">
          {phase === "finished" ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-slate-800">
              <Flag aria-hidden className="size-3.5" />
              {m.game_phase_finished()}
            </li>
          ) : phase === "running" ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-amber-300 px-2.5 py-1 text-amber-950">
              <Timer aria-hidden className="size-3.5" />
              {m.game_phase_running()}
            </li>
          ) : null}
          <li className="rounded-full bg-white/15 px-2.5 py-1">{formatLineUp(game.teams, game.gameMode)}</li>
          {game.gameType === "PRIVATE" ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-1">
              <Lock aria-hidden className="size-3.5" />
              {m.game_type_private()}
            </li>
          ) : null}
          {game.gameType === "KICKRUNDE" ? (
            <li className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-pitch-800">
              <Sparkles aria-hidden className="size-3.5" />
              {m.game_type_kickrunde()}
            </li>
          ) : null}
          {game.organization ? <li className="rounded-full bg-white/15 px-2.5 py-1">{game.organization.name}</li> : null}
        </ul>
      </div>
    </div>
  );
}

/** The chat icon with the count of unread comments (spec 000 section 2, game page). */
function GameChatIcon({ gameId }: { gameId: number }) {
  const { data } = useQuery(trpc.chat.gameComments.queryOptions({ gameId }));
  const { games } = useReadIds();
  const unread = countUnread((data ?? []).filter((c) => !c.isSystemMessage).map((c) => c.id), games);
  return (
    <Link
      to="/game/$id/chat"
      params={{ id: String(gameId) }}
      aria-label={unread ? m.game_chat_action_unread({ count: unread }) : m.game_chat_action()}
      className="on-dark relative inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"
    >
      <MessageCircle aria-hidden className="size-5" />
      {unread ? (
        <span className="absolute -top-1 -right-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white tabular-nums">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}

function CancelledBanner({ game }: { game: TGame }) {
  const { locale } = useLocale();
  if (!game.cancelledAt) return null;
  const when = formatDateTime(game.cancelledAt, locale);
  return (
    <section role="status" aria-labelledby="game-cancelled" className="rounded-3xl border border-red-200 bg-red-50 p-4 text-red-950">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-red-600 text-white">
          <Ban aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="game-cancelled" className="text-[17px] font-extrabold">
            {m.game_cancelled_title()}
          </h2>
          <p className="mt-0.5 text-[15px]">
            {game.cancelledBy ? m.game_cancelled_by({ name: game.cancelledBy.firstName, when }) : m.game_cancelled_automatically({ when })}
          </p>
          {game.cancellationReason ? (
            <p className="mt-2 text-[15px]">
              <span className="font-semibold">{m.game_cancelled_reason()}</span> {cancellationReasonLabel(game.cancellationReason)}
            </p>
          ) : null}
          {game.cancellationMessage ? (
            <blockquote className="mt-2 rounded-2xl bg-white/70 px-3 py-2 text-[15px] whitespace-pre-line italic">{game.cancellationMessage}</blockquote>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * A game that is over (spec 000 section 4: past once its end has passed): it says so, how many took
 * part, and offers what still applies: rating the attendance or its list for the organiser, the next
 * game for everybody else. Reporting stays in the participation box.
 */
function FinishedBanner({ game, now }: { game: TGame; now: Date }) {
  const window = ratingWindow({ start: game.startTime, durationMinutes: game.durationMinutes, now, isAdmin: game.viewer.isAdmin });
  const rate =
    game.viewer.canManage &&
    showRatingPrompt({ isCreatorOrAdmin: true, receivedFeedback: game.receivedOrganizerReliabilityFeedback, start: game.startTime, now, window });
  return (
    <section role="status" aria-labelledby="game-finished" className="rounded-3xl border border-slate-200 bg-slate-50 p-4 text-slate-900">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-800 text-white">
          <Flag aria-hidden className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="game-finished" className="text-[17px] font-extrabold">
            {m.game_finished_title()}
          </h2>
          <p className="mt-0.5 text-[15px] text-slate-700">{finishedPlayersText(game.participantsAmount)}</p>
        </div>
      </div>
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
    </section>
  );
}

function Tile({ label, children, tone = "bg-slate-50 text-slate-900" }: { label: string; children: ReactNode; tone?: string }) {
  return (
    <div className={`flex min-h-20 flex-col justify-between rounded-2xl px-3 py-2.5 ${tone}`}>
      <span className="text-[12px] font-semibold tracking-wide uppercase opacity-70">{label}</span>
      <span className="mt-1 text-[16px] leading-tight font-extrabold">{children}</span>
    </div>
  );
}

function InfoTiles({ game }: { game: TGame }) {
  const { locale } = useLocale();
  return (
    <div className="grid grid-cols-3 gap-2">
      <Tile label={m.game_tile_price()} tone={game.priceCents === 0 ? "bg-pitch-50 text-pitch-900" : "bg-slate-900 text-white"}>
        {game.priceCents === 0 ? (
          m.game_price_free()
        ) : (
          <span className="flex flex-col">
            <span className="tabular-nums">{formatMoney(game.priceCents, locale)}</span>
            <span className="mt-0.5 inline-flex items-center gap-1 text-[12px] font-semibold opacity-80">
              {game.isManagedPayment ? <CreditCard aria-hidden className="size-3.5" /> : <Wallet aria-hidden className="size-3.5" />}
              {game.isManagedPayment ? m.game_managed_payment() : m.game_cash_payment()}
            </span>
          </span>
        )}
      </Tile>
      <Tile label={m.game_tile_level()} tone={LEVEL_TONES[game.level]}>
        {levelLabel(game.level)}
      </Tile>
      <Tile label={m.game_tile_gender()} tone={game.gender === "MIXED" ? "bg-slate-50 text-slate-900" : "bg-violet-100 text-violet-950"}>
        {genderLabel(game.gender)}
      </Tile>
    </div>
  );
}

function Organiser({ game }: { game: TGame }) {
  const creator = game.creator;
  return (
    <Link
      to="/user/$id"
      params={{ id: String(creator.id) }}
      className="flex items-center gap-3 rounded-2xl border border-slate-200 p-3 hover:bg-slate-50"
    >
      <Avatar name={creator.firstName} imageUrl={creator.profileImageUrl} size="md" alt="" />
      <div className="min-w-0 flex-1">
        <p className="text-[13px] font-semibold text-slate-600">{m.game_organised_by()}</p>
        <p className="truncate text-[17px] font-bold text-slate-900">{creator.firstName}</p>
      </div>
      {game.organization?.imageUrl ? (
        <img src={game.organization.imageUrl} alt={game.organization.name} className="size-10 shrink-0 rounded-xl object-contain" />
      ) : null}
    </Link>
  );
}

function Description({ game }: { game: TGame }) {
  const { locale } = useLocale();
  const text = locale === "en" && game.descriptionEn ? game.descriptionEn : game.description;
  if (!text.trim()) return null;
  return (
    <section aria-labelledby="game-description">
      <h2 id="game-description" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
        {m.game_description_title()}
      </h2>
      <p className="text-[16px] leading-relaxed break-words whitespace-pre-line text-slate-800">{text}</p>
    </section>
  );
}

function CourtCard({ game }: { game: TGame }) {
  const court = game.court;
  return (
    <section aria-labelledby="game-court">
      <h2 id="game-court" className="mb-2 text-[20px] font-extrabold tracking-tight text-slate-900">
        {m.game_court_title()}
      </h2>
      {court ? (
        <div className="overflow-hidden rounded-3xl border border-slate-200">
          <div className="p-4">
            <p className="text-[17px] font-bold text-slate-900">{court.name}</p>
            {court.address ? <p className="mt-0.5 text-[15px] text-slate-600">{court.address}</p> : null}
            <CourtFacts court={court} className="mt-3" />
          </div>
          <div className="grid grid-cols-2 border-t border-slate-200 text-[14px] font-semibold">
            <AppLink href={`/court/${court.id}`} className="flex min-h-12 items-center justify-center gap-1.5 text-pitch-700 hover:bg-pitch-50">
              <MapPin aria-hidden className="size-4" />
              {m.game_court_details()}
            </AppLink>
            <a
              href={`https://www.google.com/maps/dir/?api=1&destination=${court.latitude},${court.longitude}`}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-12 items-center justify-center gap-1.5 border-l border-slate-200 text-pitch-700 hover:bg-pitch-50"
            >
              <Navigation aria-hidden className="size-4" />
              {m.game_court_route()}
            </a>
          </div>
          <Link
            to="/games/$regionSlug"
            params={{ regionSlug: game.region.slug }}
            search={{ courtId: court.id }}
            className="flex min-h-12 items-center justify-center gap-1.5 border-t border-slate-200 text-[14px] font-semibold text-slate-700 hover:bg-slate-50"
          >
            <Users aria-hidden className="size-4" />
            {m.game_court_more_games()}
          </Link>
        </div>
      ) : (
        <p className="rounded-2xl bg-slate-50 px-4 py-5 text-[15px] text-slate-700">{m.game_court_none()}</p>
      )}
    </section>
  );
}

/** Creator or admin, from 1 hour after the start while no organiser feedback exists (spec 000 section 4). */
function RatingPrompt({ game, now }: { game: TGame; now: Date }) {
  const window = ratingWindow({ start: game.startTime, durationMinutes: game.durationMinutes, now, isAdmin: game.viewer.isAdmin });
  const show =
    !game.cancelledAt &&
    showRatingPrompt({ isCreatorOrAdmin: game.viewer.canManage, receivedFeedback: game.receivedOrganizerReliabilityFeedback, start: game.startTime, now, window });
  if (!show) return null;
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

function GameRegionBox({ slug }: { slug: string }) {
  const { data: region } = useQuery(regionQueryOptions(slug));
  return region ? <RegionBox region={region} /> : null;
}

/**
 * The game page /game/{id} (spec 000 section 2) with joining, the own participation and the chat icon; payments come later.
 * Fresh on every visit and again whenever the tab becomes visible.
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
  const [guestEntries, setGuestEntries] = useState(getAnonymousParticipations);
  const [joinOpen, setJoinOpen] = useState(false);
  const [joined, setJoined] = useState<{ queue: boolean; guest: boolean; position: number } | null>(null);
  const [actionFor, setActionFor] = useState<TGame["participations"][number] | null>(null);

  const own = ownParticipation(game, guestEntries);
  const full = game.maxPlayers !== null && playersIn(game.participations) >= game.maxPlayers;
  const end = gameEndTime(game.startTime, game.durationMinutes);
  const playAlong = canPlayAlong({ participating: own !== null, cancelled: game.cancelledAt !== null, start: game.startTime, end, full, now });
  const organiserActions = game.viewer.canManage && !game.cancelledAt && now < game.startTime;
  const phase = gamePhase({ cancelledAt: game.cancelledAt, startTime: game.startTime, endTime: end, now });
  const queue = joinsWaitingList(game);
  const headStart = regularsHeadStart(game, now);

  return (
    <div className={playAlong ? "pb-28" : "pb-6"}>
      <Hero game={game} phase={phase} onShare={() => setShareOpen(true)} />
      <div className="space-y-6 px-4 pt-5">
        <CancelledBanner game={game} />
        {phase === "finished" ? <FinishedBanner game={game} now={now} /> : null}
        <TimeZoneWarning instant={game.startTime} />
        {/* The organiser's open cash requests first (issue 23 item 15), then my status in this game, said once (item 12) */}
        <CashRequestsNotice game={game} />
        <ParticipationBox game={game} own={own} now={now} />
        <div className="space-y-3">
          <Organiser game={game} />
          {playAlong ? <PlayAlongButton queue={queue} headStart={headStart} onClick={() => setJoinOpen(true)} /> : null}
          {game.viewer.canManage ? (
            <Link to="/game/$id/manage" params={{ id: String(game.id) }} className={buttonClassName({ variant: "secondary", block: true, size: "lg" })}>
              <Settings2 aria-hidden className="size-5" />
              {m.game_manage_action()}
            </Link>
          ) : null}
          <WeeklySessionLink game={game} />
        </div>
        <RegularsHeadStartNotice game={game} now={now} />
        {phase === "finished" ? null : <RatingPrompt game={game} now={now} />}
        <ShortNoticeCancellations game={game} />
        <MinPlayersAlerts game={game} now={now} onShowTips={() => void setMissingPlayers(true)} />
        <InfoTiles game={game} />
        <Description game={game} />
        <PlayerList
          game={game}
          viewerId={account?.id ?? null}
          finished={phase === "finished"}
          onPlayerAction={organiserActions ? setActionFor : undefined}
        />
        <PaymentFlow game={game} own={own} />
        {game.isManagedPayment && game.viewer.isAdmin && !game.cancelledAt ? <CollectMoneyPanel game={game} /> : null}
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
        {actionFor ? <PlayerActionsModal game={game} participation={actionFor} name={nameOf(actionFor)} now={now} onClose={() => setActionFor(null)} /> : null}
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
