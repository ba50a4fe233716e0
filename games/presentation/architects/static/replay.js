/* The replay of a finished 7 Wonders Architects match: how js/replay.js draws one frame of this game
   (games.history.timeline: the engine's full reveal after every draw, build, token and battle), on
   the game page's own table (table.js and board.css, loaded here: what changed since the step shown
   before is highlighted as on the live table). Only what the table shows face up is drawn.
   Data: #replay-board (card kinds, tokens, wonders, words and the assets' addresses in the page's
   language, from games/presentation/architects/replay.py). */
(function () {
  "use strict";
  var node = document.getElementById("replay-board");
  if (!node) return;
  var board = JSON.parse(node.textContent);
  var CAT = board.catalogue;
  var W = board.words;
  var ASSETS = board.assets;
  var CENTRAL = "central";

  function loadAssets(ready) {
    // The match page loads them first when it reads replay.py's REPLAY_SCRIPTS and REPLAY_STYLES.
    if (!document.querySelector('link[href="' + ASSETS.style + '"]')) {
      var style = document.createElement("link");
      style.rel = "stylesheet";
      style.href = ASSETS.style;
      document.head.appendChild(style);
    }
    if (window.ArchitectsTable) { ready(); return; }
    var script = document.createElement("script");
    script.src = ASSETS.table;
    script.onload = ready;
    document.head.appendChild(script);
  }

  function t(key, values) {
    var text = W[key] || key;
    if (typeof text === "object") {  // a plural word's forms (games/presentation/plural.py)
      text = values.count === 1 ? text.one : values.count === 0 ? text.zero : text.other;
    }
    return text.replace(/%\((\w+)\)s/g, function (_, name) {
      return values && values[name] !== undefined ? values[name] : "";
    });
  }
  function cardKind(id) {
    var parts = String(id).split("-");
    return parts.length === 3 ? parts[1] : id;
  }
  function kindOf(id) { return CAT.cards[cardKind(id)] || { name: id, color: "grey" }; }
  function tokenName(id) { return (CAT.tokens[String(id).split("-")[0]] || { name: id }).name; }
  function wonderName(id) { return (CAT.wonders[id] || { name: id }).name; }

  window.WondersReplayBoard = function (helpers) {
    var el = helpers.el;
    var seatName = helpers.seatName;
    var labels = helpers.labels;
    var wonderOfSeat = [];

    function deckName(deck) {
      return deck === CENTRAL ? t("central_deck") : t("deck_of", { wonder: wonderName(wonderOfSeat[deck]) });
    }

    // The step's turn and player are those of the table before it (the previous frame).
    function title(frame, index, before) {
      wonderOfSeat = frame.players.map(function (p) { return p.wonder; });
      if (index === 0) return labels.start;
      var text = t("turn", { turn: before.turn, name: seatName(before.active) });
      return frame.phase === "over" ? text + " · " + labels.end : text;
    }

    function describe(e) {
      var name = e.seat !== undefined ? seatName(e.seat) : "";
      switch (e.type) {
        case "peeked": return [t("ev_peeked", { name: name })];
        case "card_taken":
          if (e.deck === CENTRAL) return [t("ev_took_from_central", { name: name, card: kindOf(e.card).name })];
          return [t("ev_took_from_deck", { name: name, card: kindOf(e.card).name, wonder: wonderName(wonderOfSeat[e.deck]) })];
        case "cat_moved": return [t("ev_cat_moved", { name: name })];
        case "conflict_flipped": return [t("ev_conflict_flipped", { name: name, count: e.count })];
        case "declined": return [t("ev_declined", { name: name })];
        case "stage_built": return [t("ev_stage_built", { name: name, stage: e.stage })];
        case "progress_taken": return [t("ev_progress_taken", { name: name, token: tokenName(e.token) })];
        case "looked": return [t("ev_looked", { name: name, count: e.count, wonder: wonderName(wonderOfSeat[e.deck]) })];
        case "deck_reshuffled": return [t("ev_deck_reshuffled", { wonder: wonderName(wonderOfSeat[e.deck]) })];
        case "battle":
          return [t("ev_battle", { results: e.results.map(function (r) {
            return t("battle_line", { name: seatName(r.seat), shields: r.shields, tokens: r.tokens });
          }).join("; ") })];
        case "game_over": return [labels.end];
      }
      return [];
    }

    /* A frame (engine reveal) in the shape of a seat's view, as the game page draws it: the decks
       show their top card only, the central deck and the progress pile their counts. */
    function model(frame) {
      var n = frame.players.length;
      return {
        decks: frame.decks.map(function (deck, seat) {
          return { owner: seat, wonder: frame.players[seat].wonder, size: deck.length, top: deck.length ? deck[0] : null };
        }),
        central_size: frame.central.length, central_top: null,
        progress_row: frame.progress_row, progress_pile_size: frame.progress_pile.length,
        conflict: frame.conflict, cat: frame.cat, active: frame.active, over: frame.phase === "over", battle_due: false,
        looking: frame.looking,
        players: frame.players.map(function (p) {
          return { seat: p.seat, wonder: p.wonder, cards: p.cards, built: p.built, tokens: p.tokens, military: p.military,
                   total: p.total, left: (p.seat + 1) % n, right: (p.seat + n - 1) % n };
        }),
      };
    }

    var table = null;
    var waiting = null;  // the frame asked for before table.js arrived
    var NO_OFFERS = { decks: {}, tokens: {}, stages: {}, keep: {} };

    function drawNow(frame, box) {
      wonderOfSeat = frame.players.map(function (p) { return p.wonder; });
      var root = el("div", "arch arch--replay");
      var centre = el("div", "arch-table");
      var seats = el("div", "arch-seats");
      root.appendChild(centre);
      root.appendChild(seats);
      box.appendChild(root);
      table.draw(model(frame), null, NO_OFFERS, function () {}, { centre: centre, seats: seats, root: root });
      seats.querySelectorAll(".arch-seat").forEach(function (seat) { seat.classList.add("is-shown"); });
    }

    function draw(frame, box) {
      wonderOfSeat = frame.players.map(function (p) { return p.wonder; });
      if (table) drawNow(frame, box);
      else waiting = { frame: frame, box: box };
    }

    // The table's drawing and style, shared with the game page, come after this script.
    loadAssets(function () {
      table = window.ArchitectsTable({ t: t, cat: CAT, seatName: seatName });
      if (waiting) {
        waiting.box.textContent = "";
        drawNow(waiting.frame, waiting.box);
        waiting = null;
      }
    });

    return { title: title, describe: describe, draw: draw };
  };
})();
