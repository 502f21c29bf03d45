import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, LifeBuoy, MessageCircle, MessageCircleOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DIRECT_MESSAGE_PAGE_SIZE, SUPPORT_USER_ID } from "@shared/constants";
import { Avatar } from "@client/components/avatar";
import { Button, buttonClassName } from "@client/components/button";
import { EmptyState } from "@client/components/empty-state";
import { appErrorCode, errorMessage, fieldErrorCodes, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { trpc } from "@client/lib/trpc";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { Bubble, MessageText, SendBox } from "./chat-common";
import { CONVERSATION_REFRESH_MS } from "./chat-queries";
import { useMessageCatalogue } from "@client/lib/messages";

function sendError(error: unknown): string {
  const field = fieldErrorCodes(error).text;
  if (appErrorCode(error) === "VALIDATION" && field) return validationMessage(field);
  return errorMessage(error);
}

/**
 * A conversation that cannot be: an unknown user ("Nutzer existiert nicht.") or oneself ("Du kannst Dir
 * selbst keine Nachrichten schicken.", spec 000 section 8), with the way back to the chats.
 */
function ChatUnavailable({ text }: { text: string }) {
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center px-6 py-12 text-center">
      <div className="mb-5 inline-flex size-20 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <MessageCircleOff aria-hidden className="size-10" />
      </div>
      <h1 className="text-xl font-extrabold text-slate-900">{text}</h1>
      <Link to="/chat" search={{ tab: "players" }} className={buttonClassName({ className: "mt-6" })}>
        {m.chat_to_list()}
      </Link>
    </div>
  );
}

/** /user/{id}/chat: nobody chats with themself, and an unknown id is not a nameless chat. */
export function DirectChatScreen({ partnerId, myId }: { partnerId: number; myId: number }) {
  useLocale();
  if (partnerId === myId) return <ChatUnavailable text={m.error_MESSAGE_TO_SELF()} />;
  return <Conversation partnerId={partnerId} myId={myId} />;
}

/**
 * /user/{id}/chat (spec 000 section 2): the conversation with one user, oldest first, 50 at a time
 * with "load older". Refreshes every 5 seconds; unread messages are marked and the conversation is
 * marked as read on open and whenever new ones arrive. The viewer's own system messages are hidden.
 */
function Conversation({ partnerId, myId }: { partnerId: number; myId: number }) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const [pageSize, setPageSize] = useState(DIRECT_MESSAGE_PAGE_SIZE);
  const partner = useQuery(trpc.users.byId.queryOptions({ id: partnerId }));
  const messages = useQuery({
    ...trpc.chat.directMessages.queryOptions({ partnerId, pageSize }, { refetchInterval: CONVERSATION_REFRESH_MS }),
    placeholderData: (previous) => previous,
  });
  useRefetchOnVisible(() => void messages.refetch());
  // New messages arrive at once over server-sent events; the 5-second polling stays as the fallback.
  useSubscription(trpc.chat.onDirectMessage.subscriptionOptions(undefined, { onData: () => void messages.refetch() }));
  const send = useMutation(trpc.chat.createDirectMessage.mutationOptions());
  const markRead = useMutation(trpc.chat.markConversationAsRead.mutationOptions());
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Messages that were unread when they arrived stay marked while the screen is open.
  const [unreadIds, setUnreadIds] = useState<ReadonlySet<number>>(() => new Set());
  const endRef = useRef<HTMLDivElement>(null);

  const shown = (messages.data?.objects ?? [])
    .filter((message) => !(message.isSystemMessage && message.sender.id === myId))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const freshUnread = shown.filter((message) => message.sender.id !== myId && !message.read).map((message) => message.id);
  const freshKey = freshUnread.join(",");
  const lastId = shown.at(-1)?.id ?? 0;

  useEffect(() => {
    if (!freshKey) return;
    const ids = freshKey.split(",").map(Number);
    setUnreadIds((previous) => new Set([...previous, ...ids]));
    markRead.mutate(
      { senderId: partnerId },
      { onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.chat.pathKey() }) },
    );
  }, [freshKey, partnerId]);

  useEffect(() => {
    if (lastId) endRef.current?.scrollIntoView({ block: "end" });
  }, [lastId]);

  async function submit() {
    setError(null);
    try {
      await send.mutateAsync({ receiverId: partnerId, text });
      setText("");
      await messages.refetch();
      void queryClient.invalidateQueries({ queryKey: trpc.chat.myChats.queryKey() });
    } catch (cause) {
      setError(sendError(cause));
    }
  }

  const partnerName = partner.data?.firstName ?? "";
  if (partner.isError && appErrorCode(partner.error) === "USER_NOT_FOUND") return <ChatUnavailable text={m.error_RECEIVER_NOT_FOUND()} />;
  const isSupport = partnerId === SUPPORT_USER_ID;
  // Spec 000 section 6: the founders (server configuration) greet in their chat; staff-group members are introduced as community managers.
  const isFounder = partner.data?.isFounder ?? false;

  return (
    <div className="flex min-h-[calc(100dvh-3.5rem-var(--bottom-bar-height,4.5rem))] flex-col bg-chalk">
      <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-2">
        <Link
          to="/chat"
          search={{ tab: "players" }}
          aria-label={m.chat_back_to_list()}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-pitch-700 hover:bg-pitch-50"
        >
          <ArrowLeft aria-hidden className="size-6" />
        </Link>
        <Link to="/user/$id" params={{ id: String(partnerId) }} className="flex min-w-0 flex-1 items-center gap-3 rounded-xl px-1 py-1 hover:bg-slate-50">
          <Avatar name={partnerName || "?"} imageUrl={partner.data?.profileImageUrl ?? null} size="md" alt="" />
          <span className="min-w-0">
            <h1 className="truncate text-[18px] font-extrabold text-slate-900">{partnerName}</h1>
            {isSupport ? (
              <span className="flex items-center gap-1 text-[13px] font-semibold text-pitch-700">
                <LifeBuoy aria-hidden className="size-3.5" />
                {m.chat_support_subtitle()}
              </span>
            ) : null}
          </span>
        </Link>
      </div>
      <div className="flex-1 px-4 pt-3 pb-4">
        {isFounder ? (
          <p className="mb-3 rounded-2xl bg-pitch-50 px-4 py-3 text-[15px] leading-relaxed text-pitch-900">{m.chat_founder_greeting({ name: partnerName })}</p>
        ) : partner.data?.isCommunityManager && !isSupport ? (
          <p className="mb-3 rounded-2xl bg-amber-50 px-4 py-3 text-[15px] leading-relaxed text-amber-900">{m.chat_community_manager_hint({ name: partnerName })}</p>
        ) : null}
        {messages.data?.hasNext ? (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" onClick={() => setPageSize((size) => size + DIRECT_MESSAGE_PAGE_SIZE)} loading={messages.isFetching && messages.isPlaceholderData}>
              {m.chat_load_older()}
            </Button>
          </div>
        ) : null}
        {messages.isPending ? (
          <p className="py-10 text-center text-slate-600">{m.chat_loading()}</p>
        ) : messages.isError && shown.length === 0 ? (
          <p role="alert" className="py-10 text-center text-red-700">
            {errorMessage(messages.error)}
          </p>
        ) : shown.length === 0 ? (
          <EmptyState icon={<MessageCircle aria-hidden className="size-7" />}>
            <p className="text-[16px] font-semibold text-slate-800">{isSupport ? m.chat_support_empty() : m.chat_direct_empty({ name: partnerName })}</p>
          </EmptyState>
        ) : (
          <ol aria-label={m.chat_direct_list({ name: partnerName })} className="space-y-3">
            {shown.map((message) => {
              const mine = message.sender.id === myId;
              return (
                <Bubble
                  key={message.id}
                  mine={mine}
                  name={message.sender.firstName}
                  imageUrl={message.sender.profileImageUrl}
                  time={`${formatShortDate(message.createdAt, locale)}, ${formatTime(message.createdAt, locale)}`}
                  unread={!mine && unreadIds.has(message.id)}
                >
                  <MessageText text={message.text} onDark={mine} />
                </Bubble>
              );
            })}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <SendBox value={text} onValueChange={setText} onSend={() => void submit()} pending={send.isPending} error={error} />
    </div>
  );
}
