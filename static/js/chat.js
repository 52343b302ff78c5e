// The table chat: the log stays scrolled to its newest line, and a line the server refused
// (too fast, too long, repeated) comes back into the box beside the reason, to be sent again.
// live.js empties the box once a line is sent; the server answers every line with
// #chat-error, empty when the line was taken. A line is rendered once for every viewer: the
// Report link of the viewer's own lines is hidden here (the server refuses such a report).
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

  function hideOwnReports() {
    const log = document.getElementById("chat-log");
    const you = log && log.dataset.you;
    if (!you) return;
    for (const line of log.querySelectorAll(".chat__line[data-author]")) {
      const report = line.querySelector(".chat__report");
      if (report && line.dataset.author === you) report.hidden = true;
    }
  }

  function afterChange() {
    scrollToNewest();
    hideOwnReports();
    const error = document.getElementById("chat-error");
    const box = document.getElementById("chat-text");
    if (error && error.hasAttribute("data-held")) lastSent = ""; // a line held for review was taken
    if (error && box && error.textContent.trim() && lastSent && !box.value) {
      box.value = lastSent;
      lastSent = "";
    }
  }

  hideOwnReports();
  const live = document.querySelector("[data-live]");
  if (live) new MutationObserver(afterChange).observe(live, { childList: true, subtree: true });
})();
