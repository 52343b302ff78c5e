// The site header on every page:
// - on a phone the links, the account and the language fold into one menu, opened and
//   closed by the "Menu" button (Escape closes it and gives the focus back to the button);
//   without this script the button stays hidden and everything shows, wrapped;
// - a language switcher (select[data-apply-on-change]) is sent as soon as a language is
//   chosen: no second button to press.
(function () {
  "use strict";

  function setUpMenu() {
    const header = document.querySelector("[data-site-header]");
    const button = header && header.querySelector("[data-menu-button]");
    if (!button) return;
    const menu = document.getElementById(button.getAttribute("aria-controls"));
    header.classList.add("site-header--menu");
    button.hidden = false;

    function show(open) {
      button.setAttribute("aria-expanded", String(open));
      menu.classList.toggle("site-menu--open", open);
    }

    button.addEventListener("click", () => show(button.getAttribute("aria-expanded") !== "true"));
    header.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        show(false);
        button.focus();
      }
    });
  }

  document.addEventListener("change", (event) => {
    if (event.target.matches("select[data-apply-on-change]")) event.target.form.requestSubmit();
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUpMenu);
  else setUpMenu();
})();
