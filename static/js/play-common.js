/* What every game board shares (each game's static/board.js in its folder under games/presentation/): the page's data
   blocks, el()/t() helpers, the error box, the deadline countdown and the WebSocket session of
   docs/protocol.md (snapshots, updates in version order with the gap wait, acks, the resend of an
   unacknowledged act after a reconnect, the deadline nudge, the table chat's lines in S.chat). A board asks for a session and draws
   `session.S` in its render(); it never speaks to the socket itself. */
(function () {
  "use strict";

  function data(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  function $(id) { return document.getElementById(id); }

  /* t(key, values): the page's words (#play-ui), "%(name)s" filled from `values`. */
  /* words[key] is a text, or a plural word's forms ({zero, one, other}: see games/views/words.py)
     chosen by values.count. */
  function translator(words) {
    return function (key, values) {
      var text = words[key] || key;
      if (typeof text === "object") {
        var count = values ? Number(values.count) : 2;
        text = count === 1 ? text.one : count === 0 ? text.zero : text.other;
      }
      return text.replace(/%\((\w+)\)s/g, function (_, name) {
        return values && values[name] !== undefined ? values[name] : "";
      });
    };
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === undefined || value === null || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key === "onclick") node.addEventListener("click", value);
      else node.setAttribute(key, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function showError(text) {
    var box = $("game-error");
    if (!box) return;
    box.hidden = !text;
    box.textContent = text || "";
  }

  var GAP_WAIT_MS = 300;  // how long an update that skips a version waits for the missing one
  var CHAT_KEPT = 200;   // chat lines a page keeps (a snapshot brings the latest CHAT_HISTORY)
  /* What runs after every board's render (table-moments.js, table-chat.js): hook(session, options, freshEvents). */
  var afterDraw = [];
  /* What hears the messages no board draws (table-chat.js, table-hints.js): hook(session, options,
     message) for a `chat` line (already added to S.chat), a `suggestion`, and an `error` marked
     "for" (it answers a chat or a suggest, not a move: it stays out of the board's error box). */
  var listeners = [];
  var UPDATED = ["version", "step", "status", "deadline", "seats", "you", "view", "legal", "blocked"];

  /* session({page, t, errors, render, seatName}): connects at once; render() is called after every
     snapshot and applied update, with session.S up to date; seatName(n) is the board's name of a
     seat (the shared moments use it). */
  function session(options) {
    var t = options.t;
    var errors = options.errors || {};
    var self = { S: null };
    var outbox = null;   // the last act not yet acknowledged (sent again after a reconnect)
    var nudged = null;   // the deadline already reported as passed
    var counter = 0;
    var early = {};
    var gapTimer = null;
    var ws = null;
    var fresh = [];      // the events of the updates applied since the last draw

    /* Send now if the socket is open (true), else drop it (false: the caller may say so). */
    function send(message) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(message));
      return true;
    }

    function waitForGap(message) {
      early[message.version] = message;
      if (gapTimer) return;
      gapTimer = setTimeout(function () {
        gapTimer = null;
        early = {};
        send({ type: "resync" });
      }, GAP_WAIT_MS);
    }

    function applyUpdate(message) {
      var S = self.S;
      fresh = fresh.concat(message.events);
      delete early[message.version];
      UPDATED.forEach(function (key) { S[key] = message[key]; });
      S.events = S.events.concat(message.events.filter(function (e) { return e.type !== "chosen"; }));
      if (outbox && outbox.step !== S.step) outbox = null;
      Object.keys(early).forEach(function (v) { if (+v <= S.version) delete early[v]; });
    }

    /* `timing` names the performance measure of this draw, from `since` (performance.now() when the
       message was taken up) to the end of the board's render and its hooks: "wonders:first-render"
       for the page's first snapshot, "wonders:update" for an applied update (read by
       bench/bench_table.py, `make bench-table`; nothing else depends on them). */
    function draw(timing, since) {
      var arrived = fresh;
      fresh = [];
      options.render(self.S);
      afterDraw.forEach(function (hook) { hook(self, options, arrived); });
      tick();
      if (timing && window.performance && performance.measure) {
        performance.measure(timing, { start: since, end: performance.now(),
                                      detail: { version: self.S.version, events: arrived.length } });
      }
    }

    function onMessage(message) {
      var S = self.S;
      var since = window.performance ? performance.now() : 0;  // for draw()'s measure
      switch (message.type) {
        case "snapshot":
          early = {};
          if (gapTimer) { clearTimeout(gapTimer); gapTimer = null; }
          self.S = message;
          if (outbox && outbox.step === message.step) send(outbox);
          else outbox = null;
          draw(S ? null : "wonders:first-render", since);
          break;
        case "update":
          if (!S || message.version <= S.version) return;
          if (message.version !== S.version + 1) { waitForGap(message); return; }
          applyUpdate(message);
          while (early[self.S.version + 1]) applyUpdate(early[self.S.version + 1]);
          if (gapTimer && !Object.keys(early).length) { clearTimeout(gapTimer); gapTimer = null; }
          draw("wonders:update", since);
          break;
        case "suggestion":  // the "Suggest" hint's answer, to this page alone (table-hints.js)
          listeners.forEach(function (hook) { hook(self, options, message); });
          break;
        case "chat":
          if (S) S.chat = (S.chat || []).concat([message]).slice(-CHAT_KEPT);
          listeners.forEach(function (hook) { hook(self, options, message); });
          break;
        case "ack":
          if (outbox && outbox.client_id === message.client_id) outbox = null;
          showError(null);
          break;
        case "error":
          if (message.for) {
            listeners.forEach(function (hook) { hook(self, options, message); });
            break;
          }
          if (outbox && outbox.client_id === message.client_id) outbox = null;
          showError(errors[message.code] || message.code);
          if (message.code === "stale_step") send({ type: "resync" });
          break;
        case "gone":
          showError(t("gone"));
          break;
        case "conceded":
          showError(null);
          break;
      }
    }

    function tick() {
      var S = self.S;
      var box = $("game-deadline");
      if (!box) return;
      if (!S || !S.deadline || S.status !== "running") {
        box.textContent = S && S.status === "running" && !S.match.turn_seconds ? t("no_deadline") : "";
        return;
      }
      var left = Math.max(0, Math.round((Date.parse(S.deadline) - Date.now()) / 1000));
      var minutes = Math.floor(left / 60);
      var seconds = left % 60;
      box.textContent = t("deadline", { time: left >= 3600 ? Math.floor(left / 3600) + " h " + Math.floor(left % 3600 / 60) + " min" : minutes + ":" + (seconds < 10 ? "0" : "") + seconds });  // turn-based: hours
      box.classList.toggle("is-late", left <= 10);
      if (left === 0 && nudged !== S.deadline && Date.now() > Date.parse(S.deadline) + 1000) {
        nudged = S.deadline;  // tell the server once; it plays for late seats and sends the news
        send({ type: "deadline", version: S.version });
      }
    }

    /* Send one of the seat's legal actions, chosen at the current step. */
    self.act = function (action) {
      counter += 1;
      outbox = { type: "act", client_id: "m" + options.page.match + "-" + Date.now().toString(36) + "-" + counter,
                 step: self.S.step, action: action };
      send(outbox);
    };
    self.send = send;
    self.showError = showError;

    function open(status) {
      var delay = 1000;
      function connect() {
        ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + options.page.ws_path);
        ws.onopen = function () { delay = 1000; status.textContent = t("connected"); };
        ws.onmessage = function (event) { onMessage(JSON.parse(event.data)); };
        ws.onclose = function (event) {
          if (event.code === 4404) return;
          status.textContent = t("reconnecting");
          setTimeout(connect, delay);
          delay = Math.min(delay * 2, 15000);
        };
      }
      connect();
    }

    open($("game-connection"));
    setInterval(tick, 1000);
    return self;
  }

  /* The seat's own name, a player's or a bot's, or "Seat n". */
  function plainSeatName(S, t, n) {
    var seat = S && S.seats[n];
    return seat && seat.name ? seat.name : seat && seat.bot ? t("bot_" + seat.bot) : t("seat_n", { seat: n + 1 });
  }

  /* A seat's public label, unique at the table: two seats with the same name (two bots of one
     level) are told apart by `distinguish(n)` (a game's words, e.g. its wonder) or their seat
     number; "(you)" after the reader's own. */
  function seatName(S, t, n, distinguish) {
    var name = plainSeatName(S, t, n);
    var twins = S ? S.seats.filter(function (seat, m) { return m !== n && plainSeatName(S, t, m) === name; }) : [];
    if (twins.length) name += " · " + ((distinguish && distinguish(n)) || t("seat_n", { seat: n + 1 }));
    if (S && S.you === n) name += " (" + t("you") + ")";
    return name;
  }

  /* A score sheet's column head: the seat's name over its city, each cut to one line on a phone
     (the whole name stays in the text for screen readers and in the tooltip). */
  function scoreHead(name, city) {
    if (city) name = name.replace(" · " + city, "");
    return el("th", { scope: "col", title: city ? name + " · " + city : name }, [el("span", { class: "score-sheet__name", text: name }),
      city ? el("span", { class: "score-sheet__city", text: city }) : null]);
  }

  /* The table's header menu (templates/games/game.html): it takes the table's tools (Sound, Leave)
     in, and closes on Escape (the focus back on its toggle), a click or the focus outside it. */
  function tableMenu() {
    var menu = $("table-menu");
    if (!menu) return;
    var tools = $("moment-tools");
    var slot = $("table-menu-tools");
    if (tools && slot) slot.appendChild(tools);
    var toggle = menu.querySelector("summary");
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open) {
        menu.open = false;
        toggle.focus();
      }
    });
    ["click", "focusin"].forEach(function (kind) {
      document.addEventListener(kind, function (event) {
        if (menu.open && !menu.contains(event.target)) menu.open = false;
      });
    });
    // A dialog opened from the menu (leaving the game) closes it first.
    menu.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest("#leave-game")) menu.open = false;
    });
  }
  document.addEventListener("DOMContentLoaded", tableMenu);

  /* A box of the end panel (#moment-end: table-ratings.js's rating change, table-review.js's key
     moments): moved in before the panel's links; start(box) is called once, when the panel shows. */
  function whenTheEndShows(boxId, start) {
    var box = $(boxId);
    var end = $("moment-end");
    if (!box || !end) return;
    end.insertBefore(box, end.querySelector(".moment__links"));
    var started = false;
    function check() {
      if (started || end.hidden) return;
      started = true;
      start(box);
    }
    new MutationObserver(check).observe(end, { attributes: true, attributeFilter: ["hidden"] });
    check();
  }

  window.WondersPlay = {
    data: data, $: $, el: el, translator: translator, showError: showError, session: session, seatName: seatName, scoreHead: scoreHead,
    afterDraw: afterDraw, listeners: listeners, whenTheEndShows: whenTheEndShows,
    sharedEventText: function () { return null; },
  };
})();
