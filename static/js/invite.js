// The table's invitation link: "Copy link" writes it to the clipboard (or, where the
// clipboard is out of reach, selects it for the keyboard or menu to copy); "Share link"
// opens the phone's share sheet, shown only where the browser has navigator.share.
(function () {
  "use strict";
  const panel = document.querySelector("[data-invite]");
  if (!panel) return;
  const field = panel.querySelector("[data-invite-link]");
  const status = panel.querySelector("[data-invite-status]");
  const copy = panel.querySelector("[data-invite-copy]");
  const share = panel.querySelector("[data-invite-share]");
  if (!field) return;

  function selectLink() {
    field.focus();
    field.select();
    status.textContent = status.dataset.select;
  }

  copy.addEventListener("click", function () {
    if (!navigator.clipboard || !window.isSecureContext) {
      selectLink();
      return;
    }
    navigator.clipboard.writeText(field.value).then(
      function () { status.textContent = status.dataset.copied; },
      selectLink
    );
  });

  if (share && typeof navigator.share === "function") {
    share.hidden = false;
    share.addEventListener("click", function () {
      navigator.share({ title: share.dataset.shareTitle, url: field.value }).catch(function () {});
    });
  }
})();
