/* The service worker, served at /sw.js by pwa.views.service_worker, which writes its
   settings (KADI: version, the offline page, the static files it needs, the waiting page,
   the sign-in and sign-out addresses, the pushes' pictures) above this file.

   What it keeps, and why (docs/architecture.md, "The installable app"):
   - on install, the offline page and the static files it shows itself with, in a cache
     named after the version (a new deploy: a new worker, a new cache, the old one dropped);
   - the latest answer of the waiting page (the games waiting for the player's move), each
     time it is opened online, to show it "as last seen" offline; dropped before any
     sign-in or sign-out is sent.
   Nothing else: every other page, every API answer, every POST goes to the network alone.
   Navigations are answered by the network first; with no network, the waiting page from
   its cache, any other page by the offline page. */

const OFFLINE_CACHE = `kadi-offline-${KADI.version}`;
const PRECACHED = new Set(KADI.precache.map((address) => new URL(address, self.location.origin).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(OFFLINE_CACHE)
      .then((cache) => cache.addAll([KADI.offline, ...KADI.precache]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((name) => name.startsWith("kadi-offline-") && name !== OFFLINE_CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && request.method === "GET") {
    event.respondWith(navigate(event, url));
  } else if (request.mode === "navigate" && KADI.signInOut.includes(url.pathname)) {
    /* Whoever signs in or out next, the last player's games must not be shown to them. */
    event.respondWith(caches.delete(KADI.waitingCache).then(() => fetch(request)));
  } else if (request.method === "GET" && PRECACHED.has(url.href)) {
    event.respondWith(caches.match(request, { cacheName: OFFLINE_CACHE }).then((kept) => kept || fetch(request)));
  }
});

async function navigate(event, url) {
  try {
    const response = await fetch(event.request);
    if (url.pathname === KADI.waiting) event.waitUntil(keepWaiting(response.clone()));
    event.waitUntil(followLanguage(response));
    return response;
  } catch (offline) {
    if (url.pathname === KADI.waiting) {
      const seen = await caches.open(KADI.waitingCache).then((cache) => cache.match(KADI.waiting, { ignoreVary: true }));
      if (seen) return seen;
    }
    const page = await caches.match(KADI.offline, { cacheName: OFFLINE_CACHE, ignoreVary: true });
    return page || Response.error();
  }
}

/* The waiting page as the player last saw it, with the time it was seen. Only a page
   served to a signed-in player (a visitor's answer is a redirect to the log-in). */
async function keepWaiting(response) {
  if (!response.ok || response.redirected || response.type !== "basic") return;
  const headers = new Headers(response.headers);
  headers.set("X-Kadi-Seen", new Date().toISOString());
  const kept = new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  await caches.open(KADI.waitingCache).then((cache) => cache.put(KADI.waiting, kept));
}

/* The offline page speaks the language of the pages the player reads: when a page comes
   in another language (the switcher's cookie changed), the offline page is fetched again. */
async function followLanguage(response) {
  const language = response.headers.get("Content-Language");
  if (!language || !response.ok) return;
  const cache = await caches.open(OFFLINE_CACHE);
  const page = await cache.match(KADI.offline, { ignoreVary: true });
  if (page && page.headers.get("Content-Language") !== language) await cache.add(KADI.offline);
}

/* A push from the site (notifications app): {title, body, url, tag}. */
self.addEventListener("push", (event) => event.waitUntil(showPush(event.data)));

/* A push's notification, from its data ({title, body, url, tag}: notifications.push). */
function showPush(data) {
  const message = pushMessage(data);
  return self.registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: KADI.icon,
    badge: KADI.badge,
    data: { url: message.url },
  });
}

function pushMessage(data) {
  let fields = {};
  try {
    fields = data ? data.json() : {};
  } catch (notJson) {
    fields = {};
  }
  const text = (value) => (typeof value === "string" ? value : "");
  return { title: text(fields.title) || "Kadi", body: text(fields.body), tag: text(fields.tag), url: onThisSite(fields.url) };
}

/* A push may only send the player to a page of this site; anything else leads home. */
function onThisSite(address) {
  const home = new URL("/", self.location.origin).href;
  if (typeof address !== "string") return home;
  try {
    const url = new URL(address, self.location.origin);
    return url.origin === self.location.origin ? url.href : home;
  } catch (notAnAddress) {
    return home;
  }
}

/* A tap on a notification: the site's open tab goes to its page, else a new window opens. */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPage(onThisSite(event.notification.data && event.notification.data.url)));
});

async function openPage(url) {
  const tabs = await self.clients.matchAll({ type: "window" });
  const tab = tabs.find((client) => client.focused) || tabs[0];
  if (!tab) return self.clients.openWindow(url);
  const shown = tab.url === url ? tab : await tab.navigate(url);
  return (shown || tab).focus();
}
