// What tells a player their turn has come, and how long it lasts:
// - the tab's title starts with "● Your turn" while it is your turn ("⚠ Your turn: play or
//   a bot takes your seat" when one more missed turn hands the seat to a bot);
// - when your turn comes, while the tab is hidden: a desktop notification, if the player
//   chose it in their settings (data-turn-notification on [data-live]); the turn's sound
//   is static/js/sound.js's;
// - turn clocks ([data-turn-clock], the milliseconds left when the server rendered it)
//   count down each second and warn in the last WARN_SECONDS. The countdown starts from
//   when the element arrived, so a wrong clock on this computer does not matter.
(function () {
  "use strict";

  const WARN_SECONDS = 10;
  const live = document.querySelector("[data-live]");
  if (!live) return;
  const baseTitle = document.title;
  let wasYourTurn = null; // unknown until the first look: no alert for the page as loaded

  function yourTurn() {
    return Boolean(document.querySelector("#table-area .game--your-turn"));
  }

  function notify() {
    if (!("Notification" in window) || Notification.permission !== "granted") return;
    const notice = new Notification(live.dataset.turnTitle, { body: baseTitle, tag: "kadi-turn" });
    notice.onclick = () => window.focus();
  }

  function onTurnChange() {
    const now = yourTurn();
    // One more missed turn and a bot takes the seat (issue 34): the title says so first.
    const lastChance = now && document.querySelector("#table-area [data-stand-in-warning]");
    const title = lastChance ? live.dataset.lastChanceTitle : live.dataset.turnTitle;
    document.title = now ? title + " · " + baseTitle : baseTitle;
    if (now && wasYourTurn === false) {
      if (live.dataset.turnNotification && document.visibilityState === "hidden") notify();
    }
    wasYourTurn = now;
  }

  // Notifications need the player's permission, asked for on a click of theirs.
  function askPermission() {
    if (live.dataset.turnNotification && "Notification" in window && Notification.permission === "default") {
      Notification.requestPermission();
    }
    document.removeEventListener("click", askPermission);
  }
  document.addEventListener("click", askPermission);

  function tick() {
    document.querySelectorAll("[data-turn-clock]").forEach((clock) => {
      if (!clock.dataset.started) clock.dataset.started = String(Date.now());
      const left = Number(clock.dataset.ms) - (Date.now() - Number(clock.dataset.started));
      const seconds = Math.max(0, Math.ceil(left / 1000));
      const text = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
      const shown = clock.querySelector("[data-clock-text]");
      if (shown.textContent !== text) shown.textContent = text; // an equal write would wake the observer
      const warning = seconds <= WARN_SECONDS;
      clock.classList.toggle("turn-clock--warning", warning);
      clock.querySelector("[data-clock-warning]").hidden = !warning;
    });
  }

  // Swaps come over HTTP and the websocket alike: watch the page itself.
  new MutationObserver(() => {
    onTurnChange();
    tick();
  }).observe(live, { childList: true, subtree: true });
  onTurnChange();
  tick();
  setInterval(tick, 1000);
})();
