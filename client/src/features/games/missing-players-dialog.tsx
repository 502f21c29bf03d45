import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Share2, SlidersHorizontal, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import type { TGame } from "@shared/schemas/games";
import { Button } from "@client/components/button";
import { Modal } from "@client/components/modal";
import { m } from "@client/paraglide/messages";
import { regionGroupLinks } from "@client/features/regions/region-links";
import { regionQueryOptions } from "@client/features/regions/regions-query";
import { GroupLink } from "@client/features/regions/group-link";

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-pitch-50 text-pitch-700">{icon}</span>
      <div className="min-w-0 flex-1">
        <h3 className="text-[15px] font-bold text-slate-900">{title}</h3>
        <div className="mt-0.5 text-[14px] leading-snug text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/**
 * Help to fill a game (spec 000 section 2, query missing-players): share it, post it in the
 * region's groups and, for the organiser, make the game smaller.
 */
export function MissingPlayersDialog({
  game,
  open,
  onClose,
  onShare,
}: {
  game: TGame;
  open: boolean;
  onClose: () => void;
  onShare: () => void;
}) {
  const region = useQuery({ ...regionQueryOptions(game.region.slug), enabled: open });
  const groups = region.data ? regionGroupLinks(region.data) : [];
  const missing = Math.max(0, game.minPlayers - game.participantsAmount);

  return (
    <Modal open={open} onClose={onClose} title={m.game_missing_dialog_title()}>
      <p className="text-[15px] leading-relaxed text-slate-700">
        {missing === 0
          ? m.game_missing_dialog_intro_enough()
          : missing === 1
            ? m.game_missing_dialog_intro_one()
            : m.game_missing_dialog_intro({ missing: String(missing) })}
      </p>
      <ol className="mt-5 space-y-4">
        <Step icon={<Share2 aria-hidden className="size-5" />} title={m.game_missing_step_share_title()}>
          <p>{m.game_missing_step_share_text()}</p>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={onShare}
          >
            <Share2 aria-hidden className="size-4" />
            {m.game_share_action()}
          </Button>
        </Step>
        <Step icon={<UsersRound aria-hidden className="size-5" />} title={m.game_missing_step_groups_title()}>
          {groups.length > 0 ? (
            <>
              <p>{m.game_missing_step_groups_text({ region: game.region.name })}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {groups.map((link) => (
                  <li key={link.key}>
                    <GroupLink link={link} className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-slate-300 px-3 text-[14px] font-semibold text-slate-800 hover:border-pitch-600" />
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{m.game_missing_step_friends_text()}</p>
          )}
        </Step>
        {game.viewer.canManage ? (
          <Step icon={<SlidersHorizontal aria-hidden className="size-5" />} title={m.game_missing_step_adjust_title()}>
            <p>{m.game_missing_step_adjust_text()}</p>
            <Link
              to="/game/$id/edit-details"
              params={{ id: String(game.id) }}
              className="mt-1 inline-flex min-h-10 items-center text-[14px] font-bold text-pitch-700 underline underline-offset-4"
            >
              {m.game_manage_edit_details()}
            </Link>
          </Step>
        ) : null}
      </ol>
    </Modal>
  );
}
