// After a game, at the table: "Play again" ([data-bring-table] forms) and the start of the
// next game bring the table area into view and give the focus to the new hand (on a phone
// the result, read at the bottom of the page, would leave the new game above, out of view).
// The finished game's result is kept in the side column's "last game" panel (#last-result)
// once the next game has replaced it in the table area.
(function () {
  "use strict";

  function bringTable() {
    const area = document.getElementById("table-area");
    if (!area) return;
    area.scrollIntoView({ block: "start" });
    (document.getElementById("hand") || area).focus({ preventScroll: true });
  }

  let kept = []; // copies of the finished game's standings and links, shown once it is gone

  function keepResult() {
    const results = document.querySelector("#table-area .results");
    if (results) kept = Array.from(results.querySelectorAll(".standings, .results__links"), (part) => part.cloneNode(true));
  }

  function showKeptResult() {
    const panel = document.getElementById("last-result");
    if (!panel || !kept.length) return;
    panel.querySelector("[data-last-result]").replaceChildren(...kept);
    panel.hidden = false;
    kept = [];
  }

  document.addEventListener("kadi:table-change", (event) => {
    if (event.detail.gameOver) keepResult();
    if (event.detail.newGame) {
      showKeptResult();
      bringTable();
    }
  });

  document.addEventListener("htmx:afterSwap", (event) => {
    const source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (source && source.matches("[data-bring-table]")) bringTable();
  });

  keepResult(); // a page opened on a finished game
})();
