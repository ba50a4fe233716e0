/* The replay of a finished match: step through every turn with the buttons, the slider or the
   keyboard (← → Home End), and see every city, hand and the running score as they were.
   Data: #replay-data (frames from games.history.timeline, card and wonder names in the page's
   language, seat labels, the table chat's lines said during each frame) and #replay-labels (the words, translated by the server). A game whose
   frames are not the base game's brings its own drawing (its presentation's REPLAY_SCRIPT, loaded
   first): window.WondersReplayBoard(helpers) -> {title(frame, index, before), describe(event), draw(frame, box)};
   before is the previous frame: the table as the step began (its age, turn, player). */
(function () {
  "use strict";
  var root = document.querySelector("[data-replay]");
  var dataNode = document.getElementById("replay-data");
  var labelNode = document.getElementById("replay-labels");
  if (!root || !dataNode || !labelNode) return;
  var data = JSON.parse(dataNode.textContent);
  var t = JSON.parse(labelNode.textContent);
  var frames = data.frames;
  var controls = root.querySelector(".replay__controls");
  var keys = root.querySelector(".replay__keys");
  var slider = root.querySelector("[data-slider]");
  var where = root.querySelector("[data-where]");
  var eventsList = root.querySelector("[data-events]");
  var cities = root.querySelector("[data-cities]");
  var COLORS = ["brown", "grey", "blue", "yellow", "red", "green", "purple"];
  var ROMAN = {1: "I", 2: "II", 3: "III"};
  var current = frames.length - 1;
  var board = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function card(id) { return data.cards[id] || {name: id, color: "grey"}; }
  function cardTag(id, extra) {
    var c = card(id);
    return el("li", "card-tag card-tag--" + c.color + (extra ? " " + extra : ""), c.name);
  }
  // A plural word's forms ({zero, one, other}, from the server's ngettext) for a number.
  function counted(forms, count) {
    return (count === 1 ? forms.one : count === 0 ? forms.zero : forms.other).replace("%(count)s", count);
  }
  function seatName(seat) { return data.seats[seat] || "#" + (seat + 1); }

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

  function show(index) {
    current = Math.max(0, Math.min(frames.length - 1, index));
    var frame = frames[current];
    slider.value = String(current);
    var before = frames[Math.max(0, current - 1)];
    where.textContent = (board ? board.title(frame, current, before) : title(frame, current, before)) + " — " + t.step + " " +
      (current + 1) + " " + t.of + " " + frames.length;
    eventsList.textContent = "";
    frame.events.forEach(function (event) {
      (board ? board.describe(event) : describe(event)).forEach(function (line) {
        eventsList.appendChild(el("li", null, line));
      });
    });
    ((data.chat || [])[current] || []).forEach(function (line) {
      var item = el("li", "replay__chat");
      item.appendChild(el("span", "replay__chat-tag", t.chat));
      item.appendChild(document.createTextNode(" " + seatName(line.seat) + ": " + line.text));
      eventsList.appendChild(item);
    });
    cities.textContent = "";
    if (board) {
      board.draw(frame, cities);
      return;
    }
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

  function go(where) {
    if (where === "first") show(0);
    else if (where === "prev") show(current - 1);
    else if (where === "next") show(current + 1);
    else if (where === "last") show(frames.length - 1);
  }

  if (window.WondersReplayBoard) board = window.WondersReplayBoard({ el: el, seatName: seatName, labels: t, data: data });
  controls.hidden = false;
  keys.hidden = false;
  slider.max = String(frames.length - 1);
  controls.addEventListener("click", function (event) {
    var button = event.target.closest("[data-go]");
    if (button) go(button.getAttribute("data-go"));
  });
  slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if ((tag === "input" && event.target !== slider) || tag === "textarea" || tag === "select") return;
    var map = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"};
    if (map[event.key]) {
      event.preventDefault();
      go(map[event.key]);
    }
  });
  show(current);
})();
