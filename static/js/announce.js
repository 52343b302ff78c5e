// Screen readers hear each new move at the table: the table area is replaced wholesale on
// every change (websocket or polling), and a live region replaced with it is not reliably
// read out, so this keeps one region that never leaves the page (#table-announcer) and
// writes into it the newest move of the move log and the game's status line, in the words
// a screen reader would read there (card names, not suit symbols).
(function () {
  "use strict";

  function spoken(node) {
    if (node.nodeType === Node.TEXT_NODE) {
      return node.textContent;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || node.getAttribute("aria-hidden") === "true") {
      return "";
    }
    if (node.hasAttribute("aria-label")) {
      return " " + node.getAttribute("aria-label") + " ";
    }
    return Array.from(node.childNodes).map(spoken).join("");
  }

  function tidy(text) {
    return text.replace(/\s+/g, " ").trim();
  }

  function newestMove(root) {
    var newest = null;
    root.querySelectorAll(".move-log__item[value]").forEach(function (item) {
      if (!newest || Number(item.value) > Number(newest.value)) {
        newest = item;
      }
    });
    return newest;
  }

  function start() {
    var region = document.getElementById("table-announcer");
    var live = document.querySelector("[data-live]");
    if (!region || !live) {
      return;
    }
    var first = newestMove(live);
    var lastNumber = first ? Number(first.value) : 0;
    new MutationObserver(function () {
      var move = newestMove(live);
      if (!move || Number(move.value) <= lastNumber) {
        return;
      }
      lastNumber = Number(move.value);
      var status = live.querySelector(".game__status");
      region.textContent = tidy(spoken(move)) + (status ? ". " + tidy(spoken(status)) : "");
    }).observe(live, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
