/* The header's My games badge: the count of running tables waiting on the signed-in player, kept
   live over the player's own socket (/ws/me/, games/consumers_me.py), with a browser notice
   (the Notification API, once the player allowed it) when a table starts waiting on them while
   this tab is hidden. On the My games page, the list is redrawn when the tables waiting change.
   Its words come from the link's data- attributes (translated by the server). */
(function () {
  "use strict";
  var link = document.getElementById("my-games-link");
  var badge = document.getElementById("my-games-badge");
  if (!link || !badge || !window.WebSocket) return;
  var known = null;   // "id:step" of the tables waiting, as last heard
  var retry = 1000;

  function show(count) {
    badge.textContent = String(count);
    badge.setAttribute("data-count", String(count));
    badge.hidden = count === 0;
  }

  function format(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return values[name] !== undefined ? values[name] : ""; });
  }

  function notify(tables) {
    // Hidden first: reading the permission asks the browser (a round trip on every update of a table).
    if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
    tables.forEach(function (table) {
      try {
        var notice = new Notification(link.getAttribute("data-one"), {
          body: format(link.getAttribute("data-notice"), { game: table.game, table: table.id }),
          tag: "wonders-table-" + table.id + "-" + table.step,
        });
        notice.onclick = function () { window.focus(); window.location.href = table.url + "#game-prompt"; };
      } catch (error) { /* some browsers allow notices only from a service worker */ }
    });
  }

  function redrawList() {
    var list = document.getElementById("my-games-list");
    if (!list || !window.fetch) return;
    fetch(window.location.href, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      ["my-games-list", "my-games-summary"].forEach(function (id) {
        var fresh = page.getElementById(id), here = document.getElementById(id);
        if (fresh && here) here.replaceWith(fresh);
      });
    });
  }

  function heard(message) {
    if (message.type !== "my_games") return;
    var keys = message.tables.map(function (t) { return t.id + ":" + t.step; });
    if (known !== null) {
      var fresh = message.tables.filter(function (t, i) { return known.indexOf(keys[i]) < 0; });
      if (fresh.length) notify(fresh);
      if (fresh.length || keys.length !== known.length) redrawList();
    }
    known = keys;
    show(message.waiting);
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + link.getAttribute("data-ws"));
    socket.onopen = function () { retry = 1000; };
    socket.onmessage = function (event) {
      try { heard(JSON.parse(event.data)); } catch (error) { /* not ours */ }
    };
    socket.onclose = function (event) {
      if (event.code === 4401 || event.code === 4429) return;  // signed out, or too many sockets
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  function permissionWords() {
    var state = document.querySelectorAll("[data-my-games-state]");
    var word = !("Notification" in window) ? "data-unsupported"
      : Notification.permission === "granted" ? "data-allowed"
      : Notification.permission === "denied" ? "data-denied" : null;
    state.forEach(function (node) { node.textContent = word ? link.getAttribute(word) : ""; });
    document.querySelectorAll("[data-my-games-allow]").forEach(function (button) {
      button.hidden = !("Notification" in window) || Notification.permission !== "default";
    });
  }

  document.querySelectorAll("[data-my-games-allow]").forEach(function (button) {
    button.addEventListener("click", function () {
      if (!("Notification" in window)) return;
      Promise.resolve(Notification.requestPermission()).then(permissionWords);
    });
  });
  permissionWords();
  connect();
})();
