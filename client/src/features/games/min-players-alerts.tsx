import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { AlarmClock, CircleCheck, Lightbulb, TriangleAlert } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { autoCancelAt, isMissingPlayersTipShown, minPlayersPhase } from "@shared/rules/game-windows";
import type { TGame } from "@shared/schemas/games";
import { Button, buttonClassName } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { formatTime } from "@client/lib/format/dates";
import { useGameUpdated } from "./game-query";

const TONES = {
  amber: "border-amber-200 bg-amber-50 text-amber-950",
  red: "border-red-200 bg-red-50 text-red-950",
  sky: "border-sky-200 bg-sky-50 text-sky-950",
} as const;

function AlertCard({
  tone,
  icon,
  title,
  children,
  role = "status",
}: {
  tone: keyof typeof TONES;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  role?: "status" | "alert";
}) {
  return (
    <section role={role} className={`rounded-3xl border p-4 ${TONES[tone]}`}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0">{icon}</span>
        <div className="min-w-0 flex-1">
          <h2 className="text-[16px] leading-snug font-bold">{title}</h2>
          <div className="mt-1 text-[15px] leading-snug">{children}</div>
        </div>
      </div>
    </section>
  );
}

/** "Does it take place?": confirm (minPlayers becomes 0) or cancel (spec 000 section 4). */
function TakesPlaceActions({ game, onDone }: { game: TGame; onDone?: () => void }) {
  const gameUpdated = useGameUpdated();
  const confirm = useMutation(
    trpc.games.confirmTakesPlace.mutationOptions({
      onSuccess: (updated) => {
        gameUpdated(updated);
        onDone?.();
      },
    }),
  );
  return (
    <div className="mt-3 space-y-2">
      {confirm.isError ? <Notice tone="error">{errorMessage(confirm.error)}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        <Button loading={confirm.isPending} onClick={() => confirm.mutate({ gameId: game.id })}>
          <CircleCheck aria-hidden className="size-5" />
          {m.game_takes_place_confirm()}
        </Button>
        <Link
          to="/game/$id/manage"
          params={{ id: String(game.id) }}
          search={{ cancel: true }}
          className={buttonClassName({ variant: "danger" })}
        >
          {m.game_takes_place_cancel()}
        </Link>
      </div>
    </div>
  );
}

function seenKey(gameId: number): string {
  return `kickrunde.takesPlaceAsked.${gameId}`;
}

/** The modal version of the prompt, shown once per browser session (spec 000 section 4). */
function TakesPlaceModal({ game, missing, deadline }: { game: TGame; missing: number; deadline: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    try {
      if (window.sessionStorage.getItem(seenKey(game.id))) return;
      window.sessionStorage.setItem(seenKey(game.id), "1");
    } catch {
      // no session storage: ask every time
    }
    setOpen(true);
  }, [game.id]);
  return (
    <Modal open={open} onClose={() => setOpen(false)} title={m.game_takes_place_title()}>
      <p className="text-[15px] leading-relaxed text-slate-700">
        {m.game_takes_place_text({ count: String(game.participantsAmount), min: String(game.minPlayers), time: deadline })}
      </p>
      <TakesPlaceActions game={game} onDone={() => setOpen(false)} />
    </Modal>
  );
}

/**
 * The minimum-players notices of the game page (spec 000 sections 4 and 9): for the organiser a
 * warning 8 to 3 hours before the start and the "does it take place?" prompt from 3 hours to
 * 1 hour before; for everybody a tip when more than 4 players are missing within 24 hours.
 */
export function MinPlayersAlerts({ game, now, onShowTips }: { game: TGame; now: Date; onShowTips: () => void }) {
  const { locale } = useLocale();
  if (game.cancelledAt) return null;
  const missing = game.minPlayers - game.participantsAmount;
  if (missing <= 0) return null;
  const phase = game.viewer.canManage ? minPlayersPhase(game.startTime, now) : "none";
  const deadline = formatTime(autoCancelAt(game.startTime), locale);
  const showTip = isMissingPlayersTipShown(game.startTime, now, game.minPlayers, game.participantsAmount);

  return (
    <div className="space-y-3 empty:hidden">
      {phase === "warning" ? (
        <AlertCard tone="amber" icon={<TriangleAlert aria-hidden className="size-6 text-amber-600" />} title={m.game_min_warning_title()}>
          {m.game_min_warning_text({ missing: String(missing), min: String(game.minPlayers), time: deadline })}
        </AlertCard>
      ) : null}
      {phase === "takesPlacePrompt" ? (
        <>
          <AlertCard tone="red" role="alert" icon={<AlarmClock aria-hidden className="size-6 text-red-600" />} title={m.game_takes_place_title()}>
            {m.game_takes_place_text({ count: String(game.participantsAmount), min: String(game.minPlayers), time: deadline })}
            <TakesPlaceActions game={game} />
          </AlertCard>
          <TakesPlaceModal game={game} missing={missing} deadline={deadline} />
        </>
      ) : null}
      {showTip ? (
        <AlertCard tone="sky" icon={<Lightbulb aria-hidden className="size-6 text-sky-600" />} title={m.game_missing_tip_title({ missing: String(missing) })}>
          {m.game_missing_tip_text()}
          <div className="mt-3">
            <Button variant="outline" onClick={onShowTips}>
              {m.game_missing_tip_action()}
            </Button>
          </div>
        </AlertCard>
      ) : null}
    </div>
  );
}
