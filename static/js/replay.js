// Replay controls: first / previous / next / last, the slider, the arrow keys and autoplay.
// Each step is rendered by the server (the board and the moves around it, fetched with
// htmx); without JavaScript the links and the slider's form still open any step.
(function () {
  "use strict";

  const root = document.querySelector("[data-replay]");
  if (!root) return;
  const url = root.dataset.url;
  const query = root.dataset.query || ""; // "&hints=1" while hints are shown
  const stepField = root.querySelector("[data-step-field]"); // the hints toggle's
  const last = Number(root.dataset.last);
  const slider = root.querySelector("[data-slider]");
  const links = {};
  root.querySelectorAll("[data-go]").forEach((link) => { links[link.dataset.go] = link; });
  const autoplay = root.querySelector("[data-autoplay]");
  const speed = root.querySelector("[data-speed]");

  const board = () => document.getElementById("replay-board");
  let shown = Number(board().dataset.step); // the step on screen
  let wanted = shown;                         // the step asked for last
  let loading = false;
  let timer = null;

  const clamp = (step) => Math.max(0, Math.min(last, step));

  function go(step) {
    wanted = clamp(step);
    showControls(wanted);
    if (!loading && wanted !== shown) load();
  }

  // One request at a time; steps asked for meanwhile collapse into the latest one.
  function load() {
    setLoading(true);
    const step = wanted;
    const done = () => {
      setLoading(false);
      shown = Number(board().dataset.step);
      history.replaceState(null, "", "?step=" + shown + query);
      if (wanted !== shown) load();
      else if (timer !== null) scheduleNext();
    };
    htmx.ajax("GET", url + "?step=" + step + query, { target: "#replay-board", swap: "outerHTML" })
      .then(done, () => { setLoading(false); stop(); });
  }

  function setLoading(value) {
    loading = value;
    root.setAttribute("aria-busy", String(value));
  }

  function showControls(step) {
    slider.value = step;
    if (stepField) stepField.value = step;
    links.previous.href = "?step=" + clamp(step - 1) + query;
    links.next.href = "?step=" + clamp(step + 1) + query;
    setDisabled(links.first, step === 0);
    setDisabled(links.previous, step === 0);
    setDisabled(links.next, step === last);
    setDisabled(links.last, step === last);
  }

  function setDisabled(link, disabled) {
    if (disabled) link.setAttribute("aria-disabled", "true");
    else link.removeAttribute("aria-disabled");
    link.classList.toggle("is-disabled", disabled);
  }

  // Autoplay: the next step follows the previous one's arrival by the chosen delay.
  function scheduleNext() {
    clearTimeout(timer);
    if (shown >= last) { stop(); return; }
    timer = setTimeout(() => go(shown + 1), Number(speed.value));
  }

  function start() {
    if (shown >= last) go(0);
    timer = 0;
    autoplay.setAttribute("aria-pressed", "true");
    autoplay.textContent = autoplay.dataset.pauseLabel;
    if (!loading) scheduleNext();
  }

  function stop() {
    clearTimeout(timer);
    timer = null;
    autoplay.setAttribute("aria-pressed", "false");
    autoplay.textContent = autoplay.dataset.playLabel;
  }

  const targets = {
    first: () => 0,
    previous: () => wanted - 1,
    next: () => wanted + 1,
    last: () => last,
  };
  Object.entries(links).forEach(([name, link]) => {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      stop();
      go(targets[name]());
    });
  });

  slider.addEventListener("input", () => { stop(); go(Number(slider.value)); });
  slider.form.addEventListener("submit", (event) => { event.preventDefault(); go(Number(slider.value)); });

  autoplay.hidden = false;
  speed.closest("label").hidden = false;
  autoplay.addEventListener("click", () => (timer === null ? start() : stop()));

  const KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    const name = KEYS[event.key];
    if (!name || event.altKey || event.ctrlKey || event.metaKey) return;
    const field = event.target.closest("input, select, textarea");
    if (field && field !== slider) return; // typing elsewhere; the slider's own keys step too
    event.preventDefault();
    stop();
    go(targets[name]());
  });

  showControls(shown);
})();
