import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { MailTemplate } from "../../integrations/mail/templates";
import { pushText, type PushParams, type PushTextKey } from "../../integrations/push/texts";
import { enqueueMail, enqueuePush } from "./outbox";
import * as repo from "./repo";

/** A device a push goes to, in its language; `userId` when the caller knows whose it is (followers, region subscribers). */
export type PushDevice = repo.Receiver & { userId?: number | null };
export type MailRecipient = Awaited<ReturnType<typeof repo.mailRecipients>>[number];

export type Notice = {
  push?: {
    /** the devices of these users, or devices the caller chose (a game's followers, a region's subscribers: guests too) */
    to: { userIds: number[] } | { devices: PushDevice[] };
    /** the text, in each device's language (the key may differ per device: a change notice's free cancellation) */
    key: PushTextKey | ((device: PushDevice) => PushTextKey);
    params: (device: PushDevice) => PushParams;
    url: string;
    tag: string;
  };
  mail?: {
    userIds: number[];
    /** `game`: only who set receiveGameEmails; `always`: every confirmed address (money, bookings) */
    audience: "game" | "always";
    /** the mail in the recipient's application language */
    template: (to: MailRecipient) => MailTemplate;
  };
  /**
   * A notice without a source row the dispatcher polls (the weekly reminder, sent by its job): claimed in
   * the dispatcher's ledger (notification_dispatches) under this key first, so a retried or repeated job
   * sends it once. Notices of polled source rows leave it out: claimPending claimed their row already.
   */
  once?: { kind: string; sourceId: number };
};

/**
 * The devices of these users, each with its user: for a notice that chooses the language itself (a tournament team's)
 * or mails only the users no push reaches (the tournament channel).
 */
export function devicesOfUsers(tx: Tx, userIds: number[]): Promise<PushDevice[]> {
  return repo.devicesOfUsers(tx, [...new Set(userIds)]);
}

/**
 * The one fan-out of every notice (game events, booking events, comments, direct messages, the weekly
 * reminder): a `send-push` job per device (each once, however often it is listed) and a `send-mail` job
 * per confirmed address (each user once), in the caller's transaction, so nothing goes out for a
 * rolled-back change and the ledger row and the jobs commit together. Returns the pushes queued.
 */
export async function notifyUsers(deps: Deps, tx: Tx, notice: Notice): Promise<number> {
  if (notice.once && !(await repo.claimOnce(tx, notice.once.kind, notice.once.sourceId))) return 0;
  let pushes = 0;
  const { push, mail } = notice;
  if (push) {
    const devices = "devices" in push.to ? push.to.devices : await repo.devicesOfUsers(tx, [...new Set(push.to.userIds)]);
    const seen = new Set<string>();
    for (const device of devices) {
      if (seen.has(device.deviceToken)) continue;
      seen.add(device.deviceToken);
      const key = typeof push.key === "function" ? push.key(device) : push.key;
      const text = pushText(device.language, key, push.params(device));
      await enqueuePush(deps, { deviceToken: device.deviceToken, message: { ...text, url: push.url, icon: "/favicon.svg", tag: push.tag } }, tx);
    }
    pushes = seen.size;
  }
  if (mail) {
    const userIds = [...new Set(mail.userIds)];
    const recipients = await (mail.audience === "always" ? repo.mailRecipients : repo.gameMailRecipients)(tx, userIds);
    for (const u of recipients) await enqueueMail(deps, { to: u.email, language: u.language, template: mail.template(u) }, tx);
  }
  return pushes;
}
