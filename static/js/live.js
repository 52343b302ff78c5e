// The live table page. htmx's websocket extension (ws-connect on [data-live]) swaps in the
// fragments the server pushes; this script adds what the extension does not:
// - window.kadiLive says whether the socket is open: the move form then goes over the
//   socket (ws-send) with a client move id, else over HTTP (hx-post), and the table area
//   polls only while the socket is down;
// - the chat box is emptied once a line is sent;
// - every RESYNC_MS, and when the page is shown again, the page sends the game and event
//   number it shows; the server answers with a fresh render if those are out of date; it
//   does so at once when a render skips event numbers of the game it showed (news may have
//   been lost on the way: the server's answer is only the sync marker if nothing was);
// - a move sent over the socket and not yet answered (no new position, no refusal) is sent
//   again after a reconnect if the fresh render still shows the position it was made in:
//   the socket may have died with it. The server applies a client move id once;
// - a delta (games/live/deltas.py: only what changed since the event its sync marker names
//   in data-after) is applied only on a page that shows that event; else it is dropped and
//   a resync asked for, which brings a fresh render.
(function () {
  "use strict";

  const RESYNC_MS = 25000;
  const SYNC_MARKER = 'id="table-sync"';
  const DELTA = /^<span id="table-sync" hidden data-game="(\d*)" data-seq="\d*" data-after="(\d+)">/;
  let socket = null;
  let unanswered = null; // { game, seq, body } of the last move sent
  let reconnected = false; // the socket reopened: the next render may call for a resend
  let last = {}; // { game, seq } of the last render shown
  window.kadiLive = false;

  function shown() {
    const sync = document.getElementById("table-sync");
    return sync ? { game: sync.dataset.game, seq: sync.dataset.seq } : {};
  }

  function randomId() {
    const bytes = crypto.getRandomValues(new Uint8Array(12));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function resync() {
    const sync = document.getElementById("table-sync");
    if (!socket || !window.kadiLive || !sync) return;
    socket.send(JSON.stringify({ type: "resync", game: sync.dataset.game, seq: sync.dataset.seq }));
  }

  document.addEventListener("htmx:wsOpen", (event) => {
    socket = event.detail.socketWrapper;
    reconnected = unanswered !== null;
    window.kadiLive = true;
    document.querySelector("[data-live]").classList.add("live--open");
  });

  document.addEventListener("htmx:wsClose", () => {
    window.kadiLive = false;
    document.querySelector("[data-live]").classList.remove("live--open");
  });

  document.addEventListener("htmx:wsConfigSend", (event) => {
    const form = event.target;
    if (!window.kadiLive) {
      // The socket is down: chat waits for it; the move form goes over HTTP instead (its
      // hx-post handler does not run, as htmx hands a form's submit to one handler only).
      event.preventDefault();
      if (form.matches("[data-move-form]")) htmx.ajax("POST", form.getAttribute("hx-post"), { source: form });
      return;
    }
    const parameters = event.detail.parameters;
    delete parameters.csrfmiddlewaretoken;
    event.detail.headers = null;
    if (form.matches("[data-move-form]")) {
      // One id per form and position: a resent move is recognised; a new position, a new id
      // (a delta may keep the form and change only its event number).
      if (form.dataset.moveSeq !== parameters.seq) form.dataset.moveId = randomId();
      form.dataset.moveSeq = parameters.seq;
      parameters.client_move_id = form.dataset.moveId;
      event.detail.messageBody = JSON.stringify(parameters);
      unanswered = { ...shown(), body: event.detail.messageBody };
    }
  });

  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const delta = DELTA.exec(event.detail.message);
    if (!delta) return;
    const now = shown();
    if (now.game !== delta[1] || now.seq !== delta[2]) {
      event.preventDefault();
      resync();
    }
  });

  document.addEventListener("htmx:wsAfterMessage", (event) => {
    if (!event.detail.message.includes(SYNC_MARKER)) return;
    const now = shown();
    const skipped = now.game === last.game && Number(now.seq) > Number(last.seq) + 1;
    last = now;
    if (skipped) resync();
    if (!unanswered) return;
    const refused = document.querySelector("#move-error .move-error");
    if (now.game !== unanswered.game || now.seq !== unanswered.seq || refused) {
      unanswered = null; // answered: the game moved on, or the move was refused
    } else if (reconnected) {
      socket.send(unanswered.body);
    }
    reconnected = false;
  });

  document.addEventListener("htmx:wsAfterSend", (event) => {
    if (event.target.matches("[data-chat-form]")) event.target.reset();
  });

  // While the socket is open, neither the move form's HTTP post nor the table area's poll
  // ([data-poll]) is sent: the socket brings the news.
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (window.kadiLive && event.detail.elt.matches("[data-move-form], [data-poll]")) event.preventDefault();
  });

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") resync();
  });
  setInterval(resync, RESYNC_MS);
})();
