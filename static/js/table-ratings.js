/* The rating change at the end of a game (issue 26): when the end panel (#moment-end, drawn by
   table-moments.js) opens, read the match from the API and show each person's rating before and
   after (the number people read: 1500 at the start), or why the game was not rated. Words come
   from the section's data-word-* attributes (the server's gettext); numbers are never localised. */
(function () {
  "use strict";

  var tries = 0;

  function signed(x) { return (x > 0 ? "+" : x < 0 ? "\u2212" : "\u00b1") + Math.abs(x); }

  function draw(box, data) {
    var W = box.dataset;  // data-word-unrated-host -> wordUnratedHost
    var list = document.getElementById("table-ratings-list");
    var note = document.getElementById("table-ratings-note");
    var names = {};
    var left = {};
    (data.seats || []).forEach(function (seat) {
      if (seat.username) names[seat.username] = seat.display_name || seat.username;
      if (seat.username && seat.taken_over) left[seat.username] = true;
    });
    list.textContent = "";
    (data.rating_changes || []).forEach(function (change) {
      var delta = change.rating_after - change.rating_before;
      var item = document.createElement("li");
      item.className = "table-ratings__row";
      item.dataset.username = change.username;
      var who = document.createElement("span");
      who.className = "table-ratings__name";
      who.textContent = names[change.username] || change.username;
      var numbers = document.createElement("span");
      numbers.className = "table-ratings__numbers";
      numbers.textContent = change.rating_before + " \u2192 " + change.rating_after + " ";
      var moved = document.createElement("strong");
      moved.className = delta > 0 ? "rating-delta--up" : delta < 0 ? "rating-delta--down" : "";
      moved.textContent = "(" + signed(delta) + ")";
      numbers.appendChild(moved);
      item.appendChild(who);
      if (left[change.username]) {
        var why = document.createElement("small");
        why.className = "muted table-ratings__left";
        why.textContent = " (" + W.wordLeft + ")";
        who.appendChild(why);
      }
      item.appendChild(document.createTextNode(" "));
      item.appendChild(numbers);
      list.appendChild(item);
    });
    var reason = (data.unrated_reason || "").replace(/^./, function (c) { return c.toUpperCase(); });
    note.textContent = data.rated ? W.wordRated : (W["wordUnrated" + reason] || W.wordUnrated);
    box.hidden = false;
  }

  function load(box) {
    fetch(box.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        // The record is written in the finishing transaction; a read just before it retries.
        if (!data || data.rated === null) {
          if (++tries < 5) setTimeout(function () { load(box); }, 1000 * tries);
          return;
        }
        draw(box, data);
      })
      .catch(function () { if (++tries < 5) setTimeout(function () { load(box); }, 1000 * tries); });
  }

  document.addEventListener("DOMContentLoaded", function () { window.WondersPlay.whenTheEndShows("table-ratings", load); });
})();
