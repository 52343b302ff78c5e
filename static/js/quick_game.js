// A quick game's table waiting for people ([data-bots-fill], templates/games/partials/bots_fill.html):
// counts the seconds down from when the element arrived (a wrong clock on this computer does not
// matter) and, for a seated player, sends "start with bots" once when they run out. The server's
// heartbeat fills the table as well while the page is open; whichever comes first starts the game.
(function () {
  "use strict";

  function tick() {
    document.querySelectorAll("[data-bots-fill]").forEach((wait) => {
      if (!wait.dataset.started) wait.dataset.started = String(Date.now());
      const left = Number(wait.dataset.seconds) * 1000 - (Date.now() - Number(wait.dataset.started));
      const seconds = Math.max(0, Math.ceil(left / 1000));
      const shown = wait.querySelector("[data-bots-fill-text]");
      if (shown && shown.textContent !== String(seconds)) shown.textContent = String(seconds);
      const form = wait.querySelector("[data-bots-fill-form]");
      if (seconds === 0 && form && !wait.dataset.sent) {
        wait.dataset.sent = "1";
        form.requestSubmit();
      }
    });
  }
  setInterval(tick, 1000);
  tick();
})();
