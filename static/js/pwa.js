/* Registers the service worker (/sw.js, pwa.views.service_worker) for the whole site, once
   the page has loaded, so that it never competes with the page's own first requests. The
   site works without it: a browser that refuses it changes nothing. */
(() => {
  const script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(script.dataset.worker, { scope: "/" }).catch(() => {});
  });
})();
