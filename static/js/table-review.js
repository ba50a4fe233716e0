/* The key moments at the end of a game (the coach's review, issue 28): when the end panel
   (#moment-end, drawn by table-moments.js) opens, read the match's review from the API
   (/api/matches/<id>/review/) and list each person's up to three key moments, each a link that
   opens the replay at its step (?step=N), then the move and the search's choice in words (the
   API's chosen_text and best_text, in the page's language: ?lang=). While the review is queued or running: "Review in
   progress…", asked again every POLL_SECONDS for at most GIVE_UP_SECONDS. A match nobody reviews
   (bots only) shows nothing. Words come from the section's data-word-* attributes (the server's
   gettext). */
(function () {
  "use strict";

  var POLL_SECONDS = 4;
  var GIVE_UP_SECONDS = 300;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return values[name] !== undefined ? values[name] : ""; });
  }

  function draw(box, data) {
    var W = box.dataset;
    var seats = document.getElementById("table-review-seats");
    seats.textContent = "";
    document.getElementById("table-review-status").textContent = "";
    data.seats.filter(function (seat) { return seat.reviewed; }).forEach(function (seat) {
      var group = el("div", "table-review__seat");
      group.dataset.seat = String(seat.seat);
      group.appendChild(el("h4", "table-review__name", seat.display_name || seat.username));
      var positions = data.key_moments[String(seat.seat)] || [];
      if (!positions.length) group.appendChild(el("p", "muted", W.wordNone));
      var list = el("ol", "table-review__list");
      positions.forEach(function (k) {
        var decision = data.decisions[k];
        var item = el("li", "table-review__moment");
        var link = el("a", "table-review__step", fill(W.wordStep, { step: decision.step }));
        link.href = box.dataset.replay + "?step=" + decision.step + "#replay";
        item.appendChild(link);
        // a key moment cost win chance, or points where the win chance told nothing (decision.cost)
        var byPoints = decision.cost === "points";
        item.appendChild(document.createTextNode(": " + fill(byPoints ? W.wordFewerPoints : W.wordWorse, {
          chosen: decision.chosen_text, best: decision.best_text, loss: Math.max(1, Math.round(decision.loss * 100)) + "%",
          points: Math.round(decision.points_loss),
        })));
        list.appendChild(item);
      });
      if (positions.length) group.appendChild(list);
      seats.appendChild(group);
    });
  }

  function load(box, started) {
    var status = document.getElementById("table-review-status");
    function again() {
      if (Date.now() - started > GIVE_UP_SECONDS * 1000) {
        status.textContent = box.dataset.wordLater;
        return;
      }
      setTimeout(function () { load(box, started); }, POLL_SECONDS * 1000);
    }
    fetch(box.dataset.url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 404) return { none: true };
        return response.ok ? response.json() : null;
      })
      .then(function (data) {
        if (data && data.none) { box.hidden = true; return; }
        if (!data) { again(); return; }  // 409 for a moment (the end not yet committed), or a network error
        box.hidden = false;
        if (data.status === "done") draw(box, data);
        else if (data.status === "failed") status.textContent = box.dataset.wordFailed;
        else {
          status.textContent = box.dataset.wordProgress;
          again();
        }
      })
      .catch(again);
  }

  document.addEventListener("DOMContentLoaded", function () {
    window.WondersPlay.whenTheEndShows("table-review", function (box) { load(box, Date.now()); });
  });
})();
