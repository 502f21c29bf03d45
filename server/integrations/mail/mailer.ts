import type { Language } from "@shared/constants";
import type { Logger } from "../../lib/logger";
import type { MailCatcher } from "./catcher";
import { renderMail, type MailTemplate } from "./templates";

/**
 * A mail as queued. Attachments are named by their storage key (integrations/storage.ts), not carried: the job stays
 * small and the file is read when the mail is sent (domains/notifications/outbox.ts deliverMail).
 */
export type OutgoingMail = { to: string; language: Language; template: MailTemplate; attachments?: MailAttachmentRef[] };
export type MailAttachmentRef = { filename: string; contentType: string; storageKey: string };
/** An attachment's bytes, as the sender hands it to SMTP. */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

/**
 * How mail leaves this process:
 * - `smtp`: SMTP_URL is set; nodemailer sends to it.
 * - `catcher`: no SMTP_URL outside production: a local SMTP peer receives every mail over the same
 *   SMTP path (nothing is skipped offline) and `/dev/mails` shows them.
 * - `held`: no SMTP_URL in production. Nothing is sent and nothing is shown to anyone: mails wait in
 *   the `send-mail` queue (pg-boss keeps them 14 days) until a process with SMTP_URL works it off.
 *   A production server must never hand one person's mail (reset links!) to a visitor.
 */
export type MailMode = "smtp" | "catcher" | "held";

export type Mailer = {
  mode: MailMode;
  send(mail: OutgoingMail, attachments?: readonly MailAttachment[]): Promise<void>;
  /** Set only in `catcher` mode. */
  catcher: MailCatcher | null;
  close(): Promise<void>;
};

export async function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  env: "development" | "production" | "test";
}): Promise<Mailer> {
  if (!opts.smtpUrl && opts.env === "production") {
    opts.logger.warn("SMTP_URL is not set: mails are queued but NOT sent until a server with SMTP_URL runs (README, Configuration)");
    return {
      mode: "held",
      catcher: null,
      async send() {
        throw new Error("mail is held: SMTP_URL is not set");
      },
      async close() {},
    };
  }
  // nodemailer and the catcher's SMTP server are imported only in the modes that use them: a production server
  // without SMTP_URL loads neither (server/README.md "Cold start").
  const [{ default: nodemailer }, catcher] = await Promise.all([
    import("nodemailer"),
    opts.smtpUrl ? null : import("./catcher").then((m) => m.startMailCatcher()),
  ]);
  // A pool of SMTP connections (nodemailer's 5, up to 100 mails each) instead of one connection per mail: a burst of
  // receipts goes out without a handshake per mail (the soak of 2026-11-30: the mail queue grew by ~1,000 a minute).
  // SMTP_URL's own parameters win (`?pool=false` turns it off).
  const server = opts.smtpUrl ? { url: opts.smtpUrl } : { host: "127.0.0.1", port: catcher!.port, secure: false, ignoreTLS: true };
  const transport = nodemailer.createTransport({ pool: true, ...server });
  if (catcher) opts.logger.info("no SMTP_URL: mails go to the built-in catcher", { port: catcher.port });
  return {
    mode: catcher ? "catcher" : "smtp",
    catcher,
    async send(mail, attachments = []) {
      const rendered = renderMail(mail.template, mail.language);
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
      });
    },
    async close() {
      transport.close();
      await catcher?.close();
    },
  };
}
