import { changedCourtIds, changeLine, NOTICE_FIELDS, noticeChanges, withCourtNames } from "@shared/rules/game-change-notice";
import { freeCancellationUntil } from "@shared/rules/managed-changes";
import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import { gameLabel, pushText } from "../../integrations/push/texts";
import type { GameEvent } from "../games/events";
import * as notices from "./notices-repo";
import { enqueueMail, enqueuePush } from "./outbox";
import * as repo from "./repo";

/** Pushes carry at most ~4 kB encrypted; a preview is enough. */
const clip = (text: string) => (text.length > 180 ? `${text.slice(0, 179)}…` : text);

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

  const seen = new Set<string>();
  for (const r of await repo.followerDevices(tx, game.id)) {
    if (!notEditor(r.userId) || seen.has(r.deviceToken)) continue;
    seen.add(r.deviceToken);
    const key = r.userId !== null && free.has(r.userId) ? "gameChangedFreeCancel" : "gameChanged";
    const text = pushText(r.language, key, { game: gameLabel(r.language, game), text: clip(changes.map((c) => changeLine(c, r.language)).join("; ")) });
    await enqueuePush(deps, { deviceToken: r.deviceToken, message: { ...text, url, icon: "/favicon.svg", tag: `game-${game.id}` } }, tx);
  }
  const players = (await repo.playerUserIds(tx, game.id)).filter(notEditor);
  for (const u of await repo.gameMailRecipients(tx, [...new Set(players)])) {
    await enqueueMail(
      deps,
      {
        to: u.email,
        language: u.language,
        template: { name: "game-changed", data: { firstName: u.firstName, game: gameLabel(u.language, game), link: url, changes, freeCancellation: free.has(u.id) } },
      },
      tx,
    );
  }
  return seen.size;
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
  for (const u of await repo.mailRecipients(tx, [userId])) {
    await enqueueMail(
      deps,
      {
        to: u.email,
        language: u.language,
        template: {
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
        },
      },
      tx,
    );
  }
}
