import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { ArrowRightLeft, Image as ImageIcon, MessageSquareText, Pin, Shirt, Shuffle, Star, Users } from "lucide-react";
import { useState, type DragEvent, type ReactNode } from "react";
import { SKILL_STEPS } from "@shared/matchday/skill";
import { drawsCheckedIn } from "@shared/rules/teams-window";
import { TEAMS_MIN_PER_SIDE, type TGameTeams, type TTeamPlayer, type TTeamSide } from "@shared/schemas/teams";
import { Button } from "@client/components/button";
import { ChoiceChips } from "@client/components/choice-chips";
import { Modal } from "@client/components/modal";
import { Notice } from "@client/components/notice";
import { SwitchField } from "@client/components/switch-field";
import { showToast } from "@client/components/toast";
import { appErrorCode, errorMessage } from "@client/lib/errors";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { useLocale } from "@client/lib/locale";
import { useLoadedMessageCatalogue } from "@client/lib/messages";
import { trpc } from "@client/lib/trpc";
import { m } from "@client/paraglide/messages";
import { gameDisplayTitle } from "@client/features/games/game-format";
import { gameQueryOptions } from "@client/features/games/game-query";
import { ManageHeader } from "@client/features/games/manage/manage-common";
import { copyToClipboard, shareActionClass } from "@client/features/games/share-actions";
import { playerName, sideLook, teamsText } from "./team-names";
import { canvasPng, drawTeamsImage } from "./teams-image";
import { teamsQueryOptions } from "./teams-query";

/**
 * /game/{id}/teams (issue 29, server/domains/teams/README.md): the balanced teams of a game. Whoever may build
 * (the organiser, or the players when allowed) makes 2-4 teams from 30 minutes before the start, reshuffles and
 * swaps players (a tap on "Tauschen" works on a phone; a mouse can drag); everybody sees the sides with their bib
 * colours and strengths as bars, and shares them as text or as a picture. After the start the organiser rates
 * the players' skill here, seen by nobody else.
 */
export function TeamsScreen({ gameId }: { gameId: number }) {
  useLoadedMessageCatalogue();
  const { locale } = useLocale();
  const { data: game } = useSuspenseQuery(gameQueryOptions(gameId));
  const options = teamsQueryOptions(gameId);
  const { data: teams, refetch } = useSuspenseQuery(options);
  const queryClient = useQueryClient();
  const [count, setCount] = useState(2);
  const [swapping, setSwapping] = useState<TTeamPlayer | null>(null);
  const [error, setError] = useState<unknown>(null);

  const settle = {
    onSuccess: (data: TGameTeams) => {
      setError(null);
      queryClient.setQueryData(options.queryKey, data);
    },
    onError: (e: unknown) => {
      setError(e);
      // another phone changed them: show the new ones
      if (appErrorCode(e) === "TEAMS_CHANGED") void refetch();
    },
  };
  const build = useMutation({ ...trpc.teams.build.mutationOptions(), ...settle });
  const reshuffle = useMutation({ ...trpc.teams.reshuffle.mutationOptions(), ...settle });
  const move = useMutation({ ...trpc.teams.move.mutationOptions(), ...settle });
  const allow = useMutation({ ...trpc.teams.allowPlayers.mutationOptions(), ...settle });

  const heading = m.teams_share_heading({ title: gameDisplayTitle(game), when: `${formatShortDate(game.startTime, locale)}, ${formatTime(game.startTime, locale)}` });
  const lineUp = teams.lineUp;
  const open = teams.window === "open" && teams.canBuild;
  const busy = build.isPending || reshuffle.isPending || move.isPending;
  // the first build's sides: only the checked-in players once they fill the chosen number of sides (the server's rule)
  const fromCheckedIn = drawsCheckedIn({ checkedInPlayers: teams.checkedIn, teams: count, minPerSide: TEAMS_MIN_PER_SIDE });

  const moveTo = (slot: string, side: number) => {
    setSwapping(null);
    move.mutate({ gameId, slot, side, version: teams.version });
  };

  return (
    <div className="pb-8">
      <ManageHeader game={game} title={m.teams_title()} />
      <div className="space-y-5 px-4 pt-2">
        {error ? <Notice tone="error">{errorMessage(error)}</Notice> : null}
        {teams.window === "notYet" && (teams.canBuild || !lineUp) ? (
          <Notice tone="info">{teams.canBuild ? m.teams_not_open({ time: formatTime(teams.opensAt, locale) }) : m.teams_none_yet()}</Notice>
        ) : null}
        {!lineUp && teams.window === "open" && !teams.canBuild ? <Notice tone="info">{m.teams_none_yet()}</Notice> : null}
        {!lineUp && teams.window === "closed" ? <Notice tone="info">{m.teams_closed_none()}</Notice> : null}

        {open && !lineUp ? (
          <Card>
            <h2 className="text-[20px] font-extrabold tracking-tight text-slate-900">{m.teams_build_title()}</h2>
            <p className="mt-1 text-[15px] leading-snug text-slate-600">
              {fromCheckedIn
                ? m.teams_build_explain_checked_in({ count: String(teams.checkedIn), total: String(teams.players) })
                : m.teams_build_explain({ count: String(teams.players) })}
            </p>
            {!fromCheckedIn && teams.checkedIn > 0 ? (
              <p className="mt-2 text-[14px] leading-snug text-slate-500">{m.teams_checked_in_few({ count: String(teams.checkedIn), total: String(teams.players) })}</p>
            ) : null}
            <div className="mt-4">
              <TeamCount value={count} onChange={setCount} />
            </div>
            <Button className="mt-4" size="lg" block loading={build.isPending} onClick={() => build.mutate({ gameId, teams: count, version: teams.version })}>
              <Users aria-hidden className="size-5" />
              {m.teams_build_action()}
            </Button>
          </Card>
        ) : null}

        {lineUp ? (
          <>
            {open && lineUp.outdated ? <Notice tone="info">{teams.fromCheckedIn ? m.teams_outdated_checked_in() : m.teams_outdated()}</Notice> : null}
            {/* whom the line-up holds: only once it is drawn from them (an outdated one still holds the earlier players) */}
            {teams.fromCheckedIn && !lineUp.outdated ? (
              <p className="text-[14px] leading-snug text-slate-600">{m.teams_from_checked_in({ count: String(teams.checkedIn), total: String(teams.players) })}</p>
            ) : null}
            <div className="space-y-3">
              {lineUp.sides.map((side, index) => (
                <SideCard
                  key={index}
                  sides={lineUp.sides}
                  index={index}
                  canSwap={open}
                  onSwap={setSwapping}
                  onDropSlot={(slot) => moveTo(slot, index)}
                />
              ))}
            </div>
            {open ? (
              <div className="space-y-3">
                <p className="text-[14px] leading-snug text-slate-600">{m.teams_swap_hint()}</p>
                <Button size="lg" block loading={reshuffle.isPending} disabled={busy} onClick={() => reshuffle.mutate({ gameId, version: teams.version })}>
                  <Shuffle aria-hidden className="size-5" />
                  {m.teams_reshuffle()}
                </Button>
                <Rebuild sides={lineUp.sides.length} busy={busy} onBuild={(n) => build.mutate({ gameId, teams: n, version: teams.version })} />
              </div>
            ) : null}
            <ShareButtons sides={lineUp.sides} heading={heading} />
          </>
        ) : null}

        {teams.canManage && teams.window !== "closed" && game.cancelledAt === null ? (
          <Card>
            <SwitchField
              label={m.teams_allow_players()}
              hint={m.teams_allow_players_hint()}
              checked={teams.playersMayBuild}
              disabled={allow.isPending}
              onCheckedChange={(allowed) => allow.mutate({ gameId, allowed, version: teams.version })}
            />
          </Card>
        ) : null}

        {teams.ratingOpen && teams.ratable.length > 0 ? <SkillRating teams={teams} /> : null}
      </div>

      <Modal open={swapping !== null} onClose={() => setSwapping(null)} title={swapping ? m.teams_swap_title({ name: playerName(swapping) }) : ""}>
        {swapping && lineUp ? (
          <div className="space-y-2">
            {lineUp.sides.map((side, index) => {
              if (side.players.some((p) => p.slot === swapping.slot)) return null;
              const look = sideLook(lineUp.sides, index);
              return (
                <Button key={index} variant="secondary" size="lg" block onClick={() => moveTo(swapping.slot, index)}>
                  <Dot colour={look.colour} ring={look.ring} />
                  {m.teams_move_to({ team: look.name })}
                </Button>
              );
            })}
          </div>
        ) : null}
      </Modal>
    </div>
  );
}

function Card({ children }: { children: ReactNode }) {
  return <section className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm">{children}</section>;
}

function Dot({ colour, ring, size = "size-4" }: { colour: string; ring: boolean; size?: string }) {
  return <span aria-hidden className={`inline-block shrink-0 rounded-full ${size} ${ring ? "ring-2 ring-slate-300" : ""}`} style={{ backgroundColor: colour }} />;
}

function TeamCount({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return <ChoiceChips label={m.teams_count_label()} value={value} onValueChange={onChange} size="lg" choices={[2, 3, 4].map((n) => ({ value: n, label: String(n) }))} />;
}

function Rebuild({ sides, busy, onBuild }: { sides: number; busy: boolean; onBuild: (n: number) => void }) {
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(sides);
  if (!open) {
    return (
      <Button variant="ghost" block disabled={busy} onClick={() => setOpen(true)}>
        <Users aria-hidden className="size-5" />
        {m.teams_rebuild()}
      </Button>
    );
  }
  return (
    <Card>
      <TeamCount value={count} onChange={setCount} />
      <Button className="mt-3" block disabled={busy} onClick={() => (setOpen(false), onBuild(count))}>
        {m.teams_build_action()}
      </Button>
    </Card>
  );
}

/** One side: colour dot and name, its shirts, the strength bar (no numbers), its players; a drop target for a mouse. */
function SideCard({
  sides,
  index,
  canSwap,
  onSwap,
  onDropSlot,
}: {
  sides: TTeamSide[];
  index: number;
  canSwap: boolean;
  onSwap: (p: TTeamPlayer) => void;
  onDropSlot: (slot: string) => void;
}) {
  const side = sides[index]!;
  const look = sideLook(sides, index);
  const [over, setOver] = useState(false);
  const drop = canSwap
    ? {
        onDragOver: (e: DragEvent) => {
          e.preventDefault();
          setOver(true);
        },
        onDragLeave: () => setOver(false),
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          setOver(false);
          const slot = e.dataTransfer.getData("text/plain");
          if (slot && !side.players.some((p) => p.slot === slot)) onDropSlot(slot);
        },
      }
    : {};
  return (
    <section
      aria-label={look.name}
      data-testid={`team-side-${index}`}
      className={`overflow-hidden rounded-3xl border bg-white shadow-sm ${over ? "border-pitch-500 ring-2 ring-pitch-300" : "border-slate-200"}`}
      {...drop}
    >
      <header className="flex items-center gap-3 px-4 pt-4">
        <Dot colour={look.colour} ring={look.ring} size="size-6" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-[19px] font-extrabold tracking-tight text-slate-900">{look.name}</h2>
          <p className="flex items-center gap-1 text-[13px] font-medium text-slate-600">
            <Shirt aria-hidden className="size-3.5" />
            {look.shirts}
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-[13px] font-bold text-slate-700">{m.teams_players({ count: String(side.players.length) })}</span>
      </header>
      <div className="px-4 pt-3">
        <div className="flex items-center gap-2">
          <span className="text-[12px] font-semibold tracking-wide text-slate-500 uppercase">{m.teams_strength()}</span>
          <div
            role="meter"
            aria-label={m.teams_strength_label({ team: look.name, share: String(side.strengthShare) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={side.strengthShare}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-pitch-500" style={{ width: `${side.strengthShare}%` }} />
          </div>
        </div>
      </div>
      <ul className="mt-2 divide-y divide-slate-100">
        {side.players.map((p) => (
          <li
            key={p.slot}
            draggable={canSwap}
            onDragStart={(e) => e.dataTransfer.setData("text/plain", p.slot)}
            className="flex min-h-13 items-center gap-2 px-4 py-2"
          >
            <span className="min-w-0 flex-1 truncate text-[15px] font-semibold text-slate-900">{playerName(p)}</span>
            {p.bringsBibs ? (
              <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-orange-100 px-2 py-0.5 text-[12px] font-bold text-orange-900">
                <Shirt aria-hidden className="size-3" />
                {m.teams_brings_bibs()}
              </span>
            ) : null}
            {p.kept ? (
              <span className="inline-flex shrink-0 items-center gap-1 text-[12px] font-semibold text-slate-500">
                <Pin aria-hidden className="size-3" />
                {m.teams_kept()}
              </span>
            ) : null}
            {canSwap ? (
              <button
                type="button"
                onClick={() => onSwap(p)}
                aria-label={m.teams_swap_title({ name: playerName(p) })}
                className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-xl px-2.5 text-[14px] font-semibold text-pitch-700 hover:bg-pitch-50"
              >
                <ArrowRightLeft aria-hidden className="size-4" />
                {m.teams_swap()}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Als Text teilen" (the phone's share sheet, else the clipboard) and "Als Bild teilen" (a PNG: shared, else downloaded). */
function ShareButtons({ sides, heading }: { sides: TTeamSide[]; heading: string }) {
  const [failed, setFailed] = useState(false);
  async function shareText() {
    const text = teamsText(sides, heading);
    setFailed(false);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ text });
        return;
      } catch (e) {
        if (e instanceof DOMException && e.name === "AbortError") return;
      }
    }
    if (await copyToClipboard(text)) showToast(m.teams_share_copied());
    else setFailed(true);
  }
  async function shareImage() {
    setFailed(false);
    try {
      const blob = await canvasPng(drawTeamsImage(sides, heading));
      const file = new File([blob], "teams.png", { type: "image/png" });
      if (typeof navigator.canShare === "function" && navigator.canShare({ files: [file] })) {
        try {
          await navigator.share({ files: [file], title: heading });
          return;
        } catch (e) {
          if (e instanceof DOMException && e.name === "AbortError") return;
        }
      }
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = "teams.png";
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast(m.teams_share_downloaded());
    } catch {
      setFailed(true);
    }
  }
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <button type="button" className={shareActionClass} onClick={() => void shareText()}>
          <MessageSquareText aria-hidden className="size-5 text-pitch-700" />
          {m.teams_share_text()}
        </button>
        <button type="button" className={shareActionClass} onClick={() => void shareImage()}>
          <ImageIcon aria-hidden className="size-5 text-pitch-700" />
          {m.teams_share_image()}
        </button>
      </div>
      {failed ? <p className="text-sm font-medium text-red-700">{m.teams_share_failed()}</p> : null}
    </div>
  );
}

/** "Spielstärke bewerten": 1-5 stars per player (SKILL_STEPS 10..90), saved on the tap; only the organiser sees them. */
function SkillRating({ teams }: { teams: TGameTeams }) {
  const queryClient = useQueryClient();
  const options = teamsQueryOptions(teams.gameId);
  const rate = useMutation({
    ...trpc.teams.rateSkill.mutationOptions(),
    onSuccess: (data) => {
      queryClient.setQueryData(options.queryKey, data);
      showToast(m.teams_rate_saved());
    },
  });
  const starsOf = (rating: number | null) => (rating === null ? 0 : SKILL_STEPS.findIndex((s) => s >= rating) + 1);
  return (
    <Card>
      <h2 className="text-[20px] font-extrabold tracking-tight text-slate-900">{m.teams_rate_title()}</h2>
      <p className="mt-1 text-[14px] leading-snug text-slate-600">{m.teams_rate_explain()}</p>
      {rate.isError ? (
        <div className="mt-3">
          <Notice tone="error">{errorMessage(rate.error)}</Notice>
        </div>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-100">
        {teams.ratable.map((p) => {
          const current = starsOf(p.myRating);
          return (
            <li key={p.userId} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0 truncate text-[15px] font-semibold text-slate-900">{p.name}</span>
              <span role="radiogroup" aria-label={m.teams_rate_title()} className="flex shrink-0">
                {SKILL_STEPS.map((value, i) => (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    aria-checked={current === i + 1}
                    aria-label={m.teams_rate_stars({ name: p.name, stars: String(i + 1) })}
                    disabled={rate.isPending}
                    onClick={() => rate.mutate({ gameId: teams.gameId, userId: p.userId, rating: value })}
                    className="inline-flex size-10 items-center justify-center rounded-xl hover:bg-amber-50"
                  >
                    <Star aria-hidden className={`size-6 ${i < current ? "fill-amber-400 text-amber-500" : "text-slate-300"}`} />
                  </button>
                ))}
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
