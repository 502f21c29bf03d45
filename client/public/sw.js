/* Kickrunde service worker (plain JS, not bundled): keeps the app shell and every screen's code for when the
   network is down, shows web pushes and opens their page on click. One worker owns both (issue 23 item 20). */
/* The push payload is JSON written by the server: { title, body, url, icon?, tag? } (server/integrations/push/web-push.ts). */

/* The build replaces the next line with { version, files }: the app's hashed assets (scripts/lib/sw-precache-plugin.ts).
   Unbuilt (vite dev) it stays null and nothing is cached. */
self.__KR_PRECACHE__ = null;

const PRECACHE = self.__KR_PRECACHE__;
const CACHE = PRECACHE ? "kr-app-" + PRECACHE.version : null;
/* Every app route is the same page (the router reads the address): "/" stands in for all of them offline. */
const SHELL_URL = "/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      if (CACHE) {
        const cache = await caches.open(CACHE);
        // one by one: a file that fails does not stop the others (it is fetched and kept when first needed)
        await Promise.all(
          [SHELL_URL, ...PRECACHE.files].map((url) =>
            fetch(url, { credentials: "same-origin" })
              .then((response) => (response.ok ? cache.put(url, response) : undefined))
              .catch(() => undefined),
          ),
        );
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // the files of earlier builds go (their names are no longer in any page this server sends)
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("kr-app-") && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/* A hashed asset never changes: from the cache, else from the network (and kept). */
async function asset(request) {
  const hit = await caches.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && CACHE) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/* A page while offline: the network still first (the flag can be wrong), else the kept shell, so the app opens
   instead of the browser's error page (a screen whose code failed to load makes the router reload the page). */
async function offlinePage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = CACHE ? await caches.open(CACHE).then((cache) => cache.match(SHELL_URL)) : undefined;
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (!CACHE || request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(asset(request));
    return;
  }
  // Online, pages and API calls go to the network untouched (the server sends each page with its own data).
  if (request.mode === "navigate" && self.navigator.onLine === false) event.respondWith(offlinePage(request));
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Kickrunde";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      icon: data.icon || "/favicon.svg",
      badge: "/favicon.svg",
      tag: data.tag || undefined,
      renotify: Boolean(data.tag),
      data: { url: data.url || "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  // Only our own pages: a payload cannot send the user elsewhere.
  const url = target.origin === self.location.origin ? target.href : self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (new URL(w.url).origin === self.location.origin && "navigate" in w) {
          return w.focus().then(() => w.navigate(url));
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
