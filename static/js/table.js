// The table page's hand: pick cards in the order they are played (badges 1, 2, 3…), name a
// suit after an ace, declare "Niko Kadi!", and turn that into the move text the form posts
// ("QH 8H 4H !", "AH @S", "draw"). On your turn the cards that cannot begin a play are
// dimmed (aria-disabled) until a first card is picked: any card may follow it.
// The "Niko Kadi!" tick may be set ahead of your turn: it is kept (sessionStorage) through
// every re-render of the hand until a move of yours is made, then cleared. Cards that came
// into the hand (draws, penalties) are marked "drawn" in their place until your next move. The selection lives in the DOM (data-order), so a page
// re-rendered by HTMX starts afresh. The server, not this script, judges the move.
(function () {
  "use strict";

  function selected(form) {
    return Array.from(form.querySelectorAll(".hand-card[data-order]")).sort(
      (a, b) => Number(a.dataset.order) - Number(b.dataset.order)
    );
  }

  function moveText(form, action) {
    const words = [];
    if (action === "play") {
      selected(form).forEach((card) => words.push(card.dataset.card));
      const picker = form.querySelector("[data-suit-picker]");
      const suit = picker && !picker.hidden && picker.querySelector("input:checked");
      if (suit) words.push("@" + suit.value);
    } else {
      words.push(action);
    }
    const declare = form.querySelector("[data-declare]");
    if (declare && declare.checked) words.push("!");
    return words.join(" ");
  }

  function refresh(form) {
    const cards = selected(form);
    cards.forEach((card, index) => {
      card.dataset.order = String(index + 1);
      card.querySelector(".hand-card__badge").textContent = String(index + 1);
    });
    const last = cards[cards.length - 1];
    const picker = form.querySelector("[data-suit-picker]");
    if (picker) picker.hidden = !(last && last.dataset.card.startsWith("A"));
    const preview = form.querySelector("[data-preview]");
    if (preview) preview.textContent = cards.length ? moveText(form, "play") : "";
    form.querySelectorAll('.hand[data-marked] [data-playable="false"]').forEach((card) => {
      card.classList.toggle("hand-card--dimmed", !cards.length);
      if (cards.length) card.removeAttribute("aria-disabled");
      else card.setAttribute("aria-disabled", "true");
    });
  }

  function toggle(card) {
    if (card.dataset.order) {
      delete card.dataset.order;
      card.setAttribute("aria-pressed", "false");
      card.querySelector(".hand-card__badge").textContent = "";
    } else {
      card.dataset.order = String(Number.MAX_SAFE_INTEGER); // last; renumbered by refresh
      card.setAttribute("aria-pressed", "true");
    }
  }

  function clear(form) {
    selected(form).forEach(toggle);
    form.querySelectorAll("[data-suit-picker] input").forEach((input) => (input.checked = false));
  }

  document.addEventListener("click", (event) => {
    const form = event.target.closest("[data-move-form]");
    if (!form) return;
    const card = event.target.closest(".hand-card");
    if (card && !card.disabled && card.getAttribute("aria-disabled") !== "true") {
      toggle(card);
      refresh(form);
      form.querySelectorAll(".move-error").forEach((error) => error.remove()); // a new attempt
      return;
    }
    if (event.target.closest("[data-clear]")) {
      clear(form);
      refresh(form);
      return;
    }
    // Runs before the form's submit event, so the move text is in place when HTMX sends it.
    const action = event.target.closest("[data-move-action]");
    if (action) {
      form.querySelector("[data-move]").value = moveText(form, action.dataset.moveAction);
      if (savedDeclaration(form)) saveDeclaration(form, moveCount(form));
      forgetNewCards(form);
    }
  });

  const DECLARE_KEY = "kadi-declare";

  function moveCount(form) {
    return Number(form.querySelector("[name=expected_move_count]").value);
  }

  function savedDeclaration(form) {
    const saved = JSON.parse(sessionStorage.getItem(DECLARE_KEY) || "null");
    return saved && saved.game === form.dataset.game ? saved : null;
  }

  function saveDeclaration(form, sentAt) {
    const tick = form.querySelector("[data-declare]");
    if (tick && tick.checked) {
      sessionStorage.setItem(DECLARE_KEY, JSON.stringify({ game: form.dataset.game, sentAt: sentAt }));
    } else {
      sessionStorage.removeItem(DECLARE_KEY);
    }
  }

  // A fresh render of the hand: tick the box again, unless the move it was sent with is made.
  function restoreDeclaration(form) {
    const tick = form.querySelector("[data-declare]");
    const saved = savedDeclaration(form);
    if (!tick || !saved) return;
    if (saved.sentAt !== null && moveCount(form) > saved.sentAt) {
      sessionStorage.removeItem(DECLARE_KEY);
    } else {
      tick.checked = true;
      refresh(form);
    }
  }

  document.addEventListener("change", (event) => {
    const form = event.target.closest("[data-move-form]");
    if (!form) return;
    if (event.target.matches("[data-declare]")) saveDeclaration(form, null);
    refresh(form);
  });

  const HAND_KEY = "kadi-hand";

  function handCards(form) {
    return Array.from(form.querySelectorAll(".hand-card"));
  }

  // Marks the cards not in the hand last shown (and those still marked), and remembers it.
  function markNewCards(form) {
    const hand = form.querySelector(".hand");
    const saved = JSON.parse(sessionStorage.getItem(HAND_KEY) || "null");
    const cards = handCards(form).map((card) => card.dataset.card);
    let fresh = [];
    if (saved && saved.game === form.dataset.game) {
      fresh = cards.filter((card) => !saved.cards.includes(card) || saved.fresh.includes(card));
    }
    handCards(form).forEach((card) => {
      if (!fresh.includes(card.dataset.card) || card.querySelector(".hand-card__drawn")) return;
      card.classList.add("hand-card--drawn");
      const label = document.createElement("span");
      label.className = "hand-card__drawn";
      label.textContent = hand.dataset.drawnText;
      card.appendChild(label);
    });
    sessionStorage.setItem(HAND_KEY, JSON.stringify({ game: form.dataset.game, cards: cards, fresh: fresh }));
  }

  function forgetNewCards(form) {
    const cards = handCards(form).map((card) => card.dataset.card);
    sessionStorage.setItem(HAND_KEY, JSON.stringify({ game: form.dataset.game, cards: cards, fresh: [] }));
  }

  function restoreAll() {
    document.querySelectorAll("[data-move-form]").forEach((form) => {
      if (!form.dataset.restored) {
        form.dataset.restored = "1";
        restoreDeclaration(form);
        markNewCards(form);
      }
    });
  }
  new MutationObserver(restoreAll).observe(document.body, { childList: true, subtree: true });
  restoreAll();
})();
