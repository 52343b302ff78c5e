// The table admin's house rules: choosing a preset (or ticking "reset") refreshes every
// option and the summary in words in place, from the server's reading of the form
// (TableAdmin.rules_preview), so the page shows what saving would store. Options the user
// edits themselves are sent as "_touched": they keep their values across presets.
// Once refreshed, the form says so ("_shown"): saving then stores exactly the options shown.
// Without JavaScript the form stores the options as posted (games/forms.py).
(function () {
  "use strict";

  var touched = new Set();

  function showErrors(status, errors) {
    status.textContent = "";
    errors.forEach(function (message) {
      var item = document.createElement("li");
      item.textContent = message;
      status.appendChild(item);
    });
  }

  function refresh(form, preset, status) {
    var data = new FormData(form);
    data.append("_table", preset.dataset.table);
    touched.forEach(function (name) { data.append("_touched", name); });
    fetch(preset.dataset.rulesPreview, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        showErrors(status, answer.errors);
        if (!answer.values) {
          return;
        }
        Object.keys(answer.values).forEach(function (name) {
          window.kadiRuleFields.set(form, name, answer.values[name]);  // static/js/rule_fields.js
        });
        markShown(form);
        var summary = form.querySelector(".field-effective_rules .readonly");
        if (summary) {
          summary.innerHTML = answer.summary;  // built by format_html on the server: escaped
        }
      });
  }

  // "_shown" counts the refreshes applied (any count tells the server the options show what
  // saving stores; the count tells a test when a refresh is in place).
  function markShown(form) {
    var shown = form.querySelector('input[name="_shown"]');
    if (!shown) {
      shown = document.createElement("input");
      shown.type = "hidden";
      shown.name = "_shown";
      shown.value = "0";
      form.appendChild(shown);
    }
    shown.value = String(Number(shown.value) + 1);
  }

  function start() {
    var preset = document.querySelector("select[data-rules-preview]");
    if (!preset) {
      return;
    }
    var form = preset.form;
    var status = document.createElement("ul");
    status.className = "errorlist rules-preview-errors";
    status.setAttribute("role", "status");
    preset.parentNode.appendChild(status);
    form.addEventListener("change", function (event) {
      var name = event.target.name || "";
      if (name.indexOf("rule_") === 0) {
        touched.add(name);
      }
      if (event.target === preset || name === "reset_to_preset") {
        refresh(form, preset, status);
      }
    });
    // A preset chosen before the script ran (a page the browser restored, or a quick
    // hand): the options were rendered for the server's selection, so show the chosen one's.
    var rendered = Array.prototype.find.call(preset.options, function (option) { return option.defaultSelected; });
    if (rendered && preset.value !== rendered.value) {
      refresh(form, preset, status);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
