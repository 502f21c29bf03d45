import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CSRF_COOKIE, CSRF_HEADER } from "@shared/constants";
import type { Deps } from "../context";
import { createMailer } from "../integrations/mail/mailer";
import { createLogger } from "../lib/logger";
import { createUser } from "../testing/factories";
import { httpClient } from "../testing/http-client";
import { startServerProcess, type ServerProcess } from "../testing/server-process";
import { testDeps } from "../testing/test-db";

/**
 * Issue 9, item 1: with no SMTP_URL the mail catcher's page was served in any mode, so anyone could
 * read a password-reset link for admin@… on /dev/mails of a production server. Now nothing made for
 * development answers in production, and production without SMTP_URL has no catcher at all.
 */
let deps: Deps;
beforeAll(async () => {
  deps = await testDeps();
});

describe("development routes", () => {
  test("/dev/mails exists in development (the catcher's inbox) ...", async () => {
    const res = await httpClient(deps).request("/dev/mails");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Abgefangene E-Mails");
  });

  test("... and never in production, even if a catcher were running", async () => {
    expect(deps.mailer.catcher).not.toBeNull();
    const production = { ...deps, config: { ...deps.config, env: "production" as const } };
    const res = await httpClient(production).request("/dev/mails");
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Abgefangene");
  });

  test("production without SMTP_URL holds mail: no catcher, nothing sent", async () => {
    const logger = createLogger("silent");
    const held = await createMailer({ smtpUrl: undefined, from: "x <x@example.org>", logger, env: "production" });
    expect(held.mode).toBe("held");
    expect(held.catcher).toBeNull();
    await expect(held.send({ to: "a@example.org", language: "de", template: { name: "confirm-email", data: { firstName: "A", link: "http://x" } } })).rejects.toThrow(/held/);
    const dev = await createMailer({ smtpUrl: undefined, from: "x <x@example.org>", logger, env: "development" });
    expect(dev.mode).toBe("catcher");
    await dev.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)("a production server without SMTP_URL (the review's reproduction)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(deps.database.url!, { NODE_ENV: "production", SMTP_URL: "" });
  }, 30_000);
  afterAll(() => server?.stop());

  test("a password reset for someone else's address cannot be read anywhere", async () => {
    const victim = await createUser(deps, { emailVerifiedAt: new Date() });
    const csrf = await fetch(`${server.url}/api/csrf`);
    const token = ((await csrf.json()) as { token: string }).token;
    const reset = await fetch(`${server.url}/trpc/accounts.requestPasswordReset`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token, origin: server.url },
      body: JSON.stringify({ json: { email: victim.email } }),
    });
    expect(reset.status).toBe(200);
    // The path falls through to the app shell (its not-found screen) or a plain 404, never the inbox.
    const inbox = await (await fetch(`${server.url}/dev/mails`)).text();
    expect(inbox).not.toContain("Abgefangene");
    expect(inbox).not.toContain(victim.email);
    // GraphiQL and introspection are development tools too.
    const graphiql = await fetch(`${server.url}/graphql`, { headers: { accept: "text/html" } });
    expect(await graphiql.text()).not.toMatch(/graphiql/i);
    const introspection = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __schema { types { name } } }" }),
    });
    expect(((await introspection.json()) as { data?: unknown }).data ?? null).toBeNull();
  });
});
