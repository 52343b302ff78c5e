// The table page's hand: pick cards in the order they are played (badges 1, 2, 3…), name a
// suit (or, under ace_request, a rank) after an ace, declare "Niko Kadi!", and turn that into
// the move text the form posts ("QH 8H 4H !", "AH @S", "AH @Q", "draw"). The rules drive the input: after each tap the page knows
// which cards may follow in some legal play (the others are dimmed and cannot be tapped),
// whether the selection is a whole play (only then is Play enabled), which suits or ranks it may name,
// whether it may declare, and what it would do (the effect line). It reads that from the turn's
// choice tree, sent with the hand (#hand-choices, games/pages/selection.choice_tree), so a tap
// answers at once on any network; past the tree's last level it asks the server (the form's
// data-choice-url). Before the first tap the server-rendered marks say which cards may begin
// a play. Untapping a card drops it and every card picked after it.
// The "Niko Kadi!" toggle may be set ahead of your turn: it is kept (sessionStorage) through
// every re-render of the hand until a move of yours is made, then cleared. Cards that came
// into the hand (draws, penalties) are marked "drawn" in their place until your next move. The
// selection lives in the DOM (data-order); a hand re-rendered at the position it was made in
// (the socket's first full render, a resync, a refused move) gets it back, so no tap is lost.
// The server, not this script, judges the move.
(function () {
  "use strict";

  const SYMBOLS = { H: "\u2665", D: "\u2666", S: "\u2660", C: "\u2663" };
  // What an ace may ask for besides a suit (a tree node's ``r``): any rank, as the move text writes it.
  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

  function selected(form) {
    return Array.from(form.querySelectorAll(".hand-card[data-order]")).sort(
      (a, b) => Number(a.dataset.order) - Number(b.dataset.order)
    );
  }

  function pressed(button) {
    return Boolean(button) && button.getAttribute("aria-pressed") === "true";
  }

  function press(button, on) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }

  function chosenSuit(form) {
    const picker = form.querySelector("[data-suit-picker]");
    const suit = picker && !picker.hidden && picker.querySelector('[data-suit-choice][aria-pressed="true"]');
    return suit ? suit.dataset.suitChoice : "";
  }

  function declaring(form) {
    const toggle = form.querySelector("[data-declare]");
    return pressed(toggle) && toggle.getAttribute("aria-disabled") !== "true";
  }

  function moveText(form, action) {
    const words = [];
    if (action === "play") {
      selected(form).forEach((card) => words.push(card.dataset.card));
      const suit = chosenSuit(form);
      if (suit) words.push("@" + suit);
    } else {
      words.push(action);
    }
    if (declaring(form)) words.push("!");
    return words.join(" ");
  }

  // A card as the player reads it: "Q\u2660", "10\u2665", "Joker" (never the code "QS").
  function label(form, text) {
    if (text.startsWith("JK")) return form.querySelector(".hand").dataset.jokerText;
    return text.slice(0, -1) + SYMBOLS[text.slice(-1)];
  }

  function setDimmed(card, dimmed) {
    card.classList.toggle("hand-card--dimmed", dimmed);
    if (dimmed) card.setAttribute("aria-disabled", "true");
    else card.removeAttribute("aria-disabled");
  }

  function setText(form, selector, text) {
    const element = form.querySelector(selector);
    if (element) element.textContent = text;
  }

  function setPlayable(form, complete) {
    const play = form.querySelector('[data-move-action="play"]');
    if (play) play.disabled = !complete;
  }

  let asked = 0; // the latest question to the server: older answers are ignored
  let kept = null; // the selection last made: { position, cards, suit }

  // The game and event number the hand shows: a selection holds for that position only.
  function position(form) {
    const seq = form.querySelector("[name=seq]");
    return form.dataset.game + ":" + (seq ? seq.value : "");
  }

  function refresh(form) {
    const cards = selected(form);
    kept = { position: position(form), cards: cards.map((card) => card.dataset.card), suit: chosenSuit(form) };
    cards.forEach((card, index) => {
      card.dataset.order = String(index + 1);
      card.querySelector(".hand-card__badge").textContent = String(index + 1);
    });
    setText(form, "[data-preview]", cards.map((card) => label(form, card.dataset.card)).join(" "));
    const hand = form.querySelector(".hand[data-marked]");
    if (!hand) return; // not your turn: nothing to judge yet
    asked += 1;
    setPlayable(form, false);
    if (!cards.length) {
      hand.querySelectorAll(".hand-card").forEach((card) => setDimmed(card, card.dataset.playable === "false"));
      showSuits(form, []);
      const toggle = form.querySelector("[data-declare]");
      allowDeclaration(form, !toggle || toggle.dataset.declareAlone !== "false"); // with a draw, accept or pass
      setText(form, "[data-effect]", "");
      return;
    }
    const question = asked;
    const show = (answer) => {
      if (question !== asked || !form.isConnected) return;
      if (answer.error) {
        setText(form, "[data-effect]", answer.error);
        return;
      }
      hand.querySelectorAll(".hand-card:not([data-order])").forEach((card) => {
        setDimmed(card, !answer.follow.includes(card.dataset.card));
      });
      showSuits(form, answer.suits.concat(answer.ranks || []));
      allowDeclaration(form, answer.declare);
      setText(form, "[data-effect]", answer.effect);
      setPlayable(form, answer.complete);
    };
    const texts = cards.map((card) => card.dataset.card);
    const known = fromTree(form, texts);
    if (known) show(known);
    else ask(form, { cards: texts.join(" "), suit: chosenSuit(form) }).then(show);
  }

  // The answer for the selection ``texts`` from the turn's choice tree, as the server gives it
  // (games/pages/selection.hand_choice); null past the tree's last level.
  function fromTree(form, texts) {
    const sent = form.querySelector("#hand-choices");
    if (!sent) return null;
    if (!sent.tree) sent.tree = JSON.parse(sent.content.textContent);
    let node = sent.tree;
    for (const text of texts) {
      node = node.k && node.k[text];
      if (!node) return null;
    }
    if (!node.f) return null;
    const chosen = chosenSuit(form);
    const suits = node.s ? node.s.split("") : [];
    const ranks = node.r ? RANKS : [];
    const suit = chosen && (suits.includes(chosen) || ranks.includes(chosen)) ? chosen : "";
    // A line differs by suit and declaration only where it says so (selection._effects); the
    // ranks' lines may be one, "#", with "{r}" for the words of the rank pressed (its title).
    const declares = declaring(form) && node.d;
    let keys = declares ? [suit + "!", suit, ""] : [suit, ""];
    if (ranks.includes(suit)) keys = declares ? [suit + "!", "#!", suit, "#", ""] : [suit, "#", ""];
    const key = node.e ? keys.find((each) => each in node.e) : undefined;
    let effect = key === undefined ? "" : node.e[key];
    if (key && key[0] === "#") effect = effect.replace("{r}", rankWords(form, suit));
    return { follow: node.f, complete: Boolean(node.c), suits: suits, ranks: ranks, declare: Boolean(node.d), effect: effect };
  }

  // The words of a rank an ace may ask for ("queens"), as its picker key says them.
  function rankWords(form, rank) {
    const button = form.querySelector(`[data-suit-choice="${rank}"]`);
    return button ? button.title : rank;
  }

  // Asks the server about the selection; an answer with ``error`` when it could not.
  function ask(form, params) {
    const query = new URLSearchParams(params);
    if (declaring(form)) query.set("declare", "1");
    return fetch(form.dataset.choiceUrl + "?" + query.toString(), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then((response) => response.json())
      .catch(() => ({ error: form.dataset.offlineText || "" }));
  }

  function showSuits(form, suits) {
    const picker = form.querySelector("[data-suit-picker]");
    if (!picker) return;
    picker.hidden = !suits.length;
    picker.querySelectorAll("[data-suit-choice]").forEach((button) => {
      button.hidden = !suits.includes(button.dataset.suitChoice);
      if (button.hidden) press(button, false);
    });
  }

  function allowDeclaration(form, allowed) {
    const toggle = form.querySelector("[data-declare]");
    if (!toggle) return;
    if (allowed) toggle.removeAttribute("aria-disabled");
    else toggle.setAttribute("aria-disabled", "true");
  }

  // Untapping a card drops it and every card picked after it: what is left is still a
  // selection the rules allowed, step by step.
  function toggle(form, card) {
    if (card.dataset.order) {
      const from = Number(card.dataset.order);
      selected(form)
        .filter((other) => Number(other.dataset.order) >= from)
        .forEach((other) => {
          delete other.dataset.order;
          other.setAttribute("aria-pressed", "false");
          other.querySelector(".hand-card__badge").textContent = "";
        });
    } else {
      card.dataset.order = String(Number.MAX_SAFE_INTEGER); // last; renumbered by refresh
      card.setAttribute("aria-pressed", "true");
    }
  }

  // Clear drops everything chosen for the move: the cards, the suit and the declaration (a
  // declaration left on would go out with the next Draw).
  function clear(form) {
    const first = selected(form)[0];
    if (first) toggle(form, first);
    form.querySelectorAll("[data-suit-choice], [data-declare]").forEach((button) => press(button, false));
    saveDeclaration(form, null);
  }

  // "What can I do?": the legal kinds of play now, in words, from the server.
  function explain(details) {
    const form = details.closest("[data-move-form]");
    const list = details.querySelector("[data-what-now-list]");
    ask(form, { cards: "", help: "1" }).then((answer) => {
      list.replaceChildren(
        ...(answer.error ? [answer.error] : answer.help).map((line) => {
          const item = document.createElement("li");
          item.textContent = line;
          return item;
        })
      );
    });
  }

  document.addEventListener(
    "toggle",
    (event) => {
      if (event.target.matches && event.target.matches("[data-what-now]") && event.target.open) {
        explain(event.target);
      }
    },
    true
  );

  document.addEventListener("click", (event) => {
    const form = event.target.closest("[data-move-form]");
    if (!form) return;
    const card = event.target.closest(".hand-card");
    if (card && !card.disabled && card.getAttribute("aria-disabled") !== "true") {
      toggle(form, card);
      refresh(form);
      form.querySelectorAll(".move-error").forEach((error) => error.remove()); // a new attempt
      return;
    }
    const suit = event.target.closest("[data-suit-choice]");
    if (suit) {
      const on = !pressed(suit);
      form.querySelectorAll("[data-suit-choice]").forEach((button) => press(button, false));
      press(suit, on);
      refresh(form);
      return;
    }
    const declare = event.target.closest("[data-declare]");
    if (declare) {
      if (declare.getAttribute("aria-disabled") === "true") return;
      press(declare, !pressed(declare));
      saveDeclaration(form, null);
      refresh(form);
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
    if (pressed(form.querySelector("[data-declare]"))) {
      sessionStorage.setItem(DECLARE_KEY, JSON.stringify({ game: form.dataset.game, sentAt: sentAt }));
    } else {
      sessionStorage.removeItem(DECLARE_KEY);
    }
  }

  // A fresh render of the hand: turn the toggle on again, unless the move it was sent with is made.
  function restoreDeclaration(form) {
    const toggle = form.querySelector("[data-declare]");
    const saved = savedDeclaration(form);
    if (!toggle || !saved) return;
    if (saved.sentAt !== null && moveCount(form) > saved.sentAt) {
      sessionStorage.removeItem(DECLARE_KEY);
    } else {
      press(toggle, true);
    }
  }

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

  // A fresh render of the hand at the position the selection was made in: pick the same cards
  // and suit again (a card no longer offered ends it; the server's answer then lights the rest).
  function restoreSelection(form) {
    if (!kept || !kept.cards.length || kept.position !== position(form) || selected(form).length) return;
    const suit = kept.suit;
    for (const text of kept.cards) {
      const card = form.querySelector(`.hand-card[data-card="${text}"]`);
      if (!card || card.disabled) break;
      toggle(form, card);
      card.dataset.order = String(selected(form).length);
    }
    const button = suit && form.querySelector(`[data-suit-choice="${suit}"]`);
    if (button) press(button, true);
    if (selected(form).length) refresh(form);
  }

  function restoreAll() {
    document.querySelectorAll("[data-move-form]").forEach((form) => {
      if (!form.dataset.restored) {
        form.dataset.restored = "1";
        restoreDeclaration(form);
        markNewCards(form);
        restoreSelection(form);
      }
    });
  }
  new MutationObserver(restoreAll).observe(document.body, { childList: true, subtree: true });
  restoreAll();
})();
