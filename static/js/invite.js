// The table's invitation link: "Copy link" writes it to the clipboard (or, where the
// clipboard is out of reach, selects it for the keyboard or menu to copy); "Share link"
// opens the phone's share sheet, shown only where the browser has navigator.share.
// What the button did is said once in the status line (role="status": read out by screen
// readers), then goes: after STATUS_SECONDS, or at the next tap or key press elsewhere, so
// that "Link copied." never stays on the page as if it were news.
(function () {
  "use strict";
  const panel = document.querySelector("[data-invite]");
  if (!panel) return;
  const field = panel.querySelector("[data-invite-link]");
  const status = panel.querySelector("[data-invite-status]");
  const copy = panel.querySelector("[data-invite-copy]");
  const share = panel.querySelector("[data-invite-share]");
  if (!field) return;

  const STATUS_SECONDS = 4;
  let fading = null;

  function forget() {
    clearTimeout(fading);
    status.textContent = "";
  }

  function say(text) {
    forget();
    status.textContent = text;
    fading = setTimeout(forget, STATUS_SECONDS * 1000);
  }

  // The next interaction clears the line (the copy button's own click says it afresh).
  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      if (status.textContent && !copy.contains(event.target)) forget();
    }, true);
  });

  function selectLink() {
    field.focus();
    field.select();
    say(status.dataset.select);
  }

  copy.addEventListener("click", function () {
    if (!navigator.clipboard || !window.isSecureContext) {
      selectLink();
      return;
    }
    navigator.clipboard.writeText(field.value).then(
      function () { say(status.dataset.copied); },
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
