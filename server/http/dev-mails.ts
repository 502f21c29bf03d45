import type { Env, Hono } from "hono";
import type { Deps } from "../context";
import type { MailCatcher } from "../integrations/mail/catcher";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * /dev/mails: what the built-in catcher received (only when no SMTP_URL is set, so no real mail
 * could have gone anywhere). A newcomer clicks the confirmation link here.
 */
export function devMailsPage(catcher: MailCatcher): string {
  const items = catcher.mails
    .map(
      (m) => `<article><header><strong>${escape(m.subject)}</strong><span>an ${escape(m.envelopeTo.join(", "))} · ${m.receivedAt.toLocaleString("de-DE")}</span></header>
<pre>${escape(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</pre>${m.attachments
        .map((a, i) => `<p class="note">Anhang: <a href="/dev/mails/${m.id}/attachments/${i}">${escape(a.filename || `Anhang ${i + 1}`)}</a></p>`)
        .join("")}</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Abgefangene E-Mails · Kickrunde</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}main{max-width:720px;margin:0 auto;padding:16px}
h1{font-size:20px}p.note{color:#4b5563}article{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 2px #0001}
header{display:flex;flex-direction:column;gap:4px;margin-bottom:8px}header span{color:#6b7280;font-size:13px}pre{white-space:pre-wrap;font:14px/1.5 system-ui,sans-serif;margin:0}
a{color:#166534;word-break:break-all}</style></head><body><main><h1>Abgefangene E-Mails</h1>
<p class="note">Ohne SMTP_URL verschickt Kickrunde keine echten E-Mails, sondern fängt sie hier ab (nur zum Entwickeln).</p>
${items || '<p class="note">Noch keine E-Mails.</p>'}</main></body></html>`;
}

/**
 * Every route made for development is mounted here and only here, and never in production
 * (NODE_ENV=production, the binary's default): the catcher's inbox would hand anyone's
 * password-reset link to any visitor. In production without SMTP_URL there is no catcher anyway
 * (mail is held in the queue, integrations/mail/mailer.ts); this check holds even if there were.
 */
export function mountDevelopmentRoutes<E extends Env>(app: Hono<E>, deps: Deps): void {
  if (deps.config.env === "production") return;
  const catcher = deps.mailer.catcher;
  if (!catcher) return;
  app.get("/dev/mails", (c) => c.html(devMailsPage(catcher), 200, { "Cache-Control": "no-store" }));
  // a caught mail's attachment (a tournament invoice's PDF), as it was sent
  app.get("/dev/mails/:id{[0-9]{1,9}}/attachments/:index{[0-9]{1,3}}", (c) => {
    const attachment = catcher.mails.find((m) => m.id === Number(c.req.param("id")))?.attachments[Number(c.req.param("index"))];
    if (!attachment) return c.text("Not found", 404);
    return new Response(new Uint8Array(attachment.content), {
      headers: { "Content-Type": attachment.contentType, "Content-Disposition": `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, "_")}"`, "Cache-Control": "no-store" },
    });
  });
}
