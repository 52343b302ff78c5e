/* The offline page (templates/pwa/offline.html): shows the games waiting for the player's
   move as the worker last kept them (static/js/sw.js keeps the latest answer of the waiting
   page, stamped with the time it was seen), or leaves the sentence saying none is kept. */
(() => {
  const section = document.querySelector("[data-waiting]");
  if (!section || !("caches" in window)) return;

  /* The kept page's main content, without what cannot work offline or repeats our heading. */
  function gamesOf(html) {
    const kept = new DOMParser().parseFromString(html, "text/html").querySelector("main");
    if (!kept) return [];
    kept.querySelectorAll("script, form, h1").forEach((node) => node.remove());
    return Array.from(kept.childNodes, (node) => document.importNode(node, true));
  }

  function seenAt(response) {
    const seen = new Date(response.headers.get("X-Kadi-Seen") || response.headers.get("Date"));
    if (Number.isNaN(seen.getTime())) return "";
    const format = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" });
    return section.dataset.seen.replace("{time}", format.format(seen));
  }

  caches.open(section.dataset.cache)
    .then((cache) => cache.match(section.dataset.address, { ignoreVary: true }))
    .then(async (response) => {
      if (!response) return;
      const games = gamesOf(await response.text());
      if (!games.length) return;
      section.querySelector("[data-waiting-list]").replaceChildren(...games);
      section.querySelector("[data-waiting-status]").textContent = seenAt(response);
    });
})();
