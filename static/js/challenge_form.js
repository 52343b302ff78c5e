// The challenge form's house rules (games.pages.play_forms.ChallengeForm): choosing a preset
// shows its values in every option the player has not changed, from the presets' rules the
// page holds in a JSON script tag. The form then says so ("rules_shown"): the server reads
// the options as shown and keeps those that differ from the preset. Without this script the
// options show the first preset's values, and only those the player changes count.
(function () {
  "use strict";

  function start() {
    var preset = document.querySelector("select[data-preset-rules]");
    var source = preset && document.getElementById(preset.dataset.presetRules);
    var fields = window.kadiRuleFields;
    if (!source || !fields) {
      return;
    }
    var form = preset.form;
    var rules = JSON.parse(source.textContent);
    var from = rules[preset.dataset.rulesFrom] || {};
    // The player's edits: the options not showing the preset the page was made with (a form
    // posted again shows them), and every option they change from now on.
    var touched = new Set(Object.keys(from).filter(function (name) {
      return !fields.shows(form, name, from[name]);
    }));

    function show() {
      var values = rules[preset.value] || {};
      Object.keys(values).forEach(function (name) {
        if (!touched.has(name)) {
          fields.set(form, name, values[name]);
        }
      });
      form.elements.rules_shown.value = "True";
    }

    form.addEventListener("change", function (event) {
      if (event.target === preset) {
        show();
      } else if ((event.target.name || "").indexOf("rule_") === 0) {
        touched.add(event.target.name);
      }
    });
    form.querySelectorAll("[data-rules-note]").forEach(function (note) {
      note.hidden = note.dataset.rulesNote !== "shown";
    });
    show();  // a preset chosen before the script ran, or a form posted again
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
