// Paint first, then the app (decision in client/src/lib/README.md, "Paint first, then the app"): index.html's app
// script is started by a tiny script after the browser's first frame, and every module of the page is fetched at low
// priority.
import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/**
 * Starts the app once the page is on the screen: a classic deferred script (the CSP allows scripts of this origin; an
 * inline one it would refuse) that adds the app's module script
 * - on a page the server drew (`#root` has content): after the page's `load`, once the images on the screen (a game
 *   page's largest paint) are decoded and the frames that paint them went out; at the latest after 2.5 s, so a slow
 *   image does not keep the page dead.
 *   Such a page holds its module preloads back (`rel="kr-preload"`, server/http/first-screen.ts): the code is fetched
 *   from here, after what is on the screen, not beside it;
 * - on an empty page (a signed-in user: the app draws everything): after the first frame.
 * A hidden tab paints no frames: a timer starts the app there (200 ms, or the 2.5 s). A tap on a control of a drawn page
 * that React has not hydrated yet is held, starts the app at once, and is given again once React has hydrated it.
 */
export const APP_START_SOURCE = `(function () {
  var me = document.currentScript, started = false, root = document.getElementById("root");
  function start() {
    if (started) return;
    started = true;
    // a page the server drew holds its module preloads back until now (server/http/first-screen.ts)
    var held = document.querySelectorAll('link[rel="kr-preload"]');
    for (var i = 0; i < held.length; i++) {
      var l = document.createElement("link");
      l.rel = "modulepreload";
      l.crossOrigin = "";
      l.setAttribute("fetchpriority", "low");
      l.href = held[i].getAttribute("href");
      document.head.appendChild(l);
    }
    var s = document.createElement("script");
    s.type = "module";
    s.crossOrigin = "";
    s.setAttribute("fetchpriority", "low");
    s.src = me.getAttribute("data-app");
    document.head.appendChild(s);
  }
  function afterFrame() {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  // the images on the screen decoded, and the frame that paints them gone out
  function afterImages() {
    var images = root.getElementsByTagName("img"), decoded = [];
    for (var i = 0; i < images.length; i++) {
      var image = images[i];
      if (image.decode && image.getBoundingClientRect().top < innerHeight) decoded.push(image.decode().catch(function () {}));
    }
    Promise.all(decoded).then(function () { requestAnimationFrame(afterFrame); });
  }
  if (root && root.firstChild) {
    // The sign-in line a guest hid in this tab (client/src/lib/storage.ts): the server drew it, not knowing; hidden
    // from the first paint by a class outside React's tree (styles.css), until the app takes it away.
    try {
      if (sessionStorage.getItem("kickrunde.guestBannerDismissed") === "1") document.documentElement.classList.add("kr-guest-banner-hidden");
    } catch (e) {}
    // A tap on a control the app has not hydrated yet would be lost (before the app runs, and while React still
    // hydrates that part of the screen): it is held, the app starts at once, and the tap is given again to the control
    // as soon as React has hydrated it (its props are on the element). Links stay links.
    // Only the controls the server drew: those added later (by the app, by a map) are never held.
    var CONTROLS = "button, [role=button], summary", drawn = new WeakSet(root.querySelectorAll(CONTROLS));
    // hydrated: the app's tree committed (main.tsx marks <html>) and React's props on the element (a part React
    // hydrates later has none yet); React's props alone come while it renders, before it listens
    var hydrated = function (element) {
      return document.documentElement.hasAttribute("data-app-committed") && Object.keys(element).some(function (key) { return key.indexOf("__reactProps$") === 0; });
    };
    document.addEventListener("click", function (event) {
      if (!event.isTrusted) return;
      var target = event.target, control = target && target.closest && target.closest(CONTROLS);
      if (!control || !drawn.has(control) || control.closest("a[href]") || hydrated(control)) return;
      event.preventDefault();
      event.stopPropagation();
      start();
      var until = Date.now() + 10000, settled = 0;
      (function give() {
        if (!control.isConnected) return;
        // hydrated, and still so a few frames later (React may still be committing the parts around it)
        settled = hydrated(control) ? settled + 1 : 0;
        if (settled > 3) control.click();
        else if (Date.now() < until) setTimeout(give, 16);
      })();
    }, true);
    // a form field waits for the app (read-only until hydrated, components/text-field.tsx): starting it at once
    document.addEventListener("focusin", function (event) {
      if (event.target && event.target.closest && event.target.closest("input, textarea, select")) start();
    }, true);
    if (document.readyState === "complete") afterImages();
    else addEventListener("load", afterImages);
    setTimeout(start, 2500);
  } else {
    afterFrame();
    setTimeout(start, 200);
  }
})();
`;

/** What the build ships: the same without its indentation (it is on the critical path). */
const APP_START_SHIPPED = APP_START_SOURCE.replace(/^\s+/gm, "");

/** Its file in the build: hashed by content, so a changed starter is never taken from a cache. */
export const APP_START_FILE = `assets/app-start-${createHash("sha256").update(APP_START_SHIPPED).digest("hex").slice(0, 8)}.js`;

/**
 * index.html with the app's module script replaced by the starter (the module itself preloaded in its place), and
 * `fetchpriority="low"` on every module script and modulepreload. Idempotent.
 */
export function paintFirstPage(html: string, base = "/"): string {
  const withStarter = html.replace(
    /<script type="module"([^>]*?) src="([^"]+)"><\/script>/,
    (_all, attrs: string, src: string) =>
      `<link rel="modulepreload"${attrs} href="${src}">\n    <script defer src="${base}${APP_START_FILE}" data-app="${src}"></script>`,
  );
  return withStarter.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

/**
 * The page's style sheet, its text (drawn by the server for a guest) and its images come before the app's code: the
 * code only hydrates what is already on the screen, so it must neither take the connection from the first paint nor
 * run before it.
 */
export function paintFirst(): Plugin {
  let base = "/";
  return {
    name: "kickrunde:paint-first",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: APP_START_FILE, source: APP_START_SHIPPED });
    },
    transformIndexHtml: { order: "post", handler: (html) => paintFirstPage(html, base) },
  };
}
