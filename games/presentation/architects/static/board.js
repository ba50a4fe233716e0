/* The 7 Wonders Architects board: one seat's view (or the spectators'), drawn from the session of
   play-common.js. Every choice the seat has (a card source, the cat's peek, which cards pay a
   stage, which progress token, Halicarnassus' look and pick, an extra card or none) is a button in
   #arch-choices, labelled from `legal`: mouse, touch and keyboard alike. Names come from
   #game-catalogue, words from #play-ui (games/presentation/architects.py, gettext). */
(function () {
  "use strict";

  var P = window.WondersPlay;
  var $ = P.$;
  var el = P.el;
  var PAGE = P.data("game-data");
  var CAT = P.data("game-catalogue");
  var ERRORS = P.data("play-errors") || {};
  var t = P.translator(P.data("play-ui") || {});
  var COLOURS = ["grey", "yellow", "green", "red", "blue"];
  var CENTRAL = "central";

  var S = null;
  var session = null;
  var keepFocus = false;  // a choice was made from the keyboard list: the focus stays in it

  /* ---------------------------------------------------------------- names */

  // Card ids are per copy ("rhodes-wood-2"), token ids too ("culture-1"): names are per kind.
  function cardKind(id) {
    var parts = String(id).split("-");
    return parts.length === 3 ? parts[1] : id;
  }
  function kindOf(id) { return CAT.cards[cardKind(id)] || { name: id, color: "grey" }; }
  function cardName(id) { return kindOf(id).name; }
  function tokenOf(id) { return CAT.tokens[String(id).split("-")[0]] || { name: id, text: "" }; }
  function tokenName(id) { return tokenOf(id).name; }
  function wonderOf(id) { return CAT.wonders[id] || { name: id || "?", stages: [] }; }
  function seatName(n) {
    return P.seatName(S, t, n, function (m) {
      var wonder = S.view && S.view.players[m] ? S.view.players[m].wonder : null;
      return wonder ? wonderOf(wonder).name : null;
    });
  }
  function me() { return S.you !== null && S.you !== undefined ? S.view.players[S.you] : null; }

  function deckName(deck) {
    if (deck === CENTRAL) return t("central_deck");
    var info = S.view.decks[deck];
    return t("deck_of", { wonder: wonderOf(info && info.wonder).name });
  }

  function deckWonder(deck) { return wonderOf((S.view.decks[deck] || {}).wonder).name; }

  function kindsText(counts) {
    return Object.keys(counts).map(function (kind) {
      var n = counts[kind];
      return (n > 1 ? n + " × " : "") + ((CAT.cards[kind] || {}).name || kind);
    }).join(", ");
  }

  function actionLabel(action) {
    switch (action.type) {
      case "take":
        if (action.deck === CENTRAL) return t("take_central");
        var top = S.view.decks[action.deck].top;
        return t("take_deck", { card: cardName(top), wonder: wonderOf(S.view.decks[action.deck].wonder).name });
      case "peek": return t("peek");
      case "decline": return t("decline");
      case "build":
        return t("build", { stage: action.stage }) + " — " + t("paying", { cards: kindsText(action.pay || {}) }) +
          (action.engineering ? " (" + t("with_engineering") + ")" : "");
      case "progress":
        var label = t("progress_take", { token: action.token === "pile" ? t("progress_pile") : tokenName(action.token) });
        if (!action.set) return label;
        var counts = {};
        action.set.forEach(function (symbol) { counts[symbol] = (counts[symbol] || 0) + 1; });
        return label + " — " + t("spending", { cards: kindsText(counts) });
      case "look": return t("look", { wonder: wonderOf(S.view.decks[action.deck].wonder).name });
      case "keep": return t("keep", { card: cardName(action.card) });
    }
    return action.type;
  }

  /* ---------------------------------------------------------------- drawing */

  function render() {
    S = session.S;
    if (!S || !S.view) return;
    var view = S.view;
    $("game-age").textContent = view.over ? t("ev_game_over") : t("turn_of", { turn: view.turn, name: seatName(view.active) });
    renderPrompt(view);
    renderChoices(view);
    renderTable(view);
    renderPlayers(view);
    renderScores(view);
    renderLog();
  }

  function promptText(view, prompt) {
    if (prompt.kind === "extra_card") return t("prompt_extra_card", { token: tokenName(prompt.token) });
    return t("prompt_" + prompt.kind);
  }

  function renderPrompt(view) {
    var box = $("game-prompt");
    box.textContent = "";
    var lines = [];
    var mine = S.you === view.active && !view.over;
    if (view.over) {
      lines.push(view.end === "wonder_complete" ? t("end_wonder_complete", { name: seatName(view.active) }) : t("end_no_card"));
    } else if (S.you === null || S.you === undefined) {
      lines.push(t("spectating"));
    }
    if (!view.over) {
      lines.push(mine ? t("your_turn") : t("waiting_for", { name: seatName(view.active) }));
      if (mine && view.prompts.length) lines.push(promptText(view, view.prompts[0]));
      else if (mine) lines.push(t(view.step === "take" ? "step_take" : "step_act"));
      if (!mine && view.looking_size) lines.push(t("looking_other", { name: seatName(view.active), count: view.looking_size }));
      if (view.battle_due) lines.push(t("battle_due"));
    }
    lines.forEach(function (line) { box.appendChild(el("p", { text: line })); });
  }

  function renderChoices(view) {
    var section = $("arch-choices-panel");
    var list = $("arch-choices");
    var active = document.activeElement;
    var hadFocus = keepFocus || (active && active !== document.body && section.contains(active));
    keepFocus = false;
    section.hidden = !me() || S.status !== "running";
    list.textContent = "";
    if (section.hidden) return;
    $("arch-choices-help").textContent = S.legal.length ? "" : t("nothing_to_do");
    S.legal.forEach(function (action, index) {
      var button = el("button", {
        type: "button", class: "button choice arch-choice arch-choice--" + action.type,
        "data-choice": String(index),
        onclick: function () {
          keepFocus = section.contains(document.activeElement);
          list.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
          if (keepFocus) $("arch-choices-title").focus();
          session.act(action);
        },
      }, [actionLabel(action)]);
      var top = action.type === "take" && action.deck !== CENTRAL ? S.view.decks[action.deck].top : null;
      if (action.type === "keep") top = action.card;
      if (top) button.classList.add("arch-choice--" + kindOf(top).color);
      list.appendChild(el("li", {}, [button]));
    });
    // Drawn again on every update: the keyboard stays in the list of choices.
    if (hadFocus) {
      var first = list.querySelector("button");
      (first || $("arch-choices-title")).focus();
    }
  }

  function chip(id, extra) {
    var kind = kindOf(id);
    return el("span", { class: "chip-card chip-card--" + kind.color + (extra ? " " + extra : ""), text: kind.name });
  }

  function deckTile(deck, note) {
    var view = S.view;
    var central = deck === CENTRAL;
    var size = central ? view.central_size : view.decks[deck].size;
    var top = central ? view.central_top : view.decks[deck].top;
    var title = central ? t("central_title") : deckName(deck);
    var body = [];
    if (!size) body.push(el("span", { class: "muted", text: t("empty_deck") }));
    else if (central && !top) body.push(el("span", { class: "arch-facedown", text: t("face_down") }));
    else if (central) body.push(el("span", { text: t("you_peeked", { card: "" }) }), chip(top));
    else body.push(chip(top, "arch-top"));
    return el("li", { class: "arch-deck" + (central ? " arch-deck--central" : "") + (note ? " arch-deck--mine" : "") }, [
      el("strong", { class: "arch-deck__title", text: title }),
      note ? el("span", { class: "muted arch-deck__note", text: note }) : null,
      el("span", { class: "arch-deck__size", text: t("cards_left", { count: size }) }),
      el("span", { class: "arch-deck__top" }, body),
    ]);
  }

  function renderTable(view) {
    var box = $("arch-table");
    box.textContent = "";
    var player = me();
    var decks = el("ul", { class: "arch-decks", "aria-label": t("table_title") });
    var shown = {};
    if (player) {
      decks.appendChild(deckTile(player.seat, t("your_left")));
      shown[player.seat] = true;
      if (!shown[player.right]) decks.appendChild(deckTile(player.right, t("your_right")));
      shown[player.right] = true;
    }
    decks.appendChild(deckTile(CENTRAL));
    view.decks.forEach(function (deck, n) { if (!shown[n]) decks.appendChild(deckTile(n)); });
    box.appendChild(decks);

    var track = el("ol", { class: "arch-conflict__tokens", "aria-hidden": "true" });
    for (var i = 0; i < view.conflict.tokens; i += 1) {
      track.appendChild(el("li", { class: i < view.conflict.battle ? "arch-token arch-token--battle" : "arch-token" }));
    }
    var tokens = el("ul", { class: "arch-progress-row" });
    view.progress_row.forEach(function (id) {
      tokens.appendChild(el("li", { class: "arch-progress", title: tokenOf(id).text }, [
        el("strong", { text: tokenName(id) }), el("span", { class: "arch-progress__text", text: tokenOf(id).text }),
      ]));
    });
    box.appendChild(el("dl", { class: "city-facts arch-facts" }, [
      el("dt", { text: t("conflict") }),
      el("dd", { class: "arch-conflict" }, [track, t("conflict_state", { battle: view.conflict.battle, tokens: view.conflict.tokens })]),
      el("dt", { text: t("cat_title") }),
      el("dd", { class: "arch-cat", text: view.cat === null ? t("cat_free") : t("cat_with", { name: seatName(view.cat) }) }),
      el("dt", { text: t("progress_row") }),
      el("dd", {}, [tokens, el("span", { class: "muted", text: t("pile_left", { count: view.progress_pile_size }) })]),
    ]));
    box.appendChild(el("p", { class: "muted", text: t("discard_size", { count: view.discard.length }) }));
    renderLooking(box, view);
    renderBattle(box);
  }

  function renderLooking(box, view) {
    if (!view.looking) return;
    var list = el("ul", { class: "chips arch-looking" });
    view.looking.forEach(function (id) { list.appendChild(el("li", {}, [chip(id)])); });
    box.appendChild(el("div", { class: "arch-box" }, [el("p", { text: t("prompt_keep") }), list]));
  }

  function battleLines(e) {
    return e.results.map(function (r) {
      return t("battle_line", { name: seatName(r.seat), shields: r.shields, tokens: r.tokens });
    });
  }

  function renderBattle(box) {
    var turn = 0;
    var last = null;
    S.events.forEach(function (e) {
      if (e.type === "turn_start") turn = e.turn;
      if (e.type === "battle") last = { event: e, turn: turn };
    });
    if (!last) return;
    var list = el("ul", {});
    battleLines(last.event).forEach(function (line) { list.appendChild(el("li", { text: line })); });
    box.appendChild(el("div", { class: "arch-box arch-battle", role: "region", "aria-label": t("last_battle", { turn: last.turn }) }, [
      el("h3", { text: t("last_battle", { turn: last.turn }) }), list,
    ]));
  }

  /* The stage tiles in their levels, the lowest at the bottom; a tile is "next" when every lower
     level is built (the engine's legal builds decide what can really be paid). */
  function stageTiles(player) {
    var wonder = wonderOf(player.wonder);
    var built = {};
    player.built.forEach(function (n) { built[n] = true; });
    var levels = {};
    wonder.stages.forEach(function (stage) { (levels[stage.level] = levels[stage.level] || []).push(stage); });
    var numbers = Object.keys(levels).map(Number).sort(function (a, b) { return b - a; });
    var ready = {};  // the stages the reader's own cards pay for now (their legal builds)
    if (player.seat === S.you) {
      S.legal.forEach(function (a) { if (a.type === "build") ready[a.stage] = true; });
    }
    var box = el("div", { class: "arch-wonder", role: "list", "aria-label": t("wonder_stages") });
    numbers.forEach(function (level) {
      var lower = wonder.stages.filter(function (s) { return s.level < level; });
      var open = lower.every(function (s) { return built[s.stage]; });
      var row = el("div", { class: "arch-level" });
      levels[level].forEach(function (stage) {
        var state = built[stage.stage] ? "built" : ready[stage.stage] ? "ready" : open ? "next" : "";
        var cost = t(stage.cost.same ? "cost_same" : "cost_different", { count: stage.cost.count });
        row.appendChild(el("div", { role: "listitem", class: "arch-stage" + (state ? " arch-stage--" + state : ""),
                                    title: stage.power ? wonder.power_text : null }, [
          el("strong", { text: t("stage_n", { stage: stage.stage }) }),
          el("span", { text: state === "built" ? t("built") : cost }),
          el("span", { text: t("points", { count: stage.points }) + (stage.power ? " · " + t("power") : "") }),
          state === "ready" ? el("span", { class: "arch-stage__ready", text: t("next") }) : null,
          state === "next" ? el("span", { class: "sr-only", text: t("open_stage") }) : null,
        ]));
      });
      box.appendChild(row);
    });
    return box;
  }

  function cardGroups(player) {
    var box = el("div", { class: "city-cards" });
    COLOURS.forEach(function (colour) {
      var counts = {};
      player.cards.forEach(function (id) {
        if (kindOf(id).color === colour) counts[cardKind(id)] = (counts[cardKind(id)] || 0) + 1;
      });
      var kinds = Object.keys(counts);
      if (!kinds.length) return;
      var list = el("ul", { class: "chips chips--" + colour, "aria-label": t("colour_" + colour) });
      kinds.forEach(function (kind) {
        var name = (CAT.cards[kind] || {}).name || kind;
        list.appendChild(el("li", { class: "chip-card chip-card--" + colour, text: (counts[kind] > 1 ? counts[kind] + " × " : "") + name }));
      });
      box.appendChild(list);
    });
    if (!player.cards.length) box.appendChild(el("p", { class: "muted", text: t("no_cards") }));
    return box;
  }

  function horns(player) {
    return player.cards.reduce(function (sum, id) { return sum + (kindOf(id).horns || 0); }, 0);
  }

  function playerBlock(player) {
    var view = S.view;
    var seat = S.seats[player.seat] || {};
    var tags = [];
    if (view.active === player.seat && !view.over) tags.push(el("span", { class: "tag", text: t("thinking") }));
    if (view.cat === player.seat) tags.push(el("span", { class: "tag arch-tag--cat", text: t("has_cat") }));
    if (seat.taken_over) tags.push(el("span", { class: "tag", text: t("taken_over") }));
    var tokens = player.tokens.map(tokenName).join(", ") || t("no_tokens");
    return el("article", { class: "city arch-player" + (view.active === player.seat && !view.over ? " arch-player--active" : ""),
                           "data-seat": String(player.seat) }, [
      el("h3", {}, [P.seatName(S, t, player.seat) + " — " + wonderOf(player.wonder).name + " "].concat(tags)),
      el("dl", { class: "city-facts" }, [
        el("dt", { text: t("shields") }), el("dd", { text: String(player.shields) }),
        el("dt", { text: t("horns") }), el("dd", { text: String(horns(player)) }),
        el("dt", { text: t("military_tokens") }), el("dd", { text: String(player.military) }),
        el("dt", { text: t("progress_tokens") }), el("dd", { text: tokens }),
        el("dt", { text: t("built_stages") }), el("dd", { text: player.built.length + "/" + wonderOf(player.wonder).stages.length }),
      ]),
      stageTiles(player),
      cardGroups(player),
    ]);
  }

  function renderPlayers(view) {
    var box = $("arch-players");
    box.textContent = "";
    var order = view.players.slice();
    var mine = me();
    if (mine) order = order.slice(mine.seat).concat(order.slice(0, mine.seat));
    order.forEach(function (player) { box.appendChild(playerBlock(player)); });
  }

  function renderScores(view) {
    var section = $("game-scores");
    section.hidden = !view.scores;
    if (!view.scores) return;
    var box = $("game-score-sheet");
    box.textContent = "";
    var sheets = view.scores;
    function row(label, values, klass) {
      return el("tr", { class: klass || null }, [el("th", { scope: "row", text: label })].concat(values.map(function (v) {
        return el("td", { text: String(v) });
      })));
    }
    var head = el("tr", {}, [el("th", { scope: "col" }, [el("span", { class: "sr-only", text: t("category_column") })])].concat(sheets.map(function (sheet) {
      return el("th", { scope: "col", text: seatName(sheet.seat) });
    })));
    var rows = PAGE.categories.map(function (category) {
      return row(category.label, sheets.map(function (sheet) { return sheet[category.key]; }));
    });
    rows.push(row(t("total"), sheets.map(function (s) { return s.total; }), "total"));
    rows.push(row(t("built_stages"), sheets.map(function (s) { return s.stages; })));
    rows.push(row(t("rank"), sheets.map(function (s) { return s.rank; }), "rank"));
    box.appendChild(el("div", { class: "table-scroll", tabindex: "0", role: "group", "aria-labelledby": "game-scores-title" }, [el("table", { class: "score-sheet" }, [el("thead", {}, [head]), el("tbody", {}, rows)])]));
    box.appendChild(el("p", { class: "muted", text: t("tie_break") }));
  }

  function eventText(e) {
    var name = e.seat !== undefined ? seatName(e.seat) : "";
    switch (e.type) {
      case "peeked": return t("ev_peeked", { name: name });
      case "card_taken":
        if (e.deck === CENTRAL) return t("ev_took_from_central", { name: name, card: cardName(e.card) });
        return t("ev_took_from_deck", { name: name, card: cardName(e.card), wonder: deckWonder(e.deck) });
      case "cat_moved": return t("ev_cat_moved", { name: name });
      case "conflict_flipped": return t("ev_conflict_flipped", { name: name, count: e.count });
      case "declined": return t("ev_declined", { name: name });
      case "stage_built": return t("ev_stage_built", { name: name, stage: e.stage });
      case "progress_taken": return t("ev_progress_taken", { name: name, token: tokenName(e.token) });
      case "looked": return t("ev_looked", { name: name, count: e.count, wonder: deckWonder(e.deck) });
      case "deck_reshuffled": return t("ev_deck_reshuffled", { wonder: deckWonder(e.deck) });
      case "battle": return t("ev_battle", { results: battleLines(e).join("; ") });
      case "turn_start": return t("ev_turn_start", { turn: e.turn, name: name });
      case "game_over": return t("ev_game_over");
      case "timed_out": return t("ev_timed_out", { name: name, count: e.missed_turns });
      case "taken_over": return t("ev_taken_over", { name: name });
    }
    return P.sharedEventText(e, t, seatName);
  }

  function renderLog() {
    var list = $("game-log");
    list.textContent = "";
    var lines = S.events.map(eventText).filter(Boolean);
    lines.slice(-200).reverse().forEach(function (line) { list.appendChild(el("li", { text: line })); });
  }

  document.addEventListener("DOMContentLoaded", function () {
    session = P.session({ page: PAGE, t: t, errors: ERRORS, render: render, seatName: seatName });
  });
})();
