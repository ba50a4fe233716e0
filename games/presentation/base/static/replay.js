/* The base game's replay drawing (7 Wonders, with the 2-player variant and Cities): each frame's
   cities (wonder, side, stages, coins, military, the cards built by colour, the cards under the
   wonder, the hand) and the discard pile, the step's plays in words. js/replay.js steps through the
   frames and calls window.WondersReplayBoard(helpers) -> {title, describe, draw}. */
(function () {
  "use strict";
  var COLORS = ["brown", "grey", "blue", "yellow", "red", "green", "purple", "black"];
  var ROMAN = {1: "I", 2: "II", 3: "III"};

  window.WondersReplayBoard = function (helpers) {
    var el = helpers.el;
    var t = helpers.labels;
    var data = helpers.data;
    var seatName = helpers.seatName;
    function card(id) { return data.cards[id] || {name: id, color: "grey"}; }
    function cardTag(id, extra) {
      var c = card(id);
      return el("li", "card-tag card-tag--" + c.color + (extra ? " " + extra : ""), c.name);
    }
    // A plural word's forms ({zero, one, other}, from the server's ngettext) for a number.
    function counted(forms, count) {
      return (count === 1 ? forms.one : count === 0 ? forms.zero : forms.other).replace("%(count)s", count);
    }

    // A frame holds the table after its step, so the step's own age and turn are the previous frame's.
    function title(frame, index, before) {
      if (index === 0) return t.start;
      var text = t.age + " " + (ROMAN[before.age] || before.age) + " · " + t.turn + " " + before.turn;
      return frame.phase === "over" ? text + " · " + t.end : text;
    }

    function describe(event) {
      var out = [];
      if (event.type === "turn_resolved") {
        event.plays.forEach(function (play) {
          var text = seatName(play.seat) + ": ";
          if (play.action === "build") text += t.built.replace("%(card)s", card(play.card).name) + (play.free ? " (" + t.free + ")" : "");
          else if (play.action === "wonder") text += t.wonder + " " + play.stage;
          else text += t.discard;
          out.push(text);
        });
      } else if (event.type === "seventh_card") {
        out.push(seatName(event.seat) + ": " + t.seventh);
      } else if (event.type === "built_from_discard") {
        out.push(seatName(event.seat) + ": " + t.fromDiscard + " " + card(event.card).name);
      } else if (event.type === "passed") {
        out.push(seatName(event.seat) + ": " + t.passed);
      } else if (event.type === "military") {
        out.push(t.militaryEvent + " (" + t.age + " " + (ROMAN[event.age] || event.age) + ")");
      }
      return out;
    }

    function city(player) {
      var box = el("article", "city");
      box.appendChild(el("h3", "city__name", seatName(player.seat)));
      box.appendChild(el("p", "city__wonder", (data.wonders[player.wonder] || player.wonder) +
        (player.side ? " · " + t.side + " " + player.side : "")));
      var military = player.tokens.reduce(function (a, b) { return a + b; }, 0);
      box.appendChild(el("p", "city__facts", counted(t.stages, player.stages.length) + " · " +
        counted(t.coins, player.coins) + " · " + t.military + " " + military + " · " + counted(t.points, player.total)));
      var byColor = {};
      player.built.forEach(function (id) { (byColor[card(id).color] = byColor[card(id).color] || []).push(id); });
      COLORS.forEach(function (color) {
        if (!byColor[color]) return;
        var list = el("ul", "city__cards");
        byColor[color].forEach(function (id) { list.appendChild(cardTag(id)); });
        box.appendChild(list);
      });
      if (player.stages.length) {
        box.appendChild(el("p", "city__label", t.under));
        var under = el("ul", "city__cards city__cards--under");
        player.stages.forEach(function (id) { under.appendChild(cardTag(id, "card-tag--under")); });
        box.appendChild(under);
      }
      if (player.hand.length) {
        box.appendChild(el("p", "city__label", t.hand));
        var hand = el("ul", "city__cards city__cards--hand");
        player.hand.forEach(function (id) { hand.appendChild(cardTag(id)); });
        box.appendChild(hand);
      }
      return box;
    }

    function draw(frame, cities) {
      frame.players.forEach(function (player) { cities.appendChild(city(player)); });
      if (frame.discard.length) {
        var pile = el("article", "city city--discard");
        pile.appendChild(el("h3", "city__name", t.discardPile + " (" + frame.discard.length + ")"));
        var list = el("ul", "city__cards");
        frame.discard.forEach(function (id) { list.appendChild(cardTag(id)); });
        pile.appendChild(list);
        cities.appendChild(pile);
      }
    }

    return {title: title, describe: describe, draw: draw};
  };
})();
