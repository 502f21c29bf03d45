import { trpcServer } from "@hono/trpc-server";
import { CSRF_COOKIE } from "@shared/constants";
import { ERRORS, httpStatusOf } from "@shared/errors";
import type { Server } from "bun";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { BootEntry } from "@shared/boot-data";
import { SHARE_KEY_PATTERN, type TGame } from "@shared/schemas/games";
import type { Deps } from "./context";
import { handleStripeWebhook } from "./domains/payments/webhooks";
import type { createGraphqlHandler } from "./graphql/handler";
import { mountDevelopmentRoutes } from "./http/dev-mails";
import { isInMaintenance } from "./domains/admin/maintenance";
import { maintenanceGate } from "./http/maintenance";
import { mountUploads } from "./http/uploads";
import { mountAdClicks } from "./http/ad-clicks";
import { mountTournamentInvoices } from "./http/tournament-invoices";
import { mountOrganizerInvoices } from "./http/organizer-invoices";
import { mountCalendarFiles } from "./http/ics";
import { mountCalendarFeed } from "./http/calendar-feed";
import { mountMap } from "./http/map";
import { mountTelemetry } from "./http/telemetry";
import { errorReporter } from "./integrations/telemetry/error-reporting";
import { mountGoogleOAuth } from "./http/google-oauth";
import { bootEntriesFor, withBootData } from "./http/boot-data";
import { withFirstScreen } from "./http/first-screen";
import { compressAnswers } from "./http/compression";
import { gamePreviewTags, injectIntoIndex, languageFromAcceptLanguage } from "./http/game-preview";
import { csrfCookie, parseCookies } from "./http/cookies";
import { isWellFormedCsrfToken, newCsrfToken } from "./http/csrf";
import { createRequestContext } from "./http/request-context";
import { securityHeaders } from "./http/security-headers";
import { shareKeyCookie } from "./http/share-keys";
import { indexHtmlFor, serveClient, type StaticAssets } from "./http/static";
import { isUnexpectedTrpcError, payloadTooLargeBody, TRPC_MAX_BODY_BYTES } from "./trpc/init";
import { appRouter } from "./trpc/router";
import { Lifecycle, readiness } from "./lifecycle";

type Env = { Bindings: { server?: Server<unknown> } };

/** Stripe's events are a few kilobytes; an account or intent with much metadata stays far below this. */
const STRIPE_WEBHOOK_MAX_BODY_BYTES = 512 * 1024;

function remoteAddress(server: Server<unknown> | undefined, req: Request): string | null {
  return server?.requestIP(req)?.address ?? null;
}

export function createApp(deps: Deps, assets: StaticAssets | null, lifecycle: Lifecycle = Lifecycle.ready()) {
  const app = new Hono<Env>();

  // Dynamic answers compressed by Accept-Encoding; the client's files come precompressed (static.ts).
  app.use("*", compressAnswers());

  // Security headers on everything (http/security-headers.ts); the CSRF cookie for anyone who does not have one yet.
  const headers = securityHeaders(deps.config);
  const appHeaders = Object.entries(headers.app);
  const developmentHeaders = Object.entries(headers.development);
  app.use("*", async (c, next) => {
    await next();
    // Pages made for development only (the mail catcher, GraphiQL) bring their own inline styles and scripts.
    const development = deps.config.env !== "production" && (c.req.path.startsWith("/dev/") || (c.req.path === "/graphql" && c.res.headers.get("content-type")?.startsWith("text/html")));
    // Set on the answer itself: Hono's c.header() after the handler makes a new Response for each header.
    const answer = c.res.headers;
    for (const [name, value] of development ? developmentHeaders : appHeaders) answer.set(name, value);
    const alreadySet = c.res.headers.getSetCookie().some((h) => h.startsWith(`${CSRF_COOKIE}=`));
    if (!alreadySet && !isWellFormedCsrfToken(parseCookies(c.req.header("cookie") ?? null)[CSRF_COOKIE])) {
      c.res.headers.append("Set-Cookie", csrfCookie(newCsrfToken(), deps.config.secureCookies));
    }
  });

  // Readiness for load balancers (lifecycle.ts, server/README.md "Readiness and graceful shutdown"): 503 while starting,
  // draining or without a database. Before the maintenance gate: maintenance is the app's answer, not a dead process.
  // /api/health below stays liveness (the process answers).
  app.get("/api/ready", async (c) => {
    const ready = await readiness(lifecycle, deps.database);
    c.header("Cache-Control", "no-store");
    return c.json(ready, ready.ready ? 200 : 503);
  });

  // Maintenance mode (http/maintenance.ts): every API call answers 503 while it is on; /api/health says so.
  app.use("*", maintenanceGate(deps));

  app.get("/api/health", async (c) => {
    await deps.database.query("select 1");
    return c.json({ ok: true, database: deps.database.kind, maintenance: await isInMaintenance(deps) });
  });

  // Hands out the CSRF token for clients that cannot read cookies (the cookie is set too).
  app.get("/api/csrf", (c) => {
    const existing = parseCookies(c.req.header("cookie") ?? null)[CSRF_COOKIE];
    if (isWellFormedCsrfToken(existing)) return c.json({ token: existing });
    const token = newCsrfToken();
    c.header("Set-Cookie", csrfCookie(token, deps.config.secureCookies));
    return c.json({ token });
  });

  // Unexpected errors also go to the error reporting service when ERROR_REPORTING_DSN is set (integrations/telemetry).
  const reporter = errorReporter(deps.config, deps.logger);
  // Refused before reading: by Content-Length, or once a streamed body passes the limit.
  app.use("/trpc/*", bodyLimit({ maxSize: TRPC_MAX_BODY_BYTES, onError: (c) => c.json(payloadTooLargeBody(), httpStatusOf("PAYLOAD_TOO_LARGE")) }));
  app.use(
    "/trpc/*",
    trpcServer({
      router: appRouter,
      createContext: (opts, c) => createRequestContext(deps, opts.req, opts.resHeaders, remoteAddress(c.env?.server, c.req.raw)),
      onError: ({ error, path, ctx }) => {
        if (!isUnexpectedTrpcError(error)) return;
        deps.logger.error("trpc error", { path, code: error.code, error: String(error.cause ?? error), stack: (error.cause ?? error).stack });
        reporter.report(error.cause ?? error, { userId: ctx?.viewer?.userId ?? null, where: `trpc ${path ?? "?"}` });
      },
    }),
  );

  // POST/DELETE /api/profile-image, GET /uploads/*, and the body limit for GraphQL multipart uploads
  mountUploads(app, deps);
  // GET /api/ads/:id/click: counts an ad click and redirects to its stored link (domains/ads)
  mountAdClicks(app, deps);

  // Yoga and the schema are imported and built on the first /graphql request, not when the server starts
  // (server/README.md "Cold start").
  let graphql: Promise<ReturnType<typeof createGraphqlHandler>> | undefined;
  app.on(["GET", "POST", "OPTIONS"], "/graphql", async (c) => {
    graphql ??= import("./graphql/handler").then((m) => m.createGraphqlHandler(deps, reporter));
    return (await graphql)(c.req.raw, remoteAddress(c.env?.server, c.req.raw));
  });

  // Development helpers (the mail catcher's inbox); none of them exists in production.
  mountDevelopmentRoutes(app, deps);

  // Stripe's webhooks (domains/payments/webhooks.ts): the signature covers the raw body, read as text.
  // 400 for a bad signature or payload, 200 for every verified event (also the ignored ones).
  app.post(
    "/api/stripe/webhook",
    bodyLimit({ maxSize: STRIPE_WEBHOOK_MAX_BODY_BYTES, onError: (c) => c.json({ error: { code: "PAYLOAD_TOO_LARGE", message: ERRORS.PAYLOAD_TOO_LARGE.message } }, httpStatusOf("PAYLOAD_TOO_LARGE")) }),
    async (c) => {
      const payload = await c.req.text().catch(() => null);
      if (payload === null) return c.json({ error: { code: "WEBHOOK_EVENT_INVALID", message: ERRORS.WEBHOOK_EVENT_INVALID.message } }, httpStatusOf("WEBHOOK_EVENT_INVALID"));
      const answer = await handleStripeWebhook(deps, payload, c.req.header("stripe-signature"));
      return c.json(answer.body, answer.status);
    },
  );

  // GET /api/google/oauth/callback: Google's redirect after the consent page (domains/calendar)
  mountGoogleOAuth(app, deps);

  // GET /map/style.json and, for the local test map (never in production), /map/tiles/{z}/{x}/{y}.png
  mountMap(app, deps);

  // GET /api/telemetry: the browser's error reporting and analytics settings (off by default)
  mountTelemetry(app, deps);

  // GET /api/tournament-invoices/{participationId}.pdf: a business team's invoice (domains/tournaments/invoices.ts)
  mountTournamentInvoices(app, deps);
  mountOrganizerInvoices(app, deps);
  // GET /api/calendar/{game|booking|tournament}/{id}.ics: "Add to calendar" in a browser (http/ics.ts)
  mountCalendarFiles(app, deps);
  // GET /api/calendar/<token>.ics: a user's calendar subscription (http/calendar-feed.ts)
  mountCalendarFeed(app, deps);

  app.all("/api/*", (c) => c.json({ error: { code: "NOT_FOUND", message: ERRORS.NOT_FOUND.message } }, httpStatusOf("NOT_FOUND")));

  /**
   * A game page, a region's feed, a court or a tournament page: index.html with the first screen's data (http/boot-data.ts) as
   * this viewer sees it, hence private. Reading the session may renew it: its cookies go out with the
   * page, as with any API answer.
   */
  async function pageWithBootData(
    c: Context<Env>,
    decorate: (html: string, boot: BootEntry[] | null) => string = (html) => html,
    shareKey: { gameId: number; key: string } | null = null,
  ) {
    const url = new URL(c.req.url);
    const index = assets ? await indexHtmlFor(assets, url.pathname) : null;
    if (!index) return c.text("Not found", 404);
    const cookies = new Headers();
    // A private game's share link: the key counts for this page and is kept by the browser for the
    // page's later calls (players, chat, joining), so the client never passes it along (http/share-keys.ts).
    if (shareKey) cookies.append("Set-Cookie", shareKeyCookie(shareKey.gameId, shareKey.key, deps.config.secureCookies));
    const boot = await createRequestContext(deps, c.req.raw, cookies, null, { renewStaleSession: true }).then(
      (ctx) =>
        bootEntriesFor(shareKey ? { ...ctx, meta: { ...ctx.meta, shareKeys: { ...ctx.meta.shareKeys, [shareKey.gameId]: shareKey.key } } } : ctx, url.pathname, url.searchParams),
      () => null,
    );
    const drawn = await withFirstScreen(index.html, { url, cookie: c.req.header("cookie"), acceptLanguage: c.req.header("accept-language"), userAgent: c.req.header("user-agent") }, boot, deps.logger);
    const res = c.html(withBootData(decorate(drawn, boot), boot), 200, { "Cache-Control": "private, no-cache", Vary: "Accept-Language, Cookie" });
    for (const cookie of cookies.getSetCookie()) res.headers.append("Set-Cookie", cookie);
    return res;
  }
  // A shared game link also carries its preview for messengers (an unknown game: the app shows its own not-found screen).
  // A private game shows nothing (no preview either) without its key: ?key=… or the cookie a former visit left.
  app.get("/game/:id{[0-9]+}", (c) => {
    const key = c.req.query("key");
    const gameId = Number(c.req.param("id"));
    const shareKey = key && SHARE_KEY_PATTERN.test(key) && Number.isSafeInteger(gameId) ? { gameId, key } : null;
    return pageWithBootData(
      c,
      (html, boot) => {
        const game = boot?.[0]?.data as TGame | undefined;
        const lang = languageFromAcceptLanguage(c.req.header("accept-language"));
        // the preview's link is the one shared: with its key for a private game
        const link = `${deps.config.publicUrl}/game/${game?.id}${game?.shareKey ? `?key=${game.shareKey}` : ""}`;
        return game ? injectIntoIndex(html, gamePreviewTags(game, lang, link)) : html;
      },
      shareKey,
    );
  });
  app.get("/games/:slug{[a-z0-9-]+}", (c) => pageWithBootData(c));
  app.get("/court/:id{[0-9]+}", (c) => pageWithBootData(c));
  app.get("/tournament/:id{[0-9]+}", (c) => pageWithBootData(c));

  app.get("*", async (c) => {
    const res = assets ? await serveClient(assets, new URL(c.req.url).pathname, c.req.header("accept-encoding") ?? null) : null;
    return res ?? c.text("Not found", 404);
  });

  return app;
}
