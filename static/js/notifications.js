// Notifications: on the list, say that what it shows was seen (a GET writes nothing, so the
// page posts it); on the settings, turn push notifications on or off for this device. The
// service worker is the site's own /sw.js (static/js/pwa.js registers it): this script waits
// for it with navigator.serviceWorker.ready and never registers one.
(function () {
  "use strict";

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(), Accept: "application/json" },
      body: body,
    });
  }

  var seen = document.querySelector("[data-mark-seen]");
  if (seen) {
    post(seen.action, "{}").then(function (response) {
      if (response.ok) seen.hidden = true;
    });
  }

  var box = document.querySelector("[data-push]");
  if (!box) return;
  var on = box.querySelector("[data-push-on]");
  var off = box.querySelector("[data-push-off]");
  var status = box.querySelector("[data-push-status]");

  function say(which) {
    status.textContent = box.dataset["said" + which] || "";
  }

  function keyBytes(base64url) {
    var base64 = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(base64);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
  }

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say("Unsupported");
    return;
  }
  navigator.serviceWorker.ready
    .then(function (registration) { return registration.pushManager.getSubscription(); })
    .then(function (subscription) { show(Boolean(subscription)); });

  on.addEventListener("click", function () {
    Notification.requestPermission()
      .then(function (permission) {
        if (permission !== "granted") {
          say("Denied");
          return null;
        }
        return navigator.serviceWorker.ready.then(function (registration) {
          return registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(box.dataset.publicKey),
          });
        }).then(function (subscription) {
          return post(box.dataset.subscribeUrl, JSON.stringify(subscription.toJSON())).then(function (response) {
            if (!response.ok) throw new Error("refused");
            show(true);
            say("On");
          });
        });
      })
      .catch(function () { say("Failed"); });
  });

  off.addEventListener("click", function () {
    navigator.serviceWorker.ready
      .then(function (registration) { return registration.pushManager.getSubscription(); })
      .then(function (subscription) {
        if (!subscription) return null;
        return post(box.dataset.unsubscribeUrl, JSON.stringify({ endpoint: subscription.endpoint })).then(function () {
          return subscription.unsubscribe();
        });
      })
      .then(function () {
        show(false);
        say("Off");
      })
      .catch(function () { say("Failed"); });
  });
})();
