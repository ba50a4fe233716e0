/* The "Suggest" hint at unrated tables (docs/protocol.md, Suggestions). A button under the
   board's action bar (the board template's #game-hint) sends `suggest`; the answer, for this page
   alone, is the hard bot's choice: the board marks it (it asks WondersPlay.suggested() while it
   draws, and hintBoard.arrived(action) opens it) and says why in one line (hintBoard.describe),
   read politely by screen readers. Nothing is played: the player still clicks the action.
   A suggestion stands for its step only; a refusal ("for": "suggest") shows in the same line. */
(function () {
  "use strict";

  var P = window.WondersPlay;
  var el = P.el;
  var WAIT_MS = 10000;  // no answer by then (a lost message): the button works again
  var current = null;   // {step, action, reason}
  var waiting = null;   // the step asked at, while the answer is awaited
  var timer = null;
  var parts = null;     // {slot, button, line}

  /* The action suggested for the step now drawn, or null (boards call it while they draw). */
  P.suggested = function () {
    var S = sessionRef && sessionRef.S;
    return current && S && current.step === S.step ? current.action : null;
  };
  var sessionRef = null;

  function offered(S) {
    return !!(S && S.match && S.match.rated === false && S.you !== null && S.you !== undefined &&
              S.status === "running" && S.legal && S.legal.length);
  }

  function build(slot, session, options) {
    var t = options.t;
    var button = el("button", {
      type: "button", class: "button button--ghost button--small hint-button", "aria-describedby": "game-hint-help",
      onclick: function () { ask(session, options); },
    }, [el("span", { class: "hint-button__mark", "aria-hidden": "true", text: "?" }), el("span", { class: "hint-button__text", text: t("hint_suggest") })]);
    var help = el("span", { class: "sr-only", id: "game-hint-help", text: t("hint_help") });
    var line = el("p", { class: "hint-line", id: "game-hint-line", role: "status", "aria-live": "polite" });
    slot.appendChild(button);
    slot.appendChild(help);
    slot.appendChild(line);
    return { slot: slot, button: button, line: line };
  }

  function ask(session, options) {
    var S = session.S;
    if (waiting !== null || !offered(S)) return;
    if (!session.send({ type: "suggest" })) return;
    waiting = S.step;
    current = null;
    showWaiting(options.t, true);
    parts.line.textContent = "";
    timer = setTimeout(function () { done(options); }, WAIT_MS);
  }

  function showWaiting(t, on) {
    parts.button.setAttribute("aria-busy", on ? "true" : "false");
    parts.button.setAttribute("aria-disabled", on ? "true" : "false");
    parts.button.classList.toggle("is-thinking", on);
    parts.button.querySelector(".hint-button__text").textContent = t(on ? "hint_thinking" : "hint_suggest");
  }

  function done(options) {
    waiting = null;
    if (timer) { clearTimeout(timer); timer = null; }
    if (parts) showWaiting(options.t, false);
  }

  P.afterDraw.push(function (session, options) {
    sessionRef = session;
    var slot = document.getElementById("game-hint");
    if (!slot) return;
    if (!parts) parts = build(slot, session, options);
    var S = session.S;
    slot.hidden = !offered(S);
    if (current && current.step !== S.step) {  // the turn moved on: the suggestion is over
      current = null;
      parts.line.textContent = "";
    }
  });

  P.listeners.push(function (session, options, message) {
    sessionRef = session;
    if (!parts) return;
    if (message.type === "suggestion") {
      var asked = waiting;
      done(options);
      if (message.step !== session.S.step || asked === null) return;
      current = { step: message.step, action: message.action, reason: message.reason };
      var board = P.hintBoard || {};
      parts.line.textContent = board.describe ? board.describe(message.action, message.reason || {}) : "";
      if (board.arrived) board.arrived(message.action);
      else options.render(session.S);
    } else if (message.type === "error" && message.for === "suggest") {
      done(options);
      parts.line.textContent = P.translator(options.errors || {})(message.code, message.facts);
    }
  });
})();
