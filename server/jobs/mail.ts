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
}

export async function startMailWorker(deps: Deps) {
  await deps.jobs.work<OutgoingMail>("send-mail", async (mail) => {
    await deps.mailer.send(mail);
    deps.logger.info("mail sent", { template: mail.template.name });
  });
}
