/* The table chat every game page shares (templates/games/partials/chat.html): the lines of
   session.S.chat (a snapshot's latest, then each `chat` message as it comes), and for a seated
   player the form that sends {"type": "chat", "text"} (docs/protocol.md, "Table chat").
   Spectators, and a player who left the game, read only. Every line is built from text nodes:
   what a player wrote is never read as markup. Names are the board's seatName (session option),
   refusals the server's words (#play-errors). */
(function () {
  "use strict";

  var P = window.WondersPlay;
  var $ = P.$;
  var el = P.el;

  var shown = [];      // the keys of the lines drawn, in order
  var current = null;  // {session, options}
  var unsent = null;   // the text of the line sent last, given back to the input if it is refused

  function key(line) { return line.at + "|" + line.seat + "|" + line.text; }

  function timeText(at) {
    var page = P.data("game-data") || {};
    var when = new Date(at);
    if (isNaN(when.getTime())) return "";
    try {
      return when.toLocaleTimeString(page.language || undefined, { hour: "2-digit", minute: "2-digit" });
    } catch (e) {
      return when.toTimeString().slice(0, 5);
    }
  }

  function lineNode(line, name) {
    return el("li", { class: "chat-line" + (current && current.session.S && current.session.S.you === line.seat ? " chat-line--mine" : "") }, [
      el("time", { class: "chat-line__time", datetime: line.at, text: timeText(line.at) }),
      " ",
      el("span", { class: "chat-line__who", text: name(line.seat, line) }),
      ": ",
      el("span", { class: "chat-line__text", text: line.text }),
    ]);
  }

  function nameFor(options) {
    var S = current.session.S;
    return function (seat, line) {
      var name = options.seatName ? options.seatName(seat) : P.seatName(S, options.t, seat);
      return name || line.name;
    };
  }

  /* Draw S.chat: the new lines are appended (a screen reader hears those only); a list that
     differs otherwise (a snapshot after a reconnect) is drawn again. */
  function drawLines(S, options) {
    var list = $("chat-lines");
    if (!list) return;
    var lines = S.chat || [];
    var keys = lines.map(key);
    var same = shown.length <= keys.length && shown.every(function (k, i) { return k === keys[i]; });
    // Nothing new: nothing is read from the layout (a draw of the game must not wait for one).
    if (same && shown.length === keys.length) { $("chat-none").hidden = lines.length > 0; return; }
    var name = nameFor(options);
    if (!same) {
      list.textContent = "";
      shown = [];
    }
    var stuck = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    lines.slice(shown.length).forEach(function (line) { list.appendChild(lineNode(line, name)); });
    shown = keys;
    $("chat-none").hidden = lines.length > 0;
    if (stuck || !same) list.scrollTop = list.scrollHeight;
  }

  function canWrite(S) {
    var seat = S.you !== null && S.you !== undefined ? S.seats[S.you] : null;
    return !!(seat && seat.human && !seat.taken_over);
  }

  function drawForm(S) {
    var form = $("chat-form");
    var note = $("chat-readonly");
    if (!form || !note) return;
    var writer = canWrite(S);
    form.hidden = !writer;
    note.hidden = writer;
  }

  function status(text) {
    var box = $("chat-status");
    if (box) box.textContent = text || "";
  }

  function drawn(session, options) {
    var S = session.S;
    if (!S) return;
    current = { session: session, options: options };
    drawForm(S);
    drawLines(S, options);
  }

  function heard(session, options, message) {
    current = { session: session, options: options };
    if (message.type === "chat") {
      var S = session.S;
      if (S && S.you === message.seat) { unsent = null; status(""); }
      if (S) drawLines(S, options);
      return;
    }
    if (message.type === "error" && message.for === "chat") {
      var words = P.translator(P.data("play-errors") || {});
      status(words(message.code, message.facts));
      var input = $("chat-input");
      if (input && unsent !== null && !input.value) input.value = unsent;
      unsent = null;
    }
  }

  function wire() {
    var form = $("chat-form");
    if (!form) return;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var input = $("chat-input");
      var text = input.value.trim();
      if (!text || !current) return;
      if (!current.session.send({ type: "chat", text: text })) {
        status(current.options.t("reconnecting"));
        return;
      }
      unsent = text;
      status("");
      input.value = "";
      input.focus();
    });
  }

  P.afterDraw.push(drawn);
  P.listeners.push(heard);
  document.addEventListener("DOMContentLoaded", wire);
})();
