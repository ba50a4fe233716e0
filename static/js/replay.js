/* The replay of a finished match: step through every turn with the buttons, the slider or the
   keyboard (← → Home End), and see every city, hand and the running score as they were. It opens
   at the start (the deal); « and ◀ are disabled at the first step, ▶ and » at the last.
   Data: #replay-data (frames from games.history.timeline, card and wonder names in the page's
   language, seat labels, the table chat's lines said during each frame) and #replay-labels (the words, translated by the server). Each
   game brings its own drawing (its folder's static/replay.js, loaded first; without one, a neutral
   drawing below): window.WondersReplayBoard(helpers) -> {title(frame, index, before), describe(event), draw(frame, box)};
   before is the previous frame: the table as the step began (its age, turn, player); a board may
   add action(action, form): a reviewed action in words, form "done" ("discarded Baths") or
   "instead" ("building the Library").
   ?step=N (1 = the deal) opens the replay at that step. The coach's review (data.review, issue 28:
   games/history/review_page.py) adds at each step a line per reviewed decision, and lists each
   person's key moments in #review with links to their steps. */
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
  var current = 0;
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
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return values[name] !== undefined ? values[name] : ""; });
  }

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
    var focused = document.activeElement;
    controls.querySelectorAll("[data-go]").forEach(function (button) {
      var go = button.getAttribute("data-go");
      button.disabled = (go === "first" || go === "prev") ? current === 0 : current === frames.length - 1;
    });
    // A button that the step has just disabled had the focus: give it to the one going back the other way.
    if (focused && focused.disabled && controls.contains(focused)) {
      var other = controls.querySelector(current === 0 ? '[data-go="next"]' : '[data-go="prev"]');
      if (other && !other.disabled) other.focus();
    }
    var before = frames[Math.max(0, current - 1)];
    where.textContent = board.title(frame, current, before) + " — " + t.step + " " +
      (current + 1) + " " + t.of + " " + frames.length;
    eventsList.textContent = "";
    frame.events.forEach(function (event) {
      board.describe(event).forEach(function (line) {
        eventsList.appendChild(el("li", null, line));
      });
    });
    reviewedAt(current).forEach(function (decision) { eventsList.appendChild(reviewLine(decision)); });
    ((data.chat || [])[current] || []).forEach(function (line) {
      var item = el("li", "replay__chat");
      item.appendChild(el("span", "replay__chat-tag", t.chat));
      item.appendChild(document.createTextNode(" " + seatName(line.seat) + ": " + line.text));
      eventsList.appendChild(item);
    });
    cities.textContent = "";
    board.draw(frame, cities);
  }

  // The coach's review: the decisions reviewed at a step, in words.
  var review = data.review && data.review.status === "done" ? data.review : null;
  function reviewedAt(index) {
    return review ? review.decisions.filter(function (decision) { return decision.step === index + 1; }) : [];
  }
  // What a decision was worth, without the player's name (the replay's line puts it first); the
  // actions come in words from the server (games/history/review_page.py, each game's site side).
  // decision.cost says which: the win chance lost, the points lost (where the win chance tells
  // nothing) or none (review_page.cost_kind).
  function reviewText(decision) {
    var values = { chosen: decision.chosen_text, best: decision.best_text };
    if (decision.cost === "win") {
      values.loss = Math.max(1, Math.round(decision.loss * 100)) + "%";
      return fill(t.reviewWorse, values);
    }
    if (decision.cost === "points") {
      values.points = Math.round(decision.points_loss);
      return fill(t.reviewFewerPoints, values);
    }
    return fill(t.reviewSame, values);
  }
  function reviewLine(decision) {
    var item = el("li", "replay__review" + (decision.key ? " replay__review--key" : ""));
    if (decision.key) {
      item.appendChild(el("span", "replay__review-tag", t.reviewKey));
      item.appendChild(document.createTextNode(" "));
    }
    item.appendChild(document.createTextNode(seatName(decision.seat) + ": " + reviewText(decision)));
    return item;
  }
  function stepLink(step) { return "?step=" + step + "#replay"; }
  function listKeyMoments() {
    var box = document.querySelector("[data-review-moments]");
    if (!box || !review) return;
    var seats = Object.keys(review.key_moments).map(Number).sort(function (a, b) { return a - b; });
    // The slider marks the key moments' steps (a tick each, where the browser draws them).
    var ticks = el("datalist");
    ticks.id = "replay-key-steps";
    seats.forEach(function (seat) {
      (review.key_moments[String(seat)] || []).forEach(function (k) {
        var option = el("option");
        option.value = String(review.decisions[k].step - 1);
        ticks.appendChild(option);
      });
    });
    root.appendChild(ticks);
    slider.setAttribute("list", ticks.id);
    seats.forEach(function (seat) {
      var group = el("div", "match-review__seat");
      group.appendChild(el("h3", "match-review__name", seatName(seat)));
      var positions = review.key_moments[String(seat)] || [];
      if (!positions.length) group.appendChild(el("p", "muted", t.reviewNone));
      var list = el("ol", "match-review__list");
      positions.forEach(function (k) {
        var decision = review.decisions[k];
        var frameAt = Math.min(frames.length - 1, decision.step - 1);
        var item = el("li", "match-review__moment");
        var link = el("a", "match-review__step", board.title(frames[frameAt], frameAt, frames[Math.max(0, frameAt - 1)]));
        link.href = stepLink(decision.step);
        link.setAttribute("data-step", String(decision.step));
        item.appendChild(link);
        item.appendChild(el("span", "match-review__text", reviewText(decision)));
        list.appendChild(item);
      });
      if (positions.length) group.appendChild(list);
      box.appendChild(group);
    });
    box.addEventListener("click", function (event) {
      var link = event.target.closest("[data-step]");
      if (!link) return;
      event.preventDefault();
      show(parseInt(link.getAttribute("data-step"), 10) - 1);
      if (window.history && window.history.replaceState) window.history.replaceState(null, "", link.getAttribute("href"));
      root.scrollIntoView({ block: "start" });
      slider.focus();
    });
  }
  function stepAsked() {
    var asked = parseInt(new URLSearchParams(window.location.search).get("step"), 10);
    return asked >= 1 && asked <= frames.length ? asked - 1 : 0;
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
  listKeyMoments();
  show(stepAsked());
})();
