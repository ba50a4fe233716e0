/* The moments every game table shares (templates/games/partials/moments.html), drawn after each
   snapshot and update of the session of play-common.js, whatever the game:
   - the conflicts of an age (or an Architects battle) as a short panel, from the public events;
   - the end of the game: the winner (a team, a shared win), the score sheet by category with the
     winner's column marked, and the links (replay, rematch, lobby, profile);
   - attention: the tab's title when it is your turn and the tab is not looked at, a sound (off by
     default, remembered in this browser), and who is still choosing;
   - leaving a running game (a confirm dialog, then the `concede` message).
   Words come from #play-ui; seat names from the board's own seatName (session option). */
(function () {
  "use strict";

  var P = window.WondersPlay;
  var $ = P.$;
  var el = P.el;
  var SOUND_KEY = "wonders.turnSound";
  var TITLE_MARK = "(!) ";

  var baseTitle = document.title;
  var wasMyTurn = false;
  var audio = null;
  var shownConflict = null;   // the conflict event the panel shows (as JSON: snapshots renew the objects)
  var closedConflict = null;  // the one the reader closed
  var shownAtStep = null;     // the match step it arrived at: a later step closes it
  var endShown = false;
  var current = null;         // {session, t, name}

  function signed(x) { return (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x); }
  function tokensText(list) { return list.length ? list.map(signed).join(" ") : "0"; }

  /* ---------------------------------------------------------------- conflicts */

  /* Each kind of conflict event in lines: who fought whom and the tokens. */
  var CONFLICTS = {
    // Base game (and the 2-player variant): every city fights both neighbours; Cities: `fights`.
    military: function (e, S, t, name) {
      var lines = [];
      var seen = {};
      e.results.forEach(function (r) {
        if (r.diplomacy) lines.push(t("conflict_diplomacy", { name: name(r.seat) }));
        fightsOf(e, r, S).forEach(function (f) {
          var key = Math.min(r.seat, f.against) + "-" + Math.max(r.seat, f.against);
          if (seen[key]) return;
          seen[key] = true;
          var other = e.results[f.against] || {};
          var theirs = fightsOf(e, other, S).filter(function (g) { return g.against === r.seat; })[0] || { tokens: [] };
          lines.push(fightLine(t, name, r, other, f.tokens, theirs.tokens));
        });
      });
      return { title: t("conflict_title_age", { age: e.age }), lines: lines };
    },
    // Architects: one battle of every player against both neighbours at once.
    battle: function (e, S, t, name) {
      return {
        title: t("conflict_title_battle"),
        lines: e.results.map(function (r) { return t("battle_line", { name: name(r.seat), shields: r.shields, tokens: r.tokens }); }),
      };
    },
  };

  function fightsOf(e, r, S) {
    if (r.fights) return r.fights;
    var player = S.view && S.view.players ? S.view.players[r.seat] : null;
    if (!player || player.left === undefined) return [];
    return [{ against: player.left, tokens: r.left ? [r.left] : [] },
            { against: player.right, tokens: r.right ? [r.right] : [] }];
  }

  function fightLine(t, name, a, b, mine, theirs) {
    var score = a.shields + "–" + b.shields;
    if (a.shields === b.shields) return t("conflict_tie", { name: name(a.seat), other: name(b.seat), score: score });
    var winner = a.shields > b.shields ? a : b;
    var loser = winner === a ? b : a;
    return t("conflict_won", {
      winner: name(winner.seat), loser: name(loser.seat), score: winner.shields + "–" + loser.shields,
      gain: tokensText(winner === a ? mine : theirs), loss: tokensText(winner === a ? theirs : mine),
    });
  }

  function latestConflict(events) {
    for (var i = events.length - 1; i >= 0; i -= 1) if (CONFLICTS[events[i].type]) return events[i];
    return null;
  }

  function drawConflict(S, t, name, fresh) {
    var box = $("moment-conflict");
    if (!box) return;
    // A live conflict opens the panel; at the end the last one shows (its updates may have come
    // as one snapshot, to a page that just left the game).
    var arrived = latestConflict(fresh) || (S.status === "finished" ? latestConflict(S.events) : null);
    if (arrived) {
      shownConflict = JSON.stringify(arrived);
      shownAtStep = S.step;
    } else if (shownConflict && S.status === "running" && S.step !== shownAtStep) {
      closedConflict = shownConflict;  // the next age is under way: the panel does not linger into it
    }
    var show = shownConflict && shownConflict !== closedConflict;
    box.hidden = !show;
    if (!show) return;
    var event = JSON.parse(shownConflict);
    var summary = CONFLICTS[event.type](event, S, t, name);
    $("moment-conflict-title").textContent = summary.title;
    var list = $("moment-fights");
    list.textContent = "";
    summary.lines.forEach(function (line) { list.appendChild(el("li", { text: line })); });
  }

  /* ---------------------------------------------------------------- the end */

  function winners(sheets) { return sheets.filter(function (s) { return s.rank === 1; }); }

  function winnerText(S, t, name) {
    var best = winners(S.view.scores);
    var teams = {};
    best.forEach(function (s) {
      var player = S.view.players[s.seat] || {};
      // The line names the team once: its players by their plain seat names (the board's own
      // names carry "[Team N]").
      if (player.team !== undefined) (teams[player.team] = teams[player.team] || []).push(P.seatName(S, t, s.seat));
    });
    var teamIds = Object.keys(teams);
    if (teamIds.length === 1) return t("team_wins", { team: +teamIds[0] + 1, names: teams[teamIds[0]].join(", ") });
    var names = best.map(function (s) { return name(s.seat); }).join(", ");
    return best.length > 1 ? t("shared_win", { names: names }) : t("winner_is", { name: names });
  }

  /* The board's own score sheet (#game-scores: a first column of labels, then one column per
     entry of view.scores, in order) moves into the panel; the winners' columns are marked. */
  function markWinners(S, holder) {
    var board = $("game-scores");
    if (!board) return;
    if (board.parentNode !== holder) holder.appendChild(board);
    var table = board.querySelector("table.score-sheet");
    if (!table) return;
    S.view.scores.forEach(function (sheet, i) {
      if (sheet.rank !== 1) return;
      Array.prototype.forEach.call(table.rows, function (row) {
        if (row.cells[i + 1]) row.cells[i + 1].classList.add("is-winner");
      });
    });
  }

  function drawEnd(S, t, name) {
    var box = $("moment-end");
    if (!box) return;
    var over = S.status === "finished" && S.view && S.view.scores;
    box.hidden = !over;
    if (!over) return;
    $("moment-winner").textContent = winnerText(S, t, name);
    markWinners(S, $("moment-sheet"));
    var join = $("moment-rematch-join");
    var rematch = S.match && S.match.rematch;
    join.hidden = !rematch;
    if (rematch) join.href = (P.data("game-data") || {}).table_url.replace(/\/0\/$/, "/" + rematch + "/");
    if (!endShown) {
      endShown = true;
      // After the frame that draws it: a focus in the draw would lay the whole page out at once.
      requestAnimationFrame(function () { setTimeout(function () { box.focus({ preventScroll: false }); }, 0); });
    }
  }

  /* ---------------------------------------------------------------- attention */

  function myTurn(S) {
    return S.status === "running" && S.you !== null && S.you !== undefined && !!S.view && !!S.view.to_act
      && S.view.to_act.indexOf(S.you) >= 0 && S.legal.length > 0;
  }

  function looking() { return !document.hidden && document.hasFocus(); }

  function updateTitle() {
    if (!current) return;
    var S = current.session.S;
    var mark = S && myTurn(S) && !looking();
    document.title = mark ? TITLE_MARK + current.t("your_turn_title") + " · " + baseTitle : baseTitle;
  }

  function soundOn() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
  }

  /* Two short notes, made here: no sound file to download. */
  function chime() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = audio || new Context();
      var start = audio.currentTime + 0.01;
      [660, 880].forEach(function (frequency, i) {
        var note = audio.createOscillator();
        var gain = audio.createGain();
        var at = start + i * 0.16;
        note.type = "sine";
        note.frequency.value = frequency;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
        note.connect(gain);
        gain.connect(audio.destination);
        note.start(at);
        note.stop(at + 0.16);
      });
    } catch (e) { /* no sound is no harm */ }
  }

  function drawSoundButton() {
    var button = $("turn-sound");
    if (button) button.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  }

  function drawWaiting(S, t, name) {
    var line = $("game-waiting");
    if (!line) return;
    var parts = [];
    if (S.left_seat !== null && S.left_seat !== undefined) parts.push(t("you_left"));
    var waiting = S.status === "running" && S.view && S.view.to_act ? S.view.to_act : [];
    if (waiting.length) parts.push(t("still_choosing", { names: waiting.map(name).join(", ") }));
    line.textContent = parts.join(" ");
  }

  /* ---------------------------------------------------------------- leaving */

  function drawLeave(S) {
    var button = $("leave-game");
    if (!button) return;
    var seat = S.you !== null && S.you !== undefined ? S.seats[S.you] : null;
    button.hidden = !(S.status === "running" && seat && !seat.taken_over);
  }

  function wire() {
    var sound = $("turn-sound");
    if (sound) sound.addEventListener("click", function () {
      var on = !soundOn();
      try { window.localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch (e) { /* private mode */ }
      drawSoundButton();
      if (on) chime();  // a sample, and the browser lets a page sound after a click only
    });
    var close = $("moment-conflict-close");
    if (close) close.addEventListener("click", function () {
      closedConflict = shownConflict;
      $("moment-conflict").hidden = true;
    });
    var leave = $("leave-game");
    var dialog = $("leave-dialog");
    if (leave && dialog) {
      leave.addEventListener("click", function () {
        if (dialog.showModal) dialog.showModal();
        else if (window.confirm(dialog.textContent)) current.session.send({ type: "concede" });
      });
      dialog.addEventListener("close", function () {
        if (dialog.returnValue === "leave" && current) current.session.send({ type: "concede" });
        dialog.returnValue = "";
      });
    }
    ["focus", "blur", "visibilitychange"].forEach(function (kind) {
      (kind === "visibilitychange" ? document : window).addEventListener(kind, updateTitle);
    });
    drawSoundButton();
  }

  /* Called by the session after the board has drawn; `fresh`: the events the update brought. */
  function drawn(session, options, fresh) {
    var S = session.S;
    if (!S) return;
    var t = options.t;
    var name = options.seatName || function (n) { return P.seatName(S, t, n); };
    current = { session: session, t: t, name: name };
    drawConflict(S, t, name, fresh);
    drawEnd(S, t, name);
    drawWaiting(S, t, name);
    drawLeave(S);
    var mine = myTurn(S);
    if (mine && !wasMyTurn && soundOn() && !looking()) chime();
    wasMyTurn = mine;
    updateTitle();
  }

  /* Events every board shows the same way. */
  function eventText(e, t, name) {
    if (e.type === "left") return t("ev_left", { name: name(e.seat) });
    return null;
  }

  P.afterDraw.push(drawn);
  P.sharedEventText = eventText;
  document.addEventListener("DOMContentLoaded", wire);
})();
