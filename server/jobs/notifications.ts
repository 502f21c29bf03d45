import type { Deps } from "../context";
import type { Tx } from "../db/client";
import { fcmSenderFor } from "../integrations/push/fcm";
import type { PushMessage, PushResult } from "../integrations/push/web-push";
import { findDevice, removeDevice } from "../domains/notifications/repo";
import { dispatchPendingNotifications } from "../domains/notifications/service";

/** One push to one device; the device's keys are read when sending, so a refreshed subscription wins. */
export type SendPushJob = { deviceToken: string; message: PushMessage };

/** Pushes leave through a pg-boss job, like mail: retried with back-off (jobs/queue.ts), never blocking a request. */
export async function enqueuePush(deps: Deps, job: SendPushJob, tx?: Tx): Promise<void> {
  await deps.jobs.send("send-push", job, {}, tx);
}

let warnedFcmUnconfigured = false;

/** Routes by device kind: web push to the browser's push service, native devices through FCM. */
export async function handleSendPush(deps: Deps, job: SendPushJob) {
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

export async function startPushWorker(deps: Deps) {
  await deps.jobs.work<SendPushJob>("send-push", (job) => handleSendPush(deps, job));
}

/**
 * The dispatcher polls every 2 seconds (domains/notifications/service.ts explains why it polls);
 * several server processes may poll at once, the ledger keeps each row to one of them.
 * Returns a stop function.
 */
export function startNotificationDispatcher(deps: Deps, intervalMs = 2000): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await dispatchPendingNotifications(deps);
    } catch (error) {
      deps.logger.error("notification dispatch failed", { error: String(error) });
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
