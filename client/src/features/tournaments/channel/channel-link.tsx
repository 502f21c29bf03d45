import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRight, Megaphone } from "lucide-react";
import type { TTournament } from "@shared/schemas/tournaments";
import { UnreadBadge } from "@client/features/chat/chat-common";
import { useAccount } from "@client/lib/account";
import { m } from "@client/paraglide/messages";
import { myTeamsQueryOptions } from "../registration/team-queries";
import { channelQueryOptions } from "./channel-queries";

/**
 * The way to the tournament's channel on its page, for those who may read it (spec 001 sections 2.10, 6): the
 * organiser and admins, and a user whose team has paid (their teams are already loaded for the page). With the
 * count of news they have not seen.
 */
export function ChannelLink({ tournament }: { tournament: TTournament }) {
  const account = useAccount();
  const manager = tournament.viewer.canManage;
  const teams = useQuery({ ...myTeamsQueryOptions(tournament.id), enabled: account !== null && !manager });
  const paid = (teams.data ?? []).some((team) => team.cancelledAt === null && (team.paymentStatus === "Paid" || team.paymentStatus === "PaidExternally"));
  const allowed = account !== null && (manager || paid);
  const channel = useQuery({ ...channelQueryOptions(tournament.id), enabled: allowed, refetchInterval: false });
  if (!allowed) return null;
  const unread = (channel.data?.messages ?? []).filter((message) => !message.read).length;
  return (
    <Link
      to="/tournament/$id/channel"
      params={{ id: String(tournament.id) }}
      data-testid="tournament-channel-link"
      className="flex min-h-16 items-center gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-2.5 hover:bg-slate-50"
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <Megaphone aria-hidden className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[16px] font-semibold text-slate-900">{m.tchannel_link()}</span>
        <span className="block text-[14px] leading-snug text-slate-600">{m.tchannel_link_hint()}</span>
      </span>
      <UnreadBadge count={unread} label={m.tchannel_link_unread({ count: unread })} />
      <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-500" />
    </Link>
  );
}
