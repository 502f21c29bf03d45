import type { Deps } from "../../context";
import type { Tx } from "../../db/client";
import type { SendPushJob } from "../../jobs/definitions";
import type { MailAttachment, OutgoingMail } from "../../integrations/mail/mailer";
import { storageFor } from "../../integrations/storage";
import { fcmSenderFor } from "../../integrations/push/fcm";
import type { PushResult } from "../../integrations/push/web-push";
import { findDevice, removeDevice } from "./repo";

/**
 * Mail and pushes leave through pg-boss jobs: a slow or failing mail server or push service never
 * blocks or loses a request. Jobs are enqueued in the caller's transaction (nothing goes out for a
 * rolled-back change) and retried with back-off (jobs/queue.ts); the workers are registered in jobs/workers.ts.
 */
export async function enqueueMail(deps: Deps, mail: OutgoingMail, tx?: Tx): Promise<void> {
  await deps.jobs.send("send-mail", mail, {}, tx);
  // Loud on purpose: a production server without SMTP_URL keeps every mail in the queue (mailer.ts).
  if (deps.mailer.mode === "held") deps.logger.warn("mail held in the queue: SMTP_URL is not set", { template: mail.template.name });
}

export async function deliverMail(deps: Deps, mail: OutgoingMail): Promise<void> {
  // Attachments are read from storage now; a missing file fails the job (retried), it is never sent without it.
  const attachments: MailAttachment[] = [];
  for (const ref of mail.attachments ?? []) {
    const file = await storageFor(deps.config).get(ref.storageKey);
    if (!file) throw new Error(`mail attachment missing in storage: ${ref.storageKey}`);
    attachments.push({ filename: ref.filename, contentType: ref.contentType, content: new Uint8Array(await new Response(file.body).arrayBuffer()) });
  }
  await deps.mailer.send(mail, attachments);
  deps.logger.info("mail sent", { template: mail.template.name });
}

export async function enqueuePush(deps: Deps, job: SendPushJob, tx?: Tx): Promise<void> {
  await deps.jobs.send("send-push", job, {}, tx);
}

let warnedFcmUnconfigured = false;

/** Routes by device kind: web push to the browser's push service, native devices through FCM. */
export async function deliverPush(deps: Deps, job: SendPushJob) {
  const device = await findDevice(deps.db, job.deviceToken);
  if (!device) return; // removed meanwhile
  let result: PushResult;
  if (device.kind === "fcm") {
    const fcm = deps.config.push.fcm;
    if (!fcm) {
      // Once per process: without FCM_SERVICE_ACCOUNT_JSON native devices cannot be reached (web push still works).
      if (!warnedFcmUnconfigured) deps.logger.info("FCM not configured (FCM_SERVICE_ACCOUNT_JSON): pushes to native devices are skipped");
      warnedFcmUnconfigured = true;
      return;
    }
    result = await fcmSenderFor(fcm).send(device.deviceToken, job.message);
  } else {
    if (!device.endpoint || !device.p256dh || !device.auth) return;
    result = await deps.push.sendWeb({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, job.message);
  }
  if (result === "gone") {
    await deps.db.transaction((tx) => removeDevice(tx, job.deviceToken));
    deps.logger.info("push device gone, removed", { kind: device.kind, deviceToken: job.deviceToken });
  }
  // An endpoint outside WEB_PUSH_HOSTS (e.g. stored before the allow-list) can never be sent to:
  // remove it rather than try it again on every event. A non-public address is a DNS problem of an
  // allowed push service, not of the device: nothing was sent, the job ends (no retry), the device stays.
  if (result === "not-allowed") {
    await deps.db.transaction((tx) => removeDevice(tx, job.deviceToken));
    deps.logger.info("push device with a refused endpoint removed", { deviceToken: job.deviceToken });
  }
}
