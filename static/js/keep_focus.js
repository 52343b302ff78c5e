// A live table re-renders its area after every move (the websocket, or a poll): the element
// that had the keyboard's focus is replaced, and the focus would fall back to the start of
// the page. This puts it back on the same control in the new render (the same card, button,
// tick box), or, when that control is gone (the card was played, the buttons went with the
// turn), on the hand, or else on the table area itself.
(function () {
  "use strict";

  const AREAS = "#table-area, #move-log";
  const KEYS = ["data-card", "data-move-action", "data-declare", "data-clear", "name"];
  let last = null; // the key of the control last focused, if it was at the table

  function keyOf(element) {
    if (!element || element === document.body || !element.closest(AREAS)) return null;
    if (element.id) return "#" + CSS.escape(element.id);
    const tag = element.tagName.toLowerCase();
    for (const name of KEYS) {
      if (element.hasAttribute(name)) {
        const value = element.getAttribute(name);
        return value ? `${tag}[${name}="${CSS.escape(value)}"]` : `${tag}[${name}]`;
      }
    }
    return tag;
  }

  // Only when the focus was lost (a control disabled while its move is sent loses it too).
  function restore() {
    if (!last || (document.activeElement && document.activeElement !== document.body)) return;
    const area = document.getElementById("table-area");
    if (!area) return;
    const same = document.querySelector(`:is(${AREAS}) ${last}:not([disabled])`);
    const target = same || document.getElementById("hand") || area;
    target.focus({ preventScroll: true });
  }

  // Arriving from "Your turn" (/waiting/, a link to #hand): the keyboard starts at the hand.
  function focusHandOnArrival() {
    if (location.hash !== "#hand") return;
    const hand = document.getElementById("hand");
    if (hand) hand.focus();
  }

  document.addEventListener("focusin", (event) => (last = keyOf(event.target)));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", focusHandOnArrival);
  else focusHandOnArrival();
  document.addEventListener("htmx:wsAfterMessage", restore);
  document.addEventListener("htmx:afterSwap", restore);
})();
