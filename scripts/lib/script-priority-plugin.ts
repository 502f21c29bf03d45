// index.html's module script and module preloads fetched at low priority (decision in client/src/lib/README.md,
// "Scripts at low priority").
import type { Plugin } from "vite";

/** `fetchpriority="low"` on every module script and modulepreload of a page (idempotent). */
export function lowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

/**
 * The page's style sheet, its text (drawn by the server for a guest) and its images come before the app's code: the
 * code hydrates what is already on the screen, so it should not take the connection from the first paint.
 */
export function scriptPriority(): Plugin {
  return {
    name: "kickrunde:script-priority",
    apply: "build",
    transformIndexHtml: { order: "post", handler: lowPriorityScripts },
  };
}
