/* The score-sheet calculator: show the seats of the chosen player count only. */
(function () {
  var select = document.querySelector("[data-players]");
  if (!select) return;
  function update() {
    var n = parseInt(select.value, 10);
    document.querySelectorAll("[data-seat]").forEach(function (seat) {
      var on = parseInt(seat.getAttribute("data-seat"), 10) < n;
      seat.hidden = !on;
      seat.disabled = !on;
    });
  }
  select.addEventListener("change", update);
})();
