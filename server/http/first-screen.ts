import { AUTH_STATE_COOKIE, SESSION_COOKIE } from "@shared/constants";
import type { BootEntry } from "@shared/boot-data";
import type { Logger } from "../lib/logger";
import { parseCookies } from "./cookies";
import { earlyTapsElement } from "./early-taps";
import { languageFromAcceptLanguage } from "./game-preview";

/**
 * The first screen drawn by the server (issue 28; decision in server/http/README.md "The first screen as HTML"): for a
 * guest's game page, region feed, court page or tournament page, the browser's own components render the page from
 * the answers the server already puts into it (boot data), and the client hydrates that HTML instead of drawing it
 * after its JavaScript ran. The
 * client's module is loaded on the first such page (not at start: a cold start answers without it), from the source
 * here and bundled for the single binary (scripts/lib/first-screen-bundle.ts).
 */
type Renderer = (input: { url: string; entries: BootEntry[]; locale: "de" | "en" }) => Promise<{ html: string; drawnAt: number } | null>;

/**
 * Where the renderer comes from: the client's source, run by Bun as it is (`bun server/index.ts`, the tests); the
 * single binary hands its bundled copy in first (scripts/build.ts, scripts/lib/first-screen-bundle.ts). A name the
 * binary's bundler does not follow: the source imports browser assets that only Vite understands.
 */
const CLIENT_ENTRY = new URL("../../client/src/entry-server.tsx", import.meta.url).href;
let load: () => Promise<{ renderFirstScreen: Renderer }> = () => import(CLIENT_ENTRY);
let renderer: Promise<Renderer | null> | undefined;

/** The single binary's bundled renderer (its generated entry calls this before the server starts). */
export function useFirstScreenRenderer(loader: () => Promise<{ renderFirstScreen: Renderer }>): void {
  load = loader;
  renderer = undefined;
}

function loadRenderer(log: Logger): Promise<Renderer | null> {
  renderer ??= load().then(
    (m) => m.renderFirstScreen,
    (error: unknown) => {
      // without it every page still works: the browser draws the first screen as before
      log.error("the first screen's renderer could not be loaded; pages are drawn by the browser", { error: String(error) });
      return null;
    },
  );
  return renderer;
}

/** A browser without a session: the client knows it is a guest from the missing cookies, as the server does here. */
export function isGuestRequest(cookieHeader: string | null | undefined): boolean {
  const cookies = parseCookies(cookieHeader ?? null);
  return !cookies[SESSION_COOKIE] && !cookies[AUTH_STATE_COOKIE];
}

/**
 * `<div id="root">` of index.html filled with the first screen, marked with the language it was drawn in (the client
 * hydrates only when its own language is the same, main.tsx). The page unchanged when there is nothing to draw or
 * drawing fails.
 */
export async function withFirstScreen(
  html: string,
  request: { url: URL; cookie: string | null | undefined; acceptLanguage: string | null | undefined; userAgent: string | null | undefined },
  entries: BootEntry[] | null,
  log: Logger,
): Promise<string> {
  // the native wrapper draws its pages itself (its bridge decides what the first screen shows: main.tsx)
  if (!entries?.length || !isGuestRequest(request.cookie) || /KickrundeApp/i.test(request.userAgent ?? "")) return html;
  // A query opens something beside the page (a dialog: ?missing-players, ?created, a payment's return) whose code
  // the browser loads on demand: the server cannot draw it, so the browser draws the page. A private game's `key`
  // changes nothing on the screen.
  if ([...request.url.searchParams.keys()].some((name) => name !== "key")) return html;
  const render = await loadRenderer(log);
  if (!render) return html;
  const locale = languageFromAcceptLanguage(request.acceptLanguage);
  try {
    const screen = await render({ url: `${request.url.pathname}${request.url.search}`, entries, locale });
    if (screen === null) return html;
    // a tap before the app is ready is held and replayed (early-taps.ts)
    const drawn = scriptsAfterFirstPaint(html).replace('<div id="root"></div>', () => `${earlyTapsElement()}<div id="root" data-first-screen="${locale}" data-drawn-at="${screen.drawnAt}">${screen.html}</div>`);
    // the page's language is the drawn one (screen readers, the browser's translation offer) before the app runs
    return drawn.replace('<html lang="de">', () => `<html lang="${locale}">`);
  } catch (error) {
    log.warn("the first screen could not be drawn; the browser draws it", { path: request.url.pathname, error: String(error) });
    return html;
  }
}

/**
 * The page's module script and module preloads as inert placeholders (`data-after-paint`) that the inline script of
 * early-taps.ts turns into real ones after the drawn page's first paint (server/http/README.md "The app's code after
 * the first paint"): a script of an unknown type is neither fetched nor run, a link of an unknown `rel` neither.
 */
export function scriptsAfterFirstPaint(html: string): string {
  return html
    .replace(/<script type="module"[^>]*? src="([^"]+)"><\/script>/g, (_, src: string) => `<script type="text/x-after-paint" data-after-paint data-src="${src}"></script>`)
    .replace(/<link rel="modulepreload"[^>]*? href="([^"]+)">/g, (_, href: string) => `<link rel="x-after-paint" data-after-paint href="${href}">`);
}
