// Motion at the table (static/js/table_events.js says what happened): a card played flies
// from the mover's seat to the pile, a card drawn from the draw pile to the drawer's seat,
// and a jump, a kickback or cards drawn show for a moment on the seats they hit. Each step
// takes STEP_MS; steps wait for the one before, so a bot's quick moves are seen one after
// the other. The animations run in a layer over the page that takes no clicks, on copies
// of the cards: the table under them is the newest render already, and a player can act
// at once. With prefers-reduced-motion the changes are shown as they come, without motion.
(function () {
  "use strict";

  const STEP_MS = 320; // each flight and each mark on a seat: 150–400 ms
  const QUEUE_MAX = 6; // steps waiting; older ones are let go (the table shows their result)
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
  const queue = [];
  let running = false;
  let layer = null;

  function theLayer() {
    if (!layer || !layer.isConnected) {
      layer = document.createElement("div");
      layer.className = "motion-layer";
      layer.setAttribute("aria-hidden", "true");
      document.body.appendChild(layer);
    }
    return layer;
  }

  function seatBox(seat) {
    const player = document.querySelector(`[data-ring] .player[data-seat="${CSS.escape(String(seat))}"]`);
    return player ? player.getBoundingClientRect() : null;
  }

  function centre(box) {
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }

  // A copy of ``card`` (an element) flying from box ``from`` to box ``to``.
  function fly(kind, card, from, to) {
    if (!card || !from || !to) return Promise.resolve();
    const copy = card.cloneNode(true);
    const size = card.getBoundingClientRect();
    const a = centre(from);
    const b = centre(to);
    copy.classList.add("motion-flight");
    copy.dataset.motion = kind;
    copy.removeAttribute("id");
    copy.style.left = b.x - size.width / 2 + "px";
    copy.style.top = b.y - size.height / 2 + "px";
    copy.style.width = size.width + "px";
    theLayer().appendChild(copy);
    const animation = copy.animate(
      [
        { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(0.6)`, opacity: 0.7 },
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
      ],
      { duration: STEP_MS, easing: "ease-out" }
    );
    return animation.finished.catch(() => {}).then(() => copy.remove());
  }

  // A word (``text``) shown over a seat for a moment.
  function mark(kind, seat, text) {
    const box = seatBox(seat);
    if (!box) return Promise.resolve();
    const badge = document.createElement("span");
    badge.className = "motion-mark motion-mark--" + kind;
    badge.dataset.motion = kind;
    badge.dataset.seat = String(seat);
    badge.textContent = text;
    badge.style.left = box.left + box.width / 2 + "px";
    badge.style.top = box.top + "px";
    theLayer().appendChild(badge);
    const animation = badge.animate(
      [
        { transform: "translate(-50%, 0) scale(0.6)", opacity: 0 },
        { transform: "translate(-50%, -40%) scale(1.1)", opacity: 1, offset: 0.3 },
        { transform: "translate(-50%, -60%) scale(1)", opacity: 0 },
      ],
      { duration: STEP_MS + 80, easing: "ease-out" }
    );
    return animation.finished.catch(() => {}).then(() => badge.remove());
  }

  function pileBox() {
    const top = document.querySelector("#table-area .discard__top .card");
    return top ? top.getBoundingClientRect() : null;
  }

  function drawBox() {
    const back = document.querySelector("#table-area .board__draw .card");
    return back ? back.getBoundingClientRect() : null;
  }

  function steps(change, said) {
    const list = [];
    if (change.played && change.mover !== null) {
      list.push(() => fly("play", document.querySelector("#table-area .discard__top .card"), seatBox(change.mover), pileBox()));
    }
    if (change.kickback) list.push(() => mark("kickback", change.mover, said.kickback));
    Object.keys(change.drew).forEach((seat) => {
      list.push(() =>
        Promise.all([
          fly("draw", document.querySelector("#table-area .board__draw .card"), drawBox(), seatBox(seat)),
          mark("drew", seat, "+" + change.drew[seat]),
        ])
      );
    });
    change.jumped.forEach((seat) => list.push(() => mark("jumped", seat, said.jumped)));
    return list;
  }

  function next() {
    const step = queue.shift();
    if (!step) {
      running = false;
      return;
    }
    running = true;
    step().then(next, next);
  }

  document.addEventListener("kadi:table-change", (event) => {
    const live = document.querySelector("[data-live]");
    if (reduced.matches || !live || event.detail.newGame) return;
    const said = { jumped: live.dataset.saidJumped, kickback: live.dataset.saidKickback };
    queue.push(...steps(event.detail, said));
    queue.splice(0, Math.max(0, queue.length - QUEUE_MAX));
    if (!running) next();
  });
})();
