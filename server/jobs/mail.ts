import type { Deps } from "../context";
import type { Tx } from "../db/client";
import type { OutgoingMail } from "../integrations/mail/mailer";

/**
 * Mail leaves through a pg-boss job: a slow or failing mail server never blocks or loses a request.
 * The job is enqueued in the caller's transaction (no mail for a rolled-back change) and retried with
 * back-off (queue options in jobs/queue.ts); each failure is logged by the queue's worker wrapper.
 */
export async function enqueueMail(deps: Deps, mail: OutgoingMail, tx?: Tx): Promise<void> {
  await deps.jobs.send("send-mail", mail, {}, tx);
  // Loud on purpose: a production server without SMTP_URL keeps every mail in the queue (mailer.ts).
  if (deps.mailer.mode === "held") deps.logger.warn("mail held in the queue: SMTP_URL is not set", { template: mail.template.name });
}

/** Works the `send-mail` queue, unless mail is held (no SMTP_URL in production): then the jobs wait for a process that can send. */
export async function startMailWorker(deps: Deps) {
  if (deps.mailer.mode === "held") return;
  await deps.jobs.work<OutgoingMail>("send-mail", async (mail) => {
    await deps.mailer.send(mail);
    deps.logger.info("mail sent", { template: mail.template.name });
  });
}
