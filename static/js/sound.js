// The table's sounds (static/sounds/, small files): your turn, a card played, cards drawn,
// "Niko Kadi!" and the end of the game, from what static/js/table_events.js reports.
// Sound is on unless muted with the table's toggle ([data-sound-toggle], aria-pressed: on),
// remembered on this device for each player (localStorage, by [data-live]'s data-player).
// Browsers let a page play sound only once the player has touched it: until the first tap
// or key press nothing is tried.
(function () {
  "use strict";

  const GAP_MS = 250; // between two sounds of one change (a card played, then your turn)
  const live = document.querySelector("[data-live]");
  const toggle = document.querySelector("[data-sound-toggle]");
  if (!live || !toggle) return;
  const key = "kadi-sound-off:" + (live.dataset.player || "visitor");
  const sounds = {};
  let touched = false;

  function storedOn() {
    try {
      return localStorage.getItem(key) !== "1";
    } catch (error) {
      return true; // storage refused (a private window): on, for this page
    }
  }

  function show(on) {
    toggle.setAttribute("aria-pressed", String(on));
  }

  function on() {
    return toggle.getAttribute("aria-pressed") === "true";
  }

  toggle.addEventListener("click", () => {
    show(!on());
    try {
      if (on()) localStorage.removeItem(key);
      else localStorage.setItem(key, "1");
    } catch (error) {
      // not remembered; the toggle still applies to this page
    }
  });

  function play(name) {
    if (!touched || !on()) return;
    const url = live.dataset["sound" + name.charAt(0).toUpperCase() + name.slice(1)];
    if (!url) return;
    sounds[name] = sounds[name] || new Audio(url);
    const audio = sounds[name];
    audio.currentTime = 0;
    audio.play().catch(() => {}); // refused (no audio device, a policy): the game goes on
  }

  function firstTouch() {
    touched = true;
    document.removeEventListener("pointerdown", firstTouch, true);
    document.removeEventListener("keydown", firstTouch, true);
  }
  document.addEventListener("pointerdown", firstTouch, true);
  document.addEventListener("keydown", firstTouch, true);

  document.addEventListener("kadi:table-change", (event) => {
    const change = event.detail;
    const heard = [];
    if (change.gameOver) heard.push("end");
    else if (change.declared.length) heard.push("niko");
    else if (change.played) heard.push("play");
    else if (Object.keys(change.drew).length) heard.push("draw");
    if (change.yourTurn && !change.gameOver) heard.push("turn");
    heard.forEach((name, index) => setTimeout(() => play(name), index * GAP_MS));
  });

  show(storedOn());
})();
