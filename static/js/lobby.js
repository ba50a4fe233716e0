/* The lobby (open tables and running games, live) and a table's waiting room.
   Protocol: docs/protocol.md. Words come from the page (#play-ui), through gettext. */
(function () {
  "use strict";

  function data(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }
  var UI = data("play-ui") || {};

  function t(key, values) {
    var text = UI[key] || key;
    return text.replace(/%\((\w+)\)s/g, function (_, name) {
      return values && values[name] !== undefined ? values[name] : "";
    });
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "text") node.textContent = attrs[key];
      else if (key === "class") node.className = attrs[key];
      else node.setAttribute(key, attrs[key]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  function socketUrl(path) {
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
  }

  /* A socket that reconnects (1 s, 2 s, ... up to 15 s) and hands every message to onMessage. */
  function connect(path, onMessage, onState) {
    var delay = 1000;
    var ws;
    function open() {
      ws = new WebSocket(socketUrl(path));
      ws.onopen = function () { delay = 1000; if (onState) onState("connected"); };
      ws.onmessage = function (event) { onMessage(JSON.parse(event.data), ws); };
      ws.onclose = function (event) {
        if (event.code === 4404) return;
        if (onState) onState("reconnecting");
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 15000);
      };
    }
    open();
    return function send(message) {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    };
  }

  /* ---------------------------------------------------------------- lobby */

  /* A table's game and options in words: #lobby-games holds, per game, its name and the words of
     its options' values (a per-seat option is summed up by its label). */
  function optionWords(table) {
    var games = data("lobby-games") || {};
    var game = games[table.game] || { name: table.game, options: {} };
    var out = [game.name];
    Object.keys(table.options || {}).forEach(function (name) {
      var value = table.options[name];
      var said = game.options[name] || { label: name, choices: {} };
      if (Array.isArray(value)) { if (value.some(Boolean)) out.push(said.label); }
      else if (value !== null && value !== undefined) out.push(said.choices[value] || String(value));
    });
    return out;
  }

  function paceWords(table) {
    if (table.pace === "turn") {
      var hours = Math.round(table.turn_seconds / 3600);
      return hours >= 48 ? t("pace_days", { days: hours / 24 }) : t("pace_hours", { hours: hours });
    }
    return table.turn_seconds ? t("timer_seconds", { seconds: table.turn_seconds }) : t("timer_off");
  }

  function tableLink(table, href, label) {
    var options = [t("seats_filled", { filled: table.filled, players: table.players })]
      .concat(optionWords(table))
      .concat([paceWords(table)])
      .concat(table.rated === false ? [t("unrated_table")] : [])
      .concat(table.host_holiday_until ? [t("host_holiday", { date: table.host_holiday_until })] : []);
    var names = table.seats.map(function (seat) {
      if (seat.name) return seat.name;
      if (seat.bot) return t("bot_" + seat.bot);
      return t("empty_seat");
    });
    return el("li", { class: "table-item" }, [
      el("a", { href: href, text: label + " · " + (table.host || "") }),
      el("span", { class: "muted", text: options.join(" · ") }),
      el("span", { class: "table-item__seats", text: names.join(", ") }),
    ]);
  }

  function renderList(container, tables, empty, href, label) {
    container.textContent = "";
    if (!tables.length) {
      container.appendChild(el("p", { class: "muted", text: t(empty) }));
      return;
    }
    var list = el("ul", { class: "table-list" });
    tables.forEach(function (table) { list.appendChild(tableLink(table, href(table), label(table))); });
    container.appendChild(list);
  }

  /* The turn timer is real time's: a turn-based table has a move deadline instead, so the timer's
     field shows only while the pace is real time (the server ignores it otherwise). */
  function timerFollowsPace() {
    var pace = document.getElementById("id_pace");
    var timer = document.getElementById("id_turn_seconds");
    var field = timer && timer.closest(".field");
    if (!pace || !field) return;
    function sync() { field.hidden = pace.value !== "live"; }
    pace.addEventListener("change", sync);
    sync();
  }

  function lobby() {
    timerFollowsPace();
    var path = data("lobby-ws");
    var openBox = document.getElementById("open-tables");
    var runningBox = document.getElementById("running-games");
    var base = location.pathname.replace(/\/$/, "") + "/";
    connect(path, function (message) {
      if (message.type !== "tables") return;
      renderList(openBox, message.open, "no_open_tables",
        function (table) { return base + table.id + "/"; },
        function (table) { return t("open_table") + " " + table.id; });
      if (message.open_total > message.open.length) {
        openBox.appendChild(el("p", { class: "muted", text: t("more_open_tables", { count: message.open_total }) }));
      }
      renderList(runningBox, message.running, "no_running_games",
        function (table) { return base + table.id + "/game/"; },
        function (table) { return t("watch") + " " + table.id; });
    });
    setupCreateForm();
  }

  function setupCreateForm() {
    var form = document.querySelector(".create-form");
    if (!form) return;
    var players = form.querySelector("[name=players]");
    var game = document.getElementById("choose-game-select");
    var chooseGame = document.getElementById("choose-game");
    /* Is the option (a field name) given that value? A checkbox among several, or a select. */
    function optionIs(name, value) {
      var boxes = form.querySelectorAll("input[name='" + name + "']");
      if (boxes.length) {
        return Array.prototype.some.call(boxes, function (box) { return box.value === value && box.checked; });
      }
      var select = form.querySelector("select[name='" + name + "']");
      return !!select && select.value === value;
    }
    function update() {
      var n = parseInt(players.value, 10);
      form.querySelectorAll(".seat-field, .per-seat-field").forEach(function (field) {
        field.hidden = parseInt(field.getAttribute("data-seat"), 10) >= n;
      });
      /* Values another option brings (Cities' wonders) only while that option is on. */
      form.querySelectorAll("option[data-needs-option]").forEach(function (option) {
        var on = optionIs(option.getAttribute("data-needs-option"), option.getAttribute("data-needs-value"));
        option.hidden = !on;
        option.disabled = !on;
        if (!on && option.selected) option.parentNode.value = "";
      });
    }
    players.addEventListener("change", update);
    form.addEventListener("change", update);
    if (game && chooseGame) {
      /* Another game has other options: reload the form for it (the button does the same without script). */
      chooseGame.hidden = true;
      game.addEventListener("change", function () { chooseGame.click(); });
    }
    update();
  }

  /* ---------------------------------------------------------------- a table's waiting room */

  function waitingRoom(page) {
    var version = page.version;
    var leaving = false;  // a second navigation would abort the first: later messages are ignored
    function go(url) { leaving = true; if (url) location.href = url; else location.reload(); }
    connect(page.ws_path, function (message) {
      if (leaving) return;
      if (message.type === "gone") { go(page.lobby_url); return; }
      if (message.type !== "snapshot") return;
      if (message.status !== "open") { go(page.game_url); return; }
      // Seats changed: draw the page again from the server (the host's forms come with it).
      if (message.version !== version) go(null);
    });
    var invite = document.getElementById("invite-url");
    if (invite) invite.addEventListener("focus", function () { invite.select(); });
    setupCopy(invite, document.getElementById("invite-copy"), document.getElementById("invite-status"));
  }

  /* The invite link's copy button (shown only with script): the clipboard API where the page may
     use it, else the selected text copied the old way; the status line says what happened. */
  function setupCopy(input, button, status) {
    if (!input || !button) return;
    button.hidden = false;
    function said(ok) {
      if (status) status.textContent = button.getAttribute(ok ? "data-copied" : "data-failed");
    }
    function oldWay() {
      input.focus();
      input.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
      said(ok);
    }
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(input.value).then(function () { said(true); }, oldWay);
      } else {
        oldWay();
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var page = data("table-data");
    if (page) waitingRoom(page);
    else if (document.getElementById("lobby-ws")) lobby();
  });
})();
