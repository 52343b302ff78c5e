// A tournament's page (templates/tournaments/detail.html), kept live by its websocket
// (tournaments/live.py): each frame brings the head (status, time left, the next pairing),
// the standings' first page (applied when the page shows the first page), the games in
// progress, the podium and the viewer's own line with their buttons; focus stays where it
// was when the button that had it is still there, and after a button's answer (htmx) it
// moves to what replaced it. The countdowns tick every second; when the
// next pairing's reaches zero a player's page asks the server to pair (POST, once per countdown);
// the outcome comes back as a frame. A socket closed by the server for a reason (4008: too
// many messages) stays closed; any other loss is retried, a little later each time (a new
// socket's first frame brings everything). Without this script the page shows the same on
// each load.
(function () {
  "use strict";

  const ENDED = [4001, 4008];
  const PARTS = { head: "tournament-head", games: "tournament-games", you: "tournament-you", podium: "tournament-podium" };
  let delay = 1000;
  let deadlines = {}; // countdown name -> time (ms, performance.now()) it reaches zero
  let paired = false; // the pairing was asked for this countdown

  function clock(seconds) {
    const hours = Math.floor(seconds / 3600);
    const minutes = Math.floor((seconds % 3600) / 60);
    const rest = seconds % 60;
    const two = (n) => (n < 10 ? "0" : "") + n;
    return hours ? hours + ":" + two(minutes) + ":" + two(rest) : minutes + ":" + two(rest);
  }

  function setCountdowns(values) {
    const now = performance.now();
    deadlines = {};
    Object.keys(values).forEach((name) => {
      if (typeof values[name] === "number") deadlines[name] = now + values[name] * 1000;
    });
    paired = false;
    tick();
  }

  function readCountdowns() {
    const values = {};
    document.querySelectorAll("[data-countdown]").forEach((element) => {
      const seconds = parseInt(element.getAttribute("data-seconds"), 10);
      if (!Number.isNaN(seconds)) values[element.getAttribute("data-countdown")] = seconds;
    });
    return values;
  }

  function tick() {
    const now = performance.now();
    document.querySelectorAll("[data-countdown]").forEach((element) => {
      const deadline = deadlines[element.getAttribute("data-countdown")];
      if (deadline === undefined) return;
      element.textContent = clock(Math.max(0, Math.ceil((deadline - now) / 1000)));
    });
    if (deadlines.next !== undefined && deadlines.next <= now && !paired) {
      paired = true;
      // Only the pages of players taking part ask (not every watcher's), each within a
      // second: the first one's pairing is what the others would ask for.
      if (document.querySelector('#tournament-you form[action$="/pause/"]')) {
        window.setTimeout(pair, Math.random() * 1000);
      }
    }
  }

  function pair() {
    const root = document.querySelector("[data-pair-url]");
    const token = document.querySelector("input[name=csrfmiddlewaretoken]");
    const body = new URLSearchParams();
    const invite = root.getAttribute("data-invite");
    if (invite) body.set("invite", invite);
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const csrf = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || (token && token.value);
    if (csrf) headers["X-CSRFToken"] = csrf;
    fetch(root.getAttribute("data-pair-url"), { method: "POST", headers: headers, body: body, credentials: "same-origin" })
      .catch(() => {}); // the next frame, or the next countdown, brings what happened
  }

  function replace(id, html) {
    const element = document.getElementById(id);
    if (!element || typeof html !== "string") return;
    const focused = document.activeElement && element.contains(document.activeElement) ? document.activeElement : null;
    const action = focused && focused.closest("form") ? focused.closest("form").getAttribute("action") : null;
    element.innerHTML = html;
    if (window.htmx) window.htmx.process(element);
    if (focused) {
      const again = action && element.querySelector('form[action="' + action + '"] button');
      (again || element.querySelector("button, a") || document.getElementById("tournament-name")).focus();
    }
  }

  function markMe(me) {
    if (typeof me !== "number") return;
    document.querySelectorAll("#tournament-standings tr[data-player]").forEach((row) => {
      const mine = row.getAttribute("data-player") === String(me);
      row.classList.toggle("leaderboard__you", mine);
      if (mine) row.setAttribute("aria-current", "true");
      else row.removeAttribute("aria-current");
    });
  }

  function show(frame, root) {
    Object.keys(PARTS).forEach((part) => replace(PARTS[part], frame[part]));
    if (root.getAttribute("data-first-page") === "true") {
      replace("tournament-standings", frame.standings);
      markMe(frame.me);
    }
    if (frame.countdowns) setCountdowns(frame.countdowns);
    if (typeof frame.seq === "number") root.setAttribute("data-seq", String(frame.seq));
    if (frame.notice) root.querySelector("[data-tournament-said]").textContent = frame.notice;
  }

  function connect(path, root) {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + path);
    socket.addEventListener("open", () => {
      delay = 1000;
      root.setAttribute("data-connected", "true");
    });
    socket.addEventListener("message", (event) => {
      try {
        show(JSON.parse(event.data), root);
      } catch (error) {
        // a frame this page cannot read: the next one brings everything again
      }
    });
    socket.addEventListener("close", (event) => {
      root.setAttribute("data-connected", "false");
      if (ENDED.indexOf(event.code) !== -1) return;
      window.setTimeout(() => connect(path, root), delay);
      delay = Math.min(delay * 2, 30000);
    });
  }

  // An action's answer (htmx) replaces the live part: the button pressed is gone, so the
  // focus goes to the refusal if any, else to the first of the player's buttons, not to the
  // top of the page (keyboard and screen reader users stay where they acted).
  function keepFocusAfterSwap(event) {
    if (!event.detail.target || event.detail.target.id !== "tournament-live") return;
    setCountdowns(readCountdowns());
    if (document.activeElement && document.activeElement !== document.body) return;
    const refusal = event.detail.target.querySelector("[role=alert]");
    if (refusal) refusal.setAttribute("tabindex", "-1");
    const next = refusal || event.detail.target.querySelector("#tournament-you button, #tournament-you a");
    if (next) next.focus();
  }

  function start() {
    const root = document.querySelector("[data-tournament-socket]");
    if (!root) return;
    document.body.addEventListener("htmx:afterSwap", keepFocusAfterSwap);
    setCountdowns(readCountdowns());
    window.setInterval(tick, 1000);
    if ("WebSocket" in window) connect(root.getAttribute("data-tournament-socket"), root);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
