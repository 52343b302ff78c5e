// Challenges on every page of a logged-in player: one websocket, /ws/me/ (games/live/me.py).
// Each frame holds the challenges waiting for the player's answer (HTML with Accept and
// Decline forms, shown in the page's live region), their count (put before the page's
// title: "(1) Lobby · Kadi"), sentences about the player's own challenges (accepted,
// declined, expired) and, when one was accepted, the table to go to. A socket closed by
// the server for a reason (logged out: 4001; too many messages: 4008) stays closed; any
// other loss is retried, a little later each time. Without this script the challenges
// page (/challenges/) lists the same.
(function () {
  "use strict";

  const ENDED = [4001, 4008];
  const title = document.title;
  let delay = 1000;

  function show(frame, region) {
    const waiting = region.querySelector("[data-challenge-waiting]");
    const said = region.querySelector("[data-challenge-said]");
    if (typeof frame.html === "string") waiting.innerHTML = frame.html;
    if (typeof frame.count === "number") {
      document.title = frame.count > 0 ? "(" + frame.count + ") " + title : title;
    }
    if (Array.isArray(frame.said) && frame.said.length) {
      said.textContent = frame.said.join(" ");
    } else if (frame.notice) {
      said.textContent = frame.notice;
    }
    if (typeof frame.go === "string" && frame.go.charAt(0) === "/" && window.location.pathname !== frame.go) {
      window.location.assign(frame.go);
    }
  }

  function connect(path, region) {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const socket = new WebSocket(scheme + window.location.host + path);
    socket.addEventListener("open", () => {
      delay = 1000;
      region.setAttribute("data-connected", "true");
    });
    socket.addEventListener("message", (event) => {
      try {
        show(JSON.parse(event.data), region);
      } catch (error) {
        // a frame this page cannot read: the next one brings everything again
      }
    });
    socket.addEventListener("close", (event) => {
      region.setAttribute("data-connected", "false");
      if (ENDED.indexOf(event.code) !== -1) return;
      window.setTimeout(() => connect(path, region), delay);
      delay = Math.min(delay * 2, 30000);
    });
  }

  function start() {
    const path = document.body.getAttribute("data-me-socket");
    const region = document.querySelector("[data-challenge-news]");
    if (path && region && "WebSocket" in window) connect(path, region);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
