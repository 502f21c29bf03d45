import { useMutation, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { MessagesSquare } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { Language } from "@shared/constants";
import { changeLine, parseChangeLine } from "@shared/rules/game-change-notice";
import type { TComment } from "@shared/schemas/chat";
import { EmptyState } from "@client/components/empty-state";
import { TextField } from "@client/components/text-field";
import { useAccount } from "@client/lib/account";
import { appErrorCode, errorMessage, fieldErrorCodes, isNetworkError, validationMessage } from "@client/lib/errors";
import { useLocale } from "@client/lib/locale";
import { currentDeviceToken, requestDeviceToken } from "@client/lib/notifications";
import { getAnonymousParticipations } from "@client/lib/local-records";
import { trpc } from "@client/lib/trpc";
import { useRefetchOnVisible } from "@client/lib/use-refetch-on-visible";
import { m } from "@client/paraglide/messages";
import { formatShortDate, formatTime } from "@client/lib/format/dates";
import { gameQueryOptions } from "@client/features/games/game-query";
import { ManageHeader } from "@client/features/games/manage/manage-common";
import { Bubble, MessageText, SendBox, SystemLine } from "./chat-common";
import { LIST_REFRESH_MS } from "./chat-queries";
import { markGameMessagesRead } from "./read-ids";
import { useMessageCatalogue } from "@client/lib/messages";

export function gameCommentsQueryOptions(gameId: number) {
  return trpc.chat.gameComments.queryOptions({ gameId }, { refetchInterval: LIST_REFRESH_MS });
}

/** A system line in the reader's language: the server stores the event and the player's name, or what a change changed. */
export function systemCommentText(comment: Pick<TComment, "text" | "name">, locale: Language): string {
  const changes = parseChangeLine(comment.text);
  if (changes) return m.chat_system_changed({ changes: changes.map((c) => changeLine(c, locale)).join("; ") });
  const name = comment.name ?? "?";
  if (comment.text === "joined") return m.chat_system_joined({ name });
  if (comment.text === "queued") return m.chat_system_queued({ name });
  if (comment.text === "cancelled") return m.chat_system_cancelled({ name });
  return comment.text;
}

const COMMENT_CODES = new Set(["COMMENT_RATE_LIMITED", "COMMENT_NAME_REQUIRED", "COMMENT_NEEDS_NOTIFICATIONS", "UNAUTHENTICATED"]);

/** The failure texts of spec 000 section 8 (Messages): known codes, otherwise 'Nachricht konnte nicht gesendet werden.' */
function sendError(error: unknown): string {
  const code = appErrorCode(error);
  const field = fieldErrorCodes(error).text;
  if (code === "VALIDATION" && field) return validationMessage(field);
  if (isNetworkError(error) || (code && COMMENT_CODES.has(code))) return errorMessage(error);
  return m.chat_comment_failed();
}

/**
 * /game/{id}/chat (spec 000 sections 2, 5): the game's comments and system lines, refreshed every
 * 10 seconds and on tab visibility; everything shown counts as read. Guests write with a name and
 * notifications on.
 */
export function GameChatScreen({ gameId }: { gameId: number }) {
  useMessageCatalogue();
  const { locale } = useLocale();
  const { data: game } = useSuspenseQuery(gameQueryOptions(gameId));
  const account = useAccount();
  const comments = useQuery(gameCommentsQueryOptions(gameId));
  useRefetchOnVisible(() => void comments.refetch());
  // New comments arrive at once over server-sent events; the 10-second polling stays as the fallback.
  useSubscription(trpc.chat.onGameComment.subscriptionOptions({ gameId }, { onData: () => void comments.refetch() }));
  const [text, setText] = useState("");
  const [name, setName] = useState(() => getAnonymousParticipations().find((p) => p.gameId === gameId)?.firstName ?? "");
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(trpc.chat.createComment.mutationOptions());
  const endRef = useRef<HTMLDivElement>(null);
  const list = comments.data ?? [];
  const lastId = list.at(-1)?.id ?? 0;

  useEffect(() => {
    if (list.length > 0) markGameMessagesRead(list.filter((c) => !c.isSystemMessage).map((c) => c.id), game.startTime);
  }, [list, game.startTime]);

  useEffect(() => {
    if (lastId) endRef.current?.scrollIntoView({ block: "end" });
  }, [lastId]);

  async function send() {
    setError(null);
    const guest = account === null;
    if (guest && !name.trim()) {
      setError(m.error_COMMENT_NAME_REQUIRED());
      return;
    }
    let deviceToken: string | null = null;
    if (guest) {
      const existing = currentDeviceToken();
      const result = existing ? { token: existing } : await requestDeviceToken();
      if (!("token" in result)) {
        setError(m.error_COMMENT_NEEDS_NOTIFICATIONS());
        return;
      }
      deviceToken = result.token;
    }
    try {
      const { id } = await create.mutateAsync({
        gameId,
        text,
        name: guest ? name.trim() : null,
        deviceToken,
        messagingLanguage: locale,
      });
      markGameMessagesRead([id], game.startTime);
      setText("");
      await comments.refetch();
    } catch (cause) {
      setError(sendError(cause));
    }
  }

  return (
    <div className="flex min-h-[calc(100dvh-3.5rem-var(--bottom-bar-height,4.5rem))] flex-col bg-chalk">
      <ManageHeader game={game} title={m.chat_game_title()} />
      <div className="flex-1 px-4 pt-2 pb-4">
        {comments.isPending ? (
          <p className="py-10 text-center text-slate-600">{m.chat_loading()}</p>
        ) : comments.isError && list.length === 0 ? (
          <p role="alert" className="py-10 text-center text-red-700">
            {errorMessage(comments.error)}
          </p>
        ) : list.length === 0 ? (
          <EmptyState icon={<MessagesSquare aria-hidden className="size-7" />}>
            <p className="text-[16px] font-semibold text-slate-800">{m.chat_game_empty()}</p>
          </EmptyState>
        ) : (
          <ol aria-label={m.chat_game_title()} className="space-y-3">
            {list.map((comment) =>
              comment.isSystemMessage ? (
                <SystemLine key={comment.id}>{systemCommentText(comment, locale)}</SystemLine>
              ) : (
                <Bubble
                  key={comment.id}
                  mine={account !== null && comment.creator?.id === account.id}
                  name={comment.creator?.firstName ?? comment.name ?? m.chat_guest()}
                  imageUrl={comment.creator?.profileImageUrl ?? null}
                  time={`${formatShortDate(comment.createdAt, locale)}, ${formatTime(comment.createdAt, locale)}`}
                >
                  <MessageText text={comment.text} onDark={account !== null && comment.creator?.id === account.id} />
                </Bubble>
              ),
            )}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <SendBox value={text} onValueChange={setText} onSend={() => void send()} pending={create.isPending} error={error}>
        {account === null ? (
          <TextField label={m.chat_guest_name()} value={name} onValueChange={setName} autoComplete="given-name" maxLength={50} className="mb-2" />
        ) : null}
      </SendBox>
    </div>
  );
}
