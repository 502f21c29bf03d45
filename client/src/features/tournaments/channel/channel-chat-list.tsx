import { Link } from "@tanstack/react-router";
import { Megaphone } from "lucide-react";
import type { TTournamentChannelChat } from "@shared/schemas/chat";
import { previewText, SESSION_ROW_LINK, SessionRowContent } from "@client/features/chat/chat-common";
import { m } from "@client/paraglide/messages";

/**
 * The tournament channels in the chat's Sessions tab (tournaments README "Channels in the chat"): each with its
 * unread count and newest news, leading to /tournament/{id}/channel.
 */
export function ChannelChatList({ channels }: { channels: readonly TTournamentChannelChat[] }) {
  if (channels.length === 0) return null;
  return (
    <section aria-labelledby="chat-tournament-channels" className="mb-4">
      <h2 id="chat-tournament-channels" className="mb-2 px-1 text-[14px] font-bold tracking-wide text-slate-600 uppercase">
        {m.tchannel_chat_section()}
      </h2>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-3xl border border-slate-200 bg-white">
        {channels.map((channel) => (
          <li key={channel.tournamentId}>
            <Link to="/tournament/$id/channel" params={{ id: String(channel.tournamentId) }} className={SESSION_ROW_LINK}>
              <SessionRowContent
                icon={<Megaphone aria-hidden className="size-6" />}
                iconTone="bg-amber-100 text-amber-800"
                title={channel.name}
                latestAt={channel.latestMessage?.createdAt ?? null}
                preview={channel.latestMessage ? previewText(channel.latestMessage.text) : null}
                emptyText={m.tchannel_chat_no_message()}
                unread={channel.unreadCount}
                startTime={channel.startTime}
                cancelled={channel.cancelledAt !== null}
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
