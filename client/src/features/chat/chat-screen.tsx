import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ChevronRight, LifeBuoy, Megaphone, MessagesSquare, RefreshCw, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { SUPPORT_USER_ID } from "@shared/constants";
import type { ZCurrentGameChat } from "@shared/schemas/chat";
import type { z } from "zod";
import { Avatar } from "@client/components/avatar";
import { Button } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { errorMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { formatShortDate } from "@client/lib/format/dates";
import { MessageText, previewText, SESSION_ROW_LINK, SessionRowContent, UnreadBadge } from "./chat-common";
import { LIST_REFRESH_MS, unreadQueryOptions, useReadIds } from "./chat-queries";
import { CHAT_TABS, type ChatSearch, type ChatTab } from "./chat-search";
import { countUnread, markNewsRead } from "./read-ids";
import { ChannelChatList } from "@client/features/tournaments/channel/channel-chat-list";
import { channelUnreadTotal } from "@client/features/tournaments/channel/channel-queries";


/** The News tab opens with ?kickrunde (present, empty), or by itself when unread news exist and the parameter is absent (spec 000 section 2). */
export function initialChatTab(search: ChatSearch, hasUnreadNews: boolean): ChatTab {
  if (search.tab) return search.tab;
  if (search.kickrunde) return "news";
  return hasUnreadNews ? "news" : "sessions";
}

function marketingQueryOptions() {
  return trpc.chat.marketingMessages.queryOptions(undefined, { refetchInterval: LIST_REFRESH_MS });
}

/** A list that could not be loaded: the reason and a retry in place (issue 23 item 20). */
function ListError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex flex-col items-center py-10 text-center">
      <p role="alert" className="text-red-700">
        {errorMessage(error)}
      </p>
      <Button className="mt-4" variant="outline" loading={retrying} onClick={onRetry}>
        <RefreshCw aria-hidden className="size-5" />
        {m.common_retry()}
      </Button>
    </div>
  );
}

function Loading() {
  return <p className="py-10 text-center text-slate-600">{m.chat_loading()}</p>;
}

function sessionTitle(chat: z.infer<typeof ZCurrentGameChat>): string {
  return chat.title || chat.courtName || m.chat_session_fallback();
}

/**
 * The Sessions tab: each current game chat with its newest message (who wrote what, and when), unread
 * ones first in bold; the game's day and time underneath.
 */
function SessionsTab() {
  const query = useQuery(unreadQueryOptions(LIST_REFRESH_MS));
  useRefetchOnVisible(() => void query.refetch());
  const { games } = useReadIds();
  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const chats = [...query.data.currentGameChats].sort(
    (a, b) => (b.latestCommentAt?.getTime() ?? 0) - (a.latestCommentAt?.getTime() ?? 0) || a.startTime.getTime() - b.startTime.getTime(),
  );
  const channels = query.data.tournamentChannels ?? [];
  if (chats.length === 0 && channels.length === 0) {
    return (
      <EmptyState icon={<MessagesSquare aria-hidden className="size-7" />}>
        <p className="text-[16px] font-semibold text-slate-800">{m.chat_sessions_empty()}</p>
      </EmptyState>
    );
  }
  return (
    <>
    <ChannelChatList channels={channels} />
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-3xl border border-slate-200 bg-white empty:hidden">
      {chats.map((chat) => {
        const unread = countUnread(chat.commentIds, games);
        const latest = chat.latestComment;
        const preview = latest ? previewText(latest.text) : null;
        return (
          <li key={chat.gameId}>
            <Link to="/game/$id/chat" params={{ id: String(chat.gameId) }} className={SESSION_ROW_LINK}>
              <SessionRowContent
                icon={<MessagesSquare aria-hidden className="size-6" />}
                iconTone="bg-pitch-100 text-pitch-700"
                title={sessionTitle(chat)}
                latestAt={chat.latestCommentAt}
                preview={latest && preview !== null ? (latest.fromMe ? m.chat_preview_me({ text: preview }) : m.chat_preview_author({ name: latest.authorName, text: preview })) : null}
                emptyText={m.chat_session_no_messages()}
                unread={unread}
                startTime={chat.startTime}
                cancelled={Boolean(chat.cancelledAt)}
                cancelledTestId="chat-game-cancelled"
                startLabel={m.chat_session_game_time_label()}
              />
            </Link>
          </li>
        );
      })}
    </ul>
    </>
  );
}

function PlayersTab() {
  const { locale } = useLocale();
  const query = useQuery(trpc.chat.myChats.queryOptions(undefined, { refetchInterval: LIST_REFRESH_MS }));
  useRefetchOnVisible(() => void query.refetch());
  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const conversations = [...query.data].sort((a, b) => b.latestMessage.createdAt.getTime() - a.latestMessage.createdAt.getTime());
  return (
    <div className="space-y-4">
      {conversations.length === 0 ? (
        <EmptyState icon={<Users aria-hidden className="size-7" />}>
          <p className="text-[16px] font-semibold text-slate-800">{m.chat_players_empty()}</p>
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-3xl border border-slate-200 bg-white">
          {conversations.map((conversation) => {
            const { partner, latestMessage, unreadCount } = conversation;
            const preview = previewText(latestMessage.text);
            return (
              <li key={partner.id}>
                <Link to="/user/$id/chat" params={{ id: String(partner.id) }} className="flex min-h-18 items-center gap-3 px-4 py-3 hover:bg-slate-50">
                  <Avatar name={partner.firstName} imageUrl={partner.profileImageUrl} size="md" alt="" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className={`truncate text-[16px] ${unreadCount ? "font-extrabold text-slate-900" : "font-bold text-slate-800"}`}>{partner.firstName}</span>
                      <span className="shrink-0 text-[12px] text-slate-500 tabular-nums">{formatShortDate(latestMessage.createdAt, locale)}</span>
                    </span>
                    <span className={`block truncate text-[14px] ${unreadCount ? "font-semibold text-slate-900" : "text-slate-600"}`}>
                      {latestMessage.fromMe ? m.chat_preview_me({ text: preview }) : preview}
                    </span>
                  </span>
                  <UnreadBadge count={unreadCount} label={m.chat_unread_count({ count: unreadCount })} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link
        to="/user/$id/chat"
        params={{ id: String(SUPPORT_USER_ID) }}
        className="flex min-h-14 items-center gap-3 rounded-2xl border border-slate-200 px-4 py-2 text-[15px] font-semibold text-pitch-700 hover:bg-pitch-50"
      >
        <LifeBuoy aria-hidden className="size-5" />
        <span className="flex-1">{m.chat_support_link()}</span>
        <ChevronRight aria-hidden className="size-5 text-slate-400" />
      </Link>
    </div>
  );
}

function NewsTab() {
  const { locale } = useLocale();
  const query = useQuery(marketingQueryOptions());
  useRefetchOnVisible(() => void query.refetch());
  const { news } = useReadIds();
  // What the screen shows stays marked as new until the next visit.
  const ids = query.data?.map((message) => message.id).join(",") ?? "";
  useEffect(() => {
    if (ids) markNewsRead(ids.split(",").map(Number));
  }, [ids]);
  // The read set as it was when the tab opened: those are not new.
  const [firstSeen] = useState(news);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const messages = [...query.data].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  if (messages.length === 0) {
    return (
      <EmptyState icon={<Megaphone aria-hidden className="size-7" />}>
        <p className="text-[16px] font-semibold text-slate-800">{m.chat_news_empty()}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3">
      {messages.map((message) => (
        <li key={message.id} className={`rounded-3xl border bg-white p-4 ${firstSeen.has(message.id) ? "border-slate-200" : "border-pitch-500 ring-1 ring-pitch-500"}`}>
          <p className="mb-1.5 flex items-center gap-2 text-[13px] font-semibold text-slate-600">
            <Megaphone aria-hidden className="size-4 text-pitch-700" />
            {formatShortDate(message.createdAt, locale)}
            {firstSeen.has(message.id) ? null : <span className="rounded-full bg-pitch-600 px-2 text-[12px] leading-5 text-white">{m.chat_news_new()}</span>}
          </p>
          <MessageText text={locale === "en" && message.textEn ? message.textEn : message.textDe} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /chat (spec 000 section 2): the tabs Sessions (current game chats), Players (direct chats) and
 * News (marketing messages). Lists refresh every 10 seconds and on tab visibility.
 */
export function ChatScreen({ search }: { search: ChatSearch }) {
  useLocale();
  const navigate = useNavigate();
  const news = useQuery(marketingQueryOptions());
  const { news: readNews, games } = useReadIds();
  const sessions = useQuery(unreadQueryOptions());

  const unreadNews = (news.data ?? []).filter((message) => !readNews.has(message.id)).length;
  const unreadSessions =
    (sessions.data?.currentGameChats ?? []).reduce((sum, chat) => sum + countUnread(chat.commentIds, games), 0) + channelUnreadTotal(sessions.data?.tournamentChannels);
  const unreadPlayers = sessions.data?.directMessages ?? 0;

  // Decide once the news are known, so the automatic switch to News does not flicker.
  const decided = search.tab !== undefined || search.kickrunde === true || news.isSuccess || news.isError;
  const tab = initialChatTab(search, unreadNews > 0);

  useEffect(() => {
    if (search.tab === undefined && decided) void navigate({ to: "/chat", search: { tab }, replace: true });
  }, [decided, navigate, search.tab, tab]);

  const tabs: { key: ChatTab; label: string; count: number }[] = [
    { key: "sessions", label: m.chat_tab_sessions(), count: unreadSessions },
    { key: "players", label: m.chat_tab_players(), count: unreadPlayers },
    { key: "news", label: m.chat_tab_news(), count: unreadNews },
  ];

  return (
    <div className="min-h-full bg-chalk px-4 pt-4 pb-8">
      <h1 className="text-[28px] leading-tight font-extrabold tracking-tight text-slate-900">{m.chat_title()}</h1>
      <div role="tablist" aria-label={m.chat_title()} className="mt-3 mb-4 grid grid-cols-3 gap-1 rounded-2xl bg-slate-200/70 p-1">
        {tabs.map((item) => {
          const active = decided && item.key === tab;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`chat-tab-${item.key}`}
              aria-selected={active}
              aria-controls="chat-panel"
              onClick={() => void navigate({ to: "/chat", search: { tab: item.key }, replace: true })}
              className={`flex min-h-11 items-center justify-center gap-1.5 rounded-xl px-2 text-[15px] font-bold transition-colors ${
                active ? "bg-white text-pitch-800 shadow-sm" : "text-slate-700 hover:text-slate-900"
              }`}
            >
              {item.label}
              <UnreadBadge count={item.count} label={m.chat_unread_count({ count: item.count })} />
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="chat-panel" aria-labelledby={`chat-tab-${tab}`}>
        {!decided ? <Loading /> : tab === "sessions" ? <SessionsTab /> : tab === "players" ? <PlayersTab /> : <NewsTab />}
      </div>
    </div>
  );
}
