/* High card (a test game): every seat's card, and a button for each legal choice. */
(function () {
  "use strict";
  var P = window.WondersPlay;
  var $ = P.$;
  var el = P.el;
  var t = P.translator(P.data("play-ui") || {});
  var session = null;

  function seatName(n) { return P.seatName(session.S, t, n); }

  function render() {
    var S = session.S;
    if (!S || !S.view) return;
    var view = S.view;
    $("game-age").textContent = t("round", { round: view.round, rounds: view.rounds });
    var choices = $("hc-choices");
    choices.textContent = "";
    (S.legal || []).forEach(function (action) {
      choices.appendChild(el("li", {}, [el("button", {
        "class": "button", type: "button", "data-action": action.type, text: t(action.type),
        onclick: function () { session.act(action); },
      })]));
    });
    var table = $("hc-table");
    table.textContent = "";
    view.players.forEach(function (player, n) {
      table.appendChild(el("li", { text: t("card_of", { name: seatName(n), card: player.card })
        + (player.chosen ? " · " + t("chosen") : "") }));
    });
    var sheet = $("game-scores");
    sheet.hidden = !view.scores;
    if (view.scores) {
      $("game-score-sheet").textContent = view.scores.map(function (row) {
        return seatName(row.seat) + ": " + row.total;
      }).join(" · ");
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    session = P.session({ page: P.data("game-data"), t: t, errors: P.data("play-errors") || {}, render: render,
                          seatName: seatName });
  });
})();
