/* The replay of a finished 7 Wonders Architects match: how replay.js draws one frame of this game
   (games.history.timeline: the engine's full reveal after every draw, build, token and battle).
   Data: #replay-board (card kinds, tokens, wonders and words in the page's language, from
   games/presentation/architects.py). */
(function () {
  "use strict";
  var node = document.getElementById("replay-board");
  if (!node) return;
  var board = JSON.parse(node.textContent);
  var CAT = board.catalogue;
  var W = board.words;
  var COLOURS = ["grey", "yellow", "green", "red", "blue"];
  var CENTRAL = "central";

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

    function tag(id) {
      var kind = kindOf(id);
      return el("li", "card-tag card-tag--" + kind.color, kind.name);
    }

    function player(p, frame) {
      var box = el("article", "city");
      box.appendChild(el("h3", "city__name", seatName(p.seat)));
      box.appendChild(el("p", "city__wonder", wonderName(p.wonder) + (frame.cat === p.seat ? " · " + t("cat") : "")));
      var stages = (CAT.wonders[p.wonder] || { stages: [] }).stages.length;
      box.appendChild(el("p", "city__facts", t("stages") + " " + p.built.length + "/" + stages + " · " +
        t("military") + " " + p.military + " · " + t("points", { count: p.total })));
      box.appendChild(el("p", "city__facts", t("progress_row") + ": " + (p.tokens.map(tokenName).join(", ") || t("no_tokens"))));
      COLOURS.forEach(function (colour) {
        var cards = p.cards.filter(function (id) { return kindOf(id).color === colour; });
        if (!cards.length) return;
        var list = el("ul", "city__cards");
        cards.forEach(function (id) { list.appendChild(tag(id)); });
        box.appendChild(list);
      });
      return box;
    }

    function table(frame) {
      var box = el("article", "city city--discard");
      box.appendChild(el("h3", "city__name", t("table_title")));
      var decks = el("ul", "city__cards");
      frame.decks.forEach(function (deck, n) {
        var top = deck.length ? " — " + t("top_card", { card: kindOf(deck[0]).name }) : "";
        decks.appendChild(el("li", "card-tag", deckName(n) + ": " + t("cards_left", { count: deck.length }) + top));
      });
      var central = frame.central.length ? " — " + t("top_card", { card: kindOf(frame.central[0]).name }) : "";
      decks.appendChild(el("li", "card-tag", t("central") + ": " + t("cards_left", { count: frame.central.length }) + central));
      box.appendChild(decks);
      box.appendChild(el("p", "city__facts", t("conflict") + ": " +
        t("conflict_state", { battle: frame.conflict.battle, tokens: frame.conflict.tokens })));
      box.appendChild(el("p", "city__facts", t("cat") + ": " +
        (frame.cat === null ? t("cat_free") : t("cat_with", { name: seatName(frame.cat) }))));
      box.appendChild(el("p", "city__facts", t("progress_row") + ": " + (frame.progress_row.map(tokenName).join(", ") || t("no_tokens"))));
      if (frame.looking.length) {
        box.appendChild(el("p", "city__facts", t("looking", { cards: frame.looking.map(function (id) { return kindOf(id).name; }).join(", ") })));
      }
      box.appendChild(el("p", "city__facts", t("discard_size", { count: frame.discard.length })));
      return box;
    }

    function draw(frame, box) {
      wonderOfSeat = frame.players.map(function (p) { return p.wonder; });
      box.appendChild(table(frame));
      frame.players.forEach(function (p) { box.appendChild(player(p, frame)); });
    }

    return { title: title, describe: describe, draw: draw };
  };
})();
