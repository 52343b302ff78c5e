// The profile's rating chart: Chart.js draws the points the page holds in a JSON script tag
// (history.profile.rating_chart), with labelled axes and a tooltip per game. No inline script.
(function () {
  "use strict";

  function draw(canvas) {
    var source = document.getElementById(canvas.dataset.chartData);
    if (!source || typeof window.Chart === "undefined") {
      return;
    }
    var data = JSON.parse(source.textContent);
    var ink = getComputedStyle(document.body).color;
    new window.Chart(canvas, {
      type: "line",
      data: {
        labels: data.labels,
        datasets: [{
          label: data.y_title,
          data: data.ratings,
          borderColor: "#1d6b3c",
          backgroundColor: "#1d6b3c",
          pointRadius: 3,
          pointHoverRadius: 6,
          tension: 0,
        }],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        interaction: { mode: "index", intersect: false },
        plugins: { legend: { display: false } },
        scales: {
          x: { title: { display: true, text: data.x_title, color: ink }, ticks: { color: ink, autoSkip: true, maxRotation: 0 } },
          // Whole points without a thousands separator, as the page writes ratings ("1512").
          y: {
            title: { display: true, text: data.y_title, color: ink },
            ticks: { color: ink, precision: 0, format: { useGrouping: false } },
          },
        },
      },
    });
    canvas.dataset.drawn = "true";
  }

  function start() {
    document.querySelectorAll("canvas[data-chart-data]").forEach(draw);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
