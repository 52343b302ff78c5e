// The moves since your own, in the first screen (#recent-moves): on a phone the move log is
// below the hand, so after a bot's jump or kickback the screen said only "Your turn.". The
// frames carry each new line once, into the move log; this copies the log's newest lines
// into the strip after each render, as games.pages.table.recent_moves chose them for the
// page's first render: the lines since the viewer's own last move (their seat in the ring),
// at most data-recent of them, oldest first; just after their own move, that move alone.
(function () {
  "use strict";

  function chosen(limit) {
    const you = document.querySelector("[data-ring] .ring__seat--you .player[data-seat]");
    const seat = you ? you.dataset.seat : null;
    const lines = Array.from(document.querySelectorAll("#move-log-list > .move-log__item")).slice(0, limit);
    const recent = [];
    for (const line of lines) {
      if (line.dataset.seat === seat) return recent.length ? recent.reverse() : [line];
      recent.push(line);
    }
    return recent.reverse();
  }

  function start() {
    const strip = document.getElementById("recent-moves");
    const live = document.querySelector("[data-live]");
    if (!strip || !live) return;
    const limit = Number(strip.dataset.recent);
    let shown = null;
    const show = () => {
      const lines = chosen(limit);
      const key = lines.map((line) => line.outerHTML).join("");
      if (key === shown) return; // a render that changed no line, or this strip's own change
      shown = key;
      strip.replaceChildren(...lines.map((line) => {
        const item = document.createElement("li");
        item.className = "recent-moves__item";
        item.append(...Array.from(line.childNodes, (node) => node.cloneNode(true)));
        return item;
      }));
    };
    show();
    new MutationObserver(show).observe(live, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
