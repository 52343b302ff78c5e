// The table chat: the log stays scrolled to its newest line, and a line the server refused
// (too fast, too long, repeated) comes back into the box beside the reason, to be sent again.
// live.js empties the box once a line is sent; the server answers every line with
// #chat-error, empty when the line was taken.
(function () {
  "use strict";

  let lastSent = "";

  function scrollToNewest() {
    const log = document.getElementById("chat-log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  document.addEventListener("htmx:wsConfigSend", (event) => {
    if (event.target.matches("[data-chat-form]")) lastSent = event.detail.parameters.text || "";
  });

  function afterChange() {
    scrollToNewest();
    const error = document.getElementById("chat-error");
    const box = document.getElementById("chat-text");
    if (error && error.hasAttribute("data-held")) lastSent = ""; // a line held for review was taken
    if (error && box && error.textContent.trim() && lastSent && !box.value) {
      box.value = lastSent;
      lastSent = "";
    }
  }

  const live = document.querySelector("[data-live]");
  if (live) new MutationObserver(afterChange).observe(live, { childList: true, subtree: true });
})();
