import nodemailer from "nodemailer";
import type { Language } from "@shared/constants";
import type { Logger } from "../../lib/logger";
import { startMailCatcher, type MailCatcher } from "./catcher";
import { renderMail, type MailTemplate } from "./templates";

export type OutgoingMail = { to: string; language: Language; template: MailTemplate };

/**
 * Sends mail over SMTP with nodemailer. Without SMTP_URL it starts the local catcher and sends to
 * it over the same SMTP path, so nothing is skipped offline; `catcher` is then set (/dev/mails).
 */
export type Mailer = { send(mail: OutgoingMail): Promise<void>; catcher: MailCatcher | null; close(): Promise<void> };

export async function createMailer(opts: { smtpUrl: string | undefined; from: string; logger: Logger }): Promise<Mailer> {
  const catcher = opts.smtpUrl ? null : await startMailCatcher();
  const transport = nodemailer.createTransport(opts.smtpUrl ?? { host: "127.0.0.1", port: catcher!.port, secure: false, ignoreTLS: true });
  if (catcher) opts.logger.info("no SMTP_URL: mails go to the built-in catcher", { port: catcher.port });
  return {
    catcher,
    async send(mail) {
      const rendered = renderMail(mail.template, mail.language);
      await transport.sendMail({ from: opts.from, to: mail.to, subject: rendered.subject, text: rendered.text, html: rendered.html });
    },
    async close() {
      transport.close();
      await catcher?.close();
    },
  };
}
