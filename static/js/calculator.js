/* The score-sheet calculator: show the seats of the chosen player count only; for a game whose
   wonder options carry their stages' points (data-points), write each stage's points next to its
   box when the wonder changes; the cat (data-cat) is in front of one player at most. */
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

  function relabel(seat) {
    var wonder = seat.querySelector("[data-wonder]");
    var picker = seat.querySelector("[data-stage-words]");
    if (!wonder || !picker) return;
    var option = wonder.options[wonder.selectedIndex];
    var points = option && option.getAttribute("data-points") ? option.getAttribute("data-points").split(" ") : [];
    picker.querySelectorAll("[data-stage-label]").forEach(function (label) {
      var number = label.getAttribute("data-stage-label");
      var value = points[parseInt(number, 10) - 1];
      var words = value === undefined ? picker.getAttribute("data-stage-plain") : picker.getAttribute("data-stage-words");
      label.textContent = words.replace("NUMBER", number).replace("POINTS", value);
    });
  }
  document.querySelectorAll("[data-seat]").forEach(function (seat) {
    var wonder = seat.querySelector("[data-wonder]");
    if (wonder) wonder.addEventListener("change", function () { relabel(seat); });
  });

  document.querySelectorAll("[data-cat]").forEach(function (box) {
    box.addEventListener("change", function () {
      if (!box.checked) return;
      document.querySelectorAll("[data-cat]").forEach(function (other) {
        if (other !== box) other.checked = false;
      });
    });
  });
})();
