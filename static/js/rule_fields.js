// The house-rule fields of a form (games.pages.forms.option_field), written and compared by
// field name whatever their widget: a checkbox, radios, a number, rank checkboxes. Shared by
// the table admin's refresh (admin_rules.js) and the challenge form's (challenge_form.js).
(function () {
  "use strict";

  function inputs(form, name) {
    return Array.prototype.slice.call(form.querySelectorAll('[name="' + name + '"]'));
  }

  // Whether ``input`` is ticked when its field shows ``value`` (as the server's
  // Rules.to_dict gives it); null for an input that holds text.
  function ticked(input, value) {
    if (input.type === "checkbox" && Array.isArray(value)) return value.indexOf(input.value) !== -1;
    if (input.type === "checkbox") return Boolean(value);
    if (input.type === "radio") return input.value === String(value);
    return null;
  }

  // Show ``value`` in the field ``name``.
  function set(form, name, value) {
    inputs(form, name).forEach(function (input) {
      var tick = ticked(input, value);
      if (tick === null) {
        input.value = String(value);
      } else {
        input.checked = tick;
      }
    });
  }

  // Whether the field ``name`` shows ``value``.
  function shows(form, name, value) {
    var all = inputs(form, name);
    return all.length > 0 && all.every(function (input) {
      var tick = ticked(input, value);
      return tick === null ? input.value === String(value) : input.checked === tick;
    });
  }

  window.kadiRuleFields = { set: set, shows: shows };
})();
