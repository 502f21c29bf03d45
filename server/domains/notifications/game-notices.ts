import { changedCourtIds, changeLine, NOTICE_FIELDS, noticeChanges, withCourtNames } from "@shared/rules/game-change-notice";
import { freeCancellationUntil } from "@shared/rules/managed-changes";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { clipPushText, gameLabel } from "../../integrations/push/texts";
import type { GameEvent } from "../games/events";
import * as notices from "./notices-repo";
import { notifyUsers } from "./notify-users";
import * as repo from "./repo";

/**
 * A change notice (issue 23 item 16) says what changed, in each reader's language ("Beginn: 19:30 →
 * 19:45; Preis: 5,00 € → 4,00 €"), and goes out only for changes players care about
 * (shared/rules/game-change-notice.ts NOTICE_FIELDS): allowing cash requests or editing the
 * description tells nobody. "You may cancel free for 24 hours" is said only to whom the change gave
 * it (a warned change of a managed-payment game, games/manage.ts). Pushes to the game's followers,
 * mails to its players (receiveGameEmails), never to the editor. Returns the pushes queued.
 */
export async function dispatchGameChange(deps: Deps, tx: Tx, event: Extract<GameEvent, { type: "CHANGED" }>): Promise<number> {
  const game = await repo.gameInfo(tx, event.gameId);
  if (!game) return 0;
  const { fields, changes: values } = event.payload;
  // an event from before `changes` was recorded names its fields only
  if (!values && !fields.some((f) => (NOTICE_FIELDS as readonly string[]).includes(f))) return 0;
  const raw = noticeChanges(values);
  if (values && raw.length === 0) return 0;
  const changes = withCourtNames(raw, await notices.courtNames(tx, changedCourtIds(raw)));
  const free = await notices.freeCancellationUserIds(tx, game.id, freeCancellationUntil(event.createdAt));
  const url = `${deps.config.publicUrl}/game/${game.id}`;
  const notEditor = (userId: number | null) => event.actorId === null || userId !== event.actorId;

  const players = (await repo.playerUserIds(tx, game.id)).filter(notEditor);
  return notifyUsers(deps, tx, {
    push: {
      to: { devices: (await repo.followerDevices(tx, game.id)).filter((r) => notEditor(r.userId)) },
      key: (d) => (d.userId != null && free.has(d.userId) ? "gameChangedFreeCancel" : "gameChanged"),
      params: (d) => ({ game: gameLabel(d.language, game), text: clipPushText(changes.map((c) => changeLine(c, d.language)).join("; ")) }),
      url,
      tag: `game-${game.id}`,
    },
    mail: {
      userIds: players,
      audience: "game",
      template: (u) => ({ name: "game-changed", data: { firstName: u.firstName, game: gameLabel(u.language, game), link: url, changes, freeCancellation: free.has(u.id) } }),
    },
  });
}

/**
 * The receipt after a game's payment (issue 23 item 6): a reservation's payment went through, held
 * (Approved: taken at the start) or taken at once (Captured, instant capture). PAYMENT_CHANGED is
 * recorded once per move of the participation's status however often or late Stripe's webhooks come,
 * and the dispatcher claims each event once, so each payment gets one receipt. Capturing a held card
 * later (Approved → Captured) sends none: its receipt said so. Nothing for a participation or game
 * that is cancelled by now (its money goes back and that notice follows). Receipts go to a confirmed
 * address whatever receiveGameEmails says: they are about money.
 */
export async function enqueueGameReceipt(deps: Deps, tx: Tx, event: GameEvent): Promise<void> {
  if (event.type !== "PAYMENT_CHANGED") return;
  const { userId, from, to, revoked, refundedOutsideApp, participationId } = event.payload;
  if (userId === null || revoked || refundedOutsideApp || from !== "Open" || (to !== "Approved" && to !== "Captured")) return;
  const info = await notices.gameReceiptInfo(tx, participationId);
  if (!info || info.userId !== userId || info.cancelledAt !== null || info.queue || info.gameCancelledAt !== null) return;
  await notifyUsers(deps, tx, {
    mail: {
      userIds: [userId],
      audience: "always",
      template: (u) => ({
        name: "payment-receipt",
        data: {
          firstName: u.firstName,
          kind: "game",
          name: info.title,
          place: info.place,
          startTime: info.startTime.toISOString(),
          endTime: info.endTime.toISOString(),
          amountCents: info.amountCents,
          places: info.playerCount,
          held: to === "Approved",
          link: `${deps.config.publicUrl}/game/${info.gameId}`,
        },
      }),
    },
  });
}
