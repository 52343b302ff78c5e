// What happened at the table between two renders, told to the page's other scripts: the
// table area is replaced wholesale after every move (websocket or polling), so this reads
// each new render (the seats in the order of play, the pile, the game's id), compares it
// with the one before and dispatches one "kadi:table-change" event on the document with
//   { mover, played, drew: {seat: cards}, jumped: [seats], kickback, declared: [seats],
//     yourTurn, gameOver, newGame, you }
// static/js/motion.js shows it, static/js/sound.js sounds it, static/js/after_game.js
// brings a new game into view. Reads the page only: it never delays a render.
(function () {
  "use strict";

  function snapshot() {
    const game = document.querySelector("#table-area .game[data-game]");
    const ring = document.querySelector("[data-ring]");
    const seats = {};
    const order = [];
    if (ring) {
      ring.querySelectorAll(".player[data-seat]").forEach((player) => {
        const seat = player.dataset.seat;
        order.push(seat);
        seats[seat] = {
          cards: Number(player.dataset.cards),
          toPlay: player.classList.contains("player--to-play"),
          niko: Boolean(player.querySelector(".niko-flag")),
          out: player.classList.contains("player--out"),
        };
      });
    }
    const top = document.querySelector("#table-area .discard__top .card");
    const you = document.querySelector("[data-ring] .ring__seat--you .player");
    return {
      game: game ? game.dataset.game : "",
      seats: seats,
      order: order,
      clockwise: ring ? ring.dataset.clockwise : null,
      top: top ? top.dataset.card : null,
      yourTurn: Boolean(document.querySelector("#table-area .game--your-turn")),
      over: Boolean(document.querySelector("#table-area .results")),
      you: you ? you.dataset.seat : null,
    };
  }

  function key(state) {
    return JSON.stringify([state.game, state.top, state.seats, state.clockwise, state.over, state.yourTurn]);
  }

  function toPlay(state) {
    return state.order.find((seat) => state.seats[seat].toPlay) || null;
  }

  // The seats passed over between the mover and the seat now to play, in the order of play.
  function jumpedSeats(before, after, mover) {
    const start = after.order.indexOf(mover);
    const next = toPlay(after);
    if (start < 0 || next === null) return [];
    const passed = [];
    for (let i = 1; i < after.order.length; i++) {
      const seat = after.order[(start + i) % after.order.length];
      if (seat === next) return passed;
      if (!after.seats[seat].out && !before.seats[seat].out) passed.push(seat);
    }
    return [];
  }

  function compare(before, after) {
    const newGame = Boolean(before.game) && before.game !== after.game && Boolean(after.game);
    if (newGame) return { newGame: true, yourTurn: after.yourTurn, you: after.you, drew: {}, jumped: [], declared: [] };
    if (before.game !== after.game) return null;
    const mover = toPlay(before);
    const drew = {};
    const declared = [];
    after.order.forEach((seat) => {
      const was = before.seats[seat];
      if (!was) return;
      if (after.seats[seat].cards > was.cards) drew[seat] = after.seats[seat].cards - was.cards;
      if (after.seats[seat].niko && !was.niko) declared.push(seat);
    });
    const played = after.top !== before.top ? after.top : null;
    return {
      newGame: false,
      mover: mover,
      you: after.you,
      played: played,
      drew: drew,
      jumped: mover === null || after.over ? [] : jumpedSeats(before, after, mover),
      kickback: played !== null && before.clockwise !== null && before.clockwise !== after.clockwise,
      declared: declared,
      yourTurn: after.yourTurn && !before.yourTurn,
      gameOver: after.over && !before.over,
    };
  }

  function start() {
    const live = document.querySelector("[data-live]");
    if (!live) return;
    let last = snapshot();
    new MutationObserver(() => {
      const now = snapshot();
      if (key(now) === key(last)) return; // a render of the same position (a chat line, a resync)
      const change = compare(last, now);
      last = now;
      if (change) document.dispatchEvent(new CustomEvent("kadi:table-change", { detail: change }));
    }).observe(live, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
