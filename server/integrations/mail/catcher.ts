import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "./mime";

export type CaughtMail = ParsedMail & { id: number; receivedAt: Date; envelopeTo: string[] };

/**
 * A real SMTP peer on 127.0.0.1 that keeps what it receives in memory (the newest 100). The offline
 * default and the tests send through the real nodemailer SMTP path to it; /dev/mails shows them.
 */
export type MailCatcher = { port: number; mails: CaughtMail[]; waitFor(pred: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>; close(): Promise<void> };

export async function startMailCatcher(opts: { port?: number } = {}): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = {
          ...parseMail(Buffer.concat(chunks).toString("utf8")),
          id: ++seq,
          receivedAt: new Date(),
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
        };
        mails.unshift(mail);
        mails.splice(100);
        for (const w of waiters) w();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    port,
    mails,
    waitFor(pred, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(pred);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error("no such mail arrived"));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
