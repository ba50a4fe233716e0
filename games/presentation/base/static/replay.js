/* The base game's replay drawing (7 Wonders, with the 2-player variant and Cities): each frame's
   table drawn by static/tableau.js as the game page draws it (every city's wonder board, cards,
   coins, tokens; what the step changed lands with the highlight), then every hand and the discard
   pile, the step's plays in words. js/replay.js steps through the frames and calls
   window.WondersReplayBoard(helpers) -> {title, describe, draw}; the catalogue and the
   board's words come with #replay-board (games/presentation/base/replay.py). */
(function () {
  "use strict";
  var ROMAN = {1: "I", 2: "II", 3: "III"};
  var SCIENCE = ["compass", "gear", "tablet"];

  window.WondersReplayBoard = function (helpers) {
    var el = helpers.el;
    var t = helpers.labels;
    var data = helpers.data;
    var seatName = helpers.seatName;
    var board = JSON.parse((document.getElementById("replay-board") || {}).textContent || "{}");
    var CAT = board.catalogue || { cards: {}, wonders: {} };
    function card(id) { return data.cards[id] || {name: id, color: "grey"}; }
    function cardTag(id) {
      var c = card(id);
      return el("li", "card-tag card-tag--" + c.color, c.name);
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

    /* What a replay frame's city (engine.reveal) does not say and the table draws: its shields,
       science and stage count, from the catalogue's effects of its cards and built stages. */
    function effectsOf(player) {
      var list = [];
      player.built.forEach(function (id) { list = list.concat((CAT.cards[id] || {}).effects || []); });
      var wonder = CAT.wonders[player.wonder];
      var stages = wonder && player.side ? wonder.sides[player.side] || [] : [];
      stages.slice(0, player.stages.length).forEach(function (stage) { list = list.concat(stage.effects || []); });
      return { list: list, stageCount: stages.length };
    }

    function asViewCity(player, n, count) {
      var found = effectsOf(player);
      var science = { compass: 0, gear: 0, tablet: 0, wild: 0 };
      var shields = 0;
      found.list.forEach(function (e) {
        if (e.type === "shields") shields += e.amount;
        else if (e.type === "science") science[e.symbol] += 1;
        else if (e.type === "science_choice") science.wild += 1;
      });
      var team = board.teams && player.seat !== null && player.seat !== undefined
        ? { team: Math.floor(player.seat / 2), partner: player.seat ^ 1 } : {};
      return Object.assign({}, player, team, {
        stages_built: player.stages.length, stage_count: found.stageCount, shields: shields,
        hand_size: player.hand ? player.hand.length : undefined,
        left: (n + 1) % count, right: (n + count - 1) % count,
        economy: { science: science },
      });
    }

    /* A frame as the view the table draws: the seats' cities, then the Free City (2 players). */
    function asView(frame) {
      var cities = frame.players.slice();
      if (frame.free_city) cities.push(Object.assign({}, frame.free_city, { free_city: true, pile_size: frame.free_city.pile.length }));
      return { players: cities.map(function (player, n) { return asViewCity(player, n, cities.length); }), age: frame.age, turn: frame.turn };
    }

    var views = [];  // each frame's view, made once: the table keeps what it drew for the same view
    function viewOf(frame) {
      var at = data.frames.indexOf(frame);
      if (at < 0) return asView(frame);
      if (!views[at]) views[at] = asView(frame);
      return views[at];
    }

    var table = el("div", "replay__table");  // one for the whole replay: a chosen tab or zoom stays
    function draw(frame, box) {
      var at = data.frames.indexOf(frame);
      var view = viewOf(frame);
      box.appendChild(table);
      window.WondersTableau.table(view, null, table, {
        previous: at > 0 ? viewOf(data.frames[at - 1]) : null, catalogue: CAT,
        names: frame.players.map(function (player) { return seatName(player.seat); }),
      });
      var rest = el("div", "replay__hands");
      frame.players.forEach(function (player) {
        if (!player.hand.length) return;
        var hand = el("div", "replay__hand");
        hand.appendChild(el("p", "city__label", seatName(player.seat) + " — " + t.hand));
        var list = el("ul", "city__cards city__cards--hand");
        player.hand.forEach(function (id) { list.appendChild(cardTag(id)); });
        hand.appendChild(list);
        rest.appendChild(hand);
      });
      if (frame.discard.length) {
        var pile = el("div", "replay__hand replay__discard");
        pile.appendChild(el("p", "city__label", t.discardPile + " (" + frame.discard.length + ")"));
        var discards = el("ul", "city__cards");
        frame.discard.forEach(function (id) { discards.appendChild(cardTag(id)); });
        pile.appendChild(discards);
        rest.appendChild(pile);
      }
      if (rest.childNodes.length) box.appendChild(rest);
    }

    return {title: title, describe: describe, draw: draw};
  };
})();
