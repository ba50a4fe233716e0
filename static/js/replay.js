/* The replay of a finished match: step through every turn with the buttons, the slider or the
   keyboard (← → Home End), and see every city, hand and the running score as they were.
   Data: #replay-data (frames from games.history.timeline, card and wonder names in the page's
   language, seat labels, the table chat's lines said during each frame) and #replay-labels (the words, translated by the server). Each
   game brings its own drawing (its folder's static/replay.js, loaded first; without one, a neutral
   drawing below): window.WondersReplayBoard(helpers) -> {title(frame, index, before), describe(event), draw(frame, box)};
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
  var current = frames.length - 1;
  var board = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  // A plural word's forms ({zero, one, other}, from the server's ngettext) for a number.
  function counted(forms, count) {
    return (count === 1 ? forms.one : count === 0 ? forms.zero : forms.other).replace("%(count)s", count);
  }
  function seatName(seat) { return data.seats[seat] || "#" + (seat + 1); }

  // The drawing of a game without a replay.js of its own: the step's number, each seat's total.
  var neutral = {
    title: function (frame, index) { return index === 0 ? t.start : t.step + " " + index; },
    describe: function () { return []; },
    draw: function (frame, box) {
      (Array.isArray(frame.players) ? frame.players : []).forEach(function (player, seat) {
        var city = el("article", "city");
        city.appendChild(el("h3", "city__name", seatName(seat)));
        if (typeof player.total === "number") city.appendChild(el("p", "city__facts", counted(t.points, player.total)));
        box.appendChild(city);
      });
    },
  };

  function show(index) {
    current = Math.max(0, Math.min(frames.length - 1, index));
    var frame = frames[current];
    slider.value = String(current);
    var before = frames[Math.max(0, current - 1)];
    where.textContent = board.title(frame, current, before) + " — " + t.step + " " +
      (current + 1) + " " + t.of + " " + frames.length;
    eventsList.textContent = "";
    frame.events.forEach(function (event) {
      board.describe(event).forEach(function (line) {
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
    board.draw(frame, cities);
  }

  function go(where) {
    if (where === "first") show(0);
    else if (where === "prev") show(current - 1);
    else if (where === "next") show(current + 1);
    else if (where === "last") show(frames.length - 1);
  }

  board = window.WondersReplayBoard ? window.WondersReplayBoard({ el: el, seatName: seatName, labels: t, data: data }) : neutral;
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
