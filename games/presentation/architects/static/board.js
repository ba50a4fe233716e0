/* The 7 Wonders Architects board: one seat's view (or the spectators'), drawn from the session of
   play-common.js by table.js (the table and every seat's board). A move is one click, tap, Enter or
   Space on what it concerns: a deck (take its top card, or Halicarnassus' look), a progress tile
   (or the pile), a stage of your wonder, a card you look at (keep it). The bar (#arch-choices)
   holds the rest: the cat's peek, no extra card, and the payments or science sets of a stage or a
   token when there are several. On the phone, the seats are one tap away (#arch-seat-tabs).
   Names come from #game-catalogue, words from #play-ui (games/presentation/architects, gettext). */
(function () {
  "use strict";

  var P = window.WondersPlay;
  var $ = P.$;
  var el = P.el;
  var PAGE = P.data("game-data");
  var CAT = P.data("game-catalogue");
  var ERRORS = P.data("play-errors") || {};
  var t = P.translator(P.data("play-ui") || {});
  var CENTRAL = "central";

  var S = null;
  var session = null;
  var table = null;       // table.js's drawing
  var pending = null;     // {what, actions}: a stage or token clicked with several ways to pay
  var pendingAt = null;   // the version it was opened at: a new version closes it
  var shownSeat = null;   // the seat whose board the phone shows
  var keyboard = false;   // the last move was made from the keyboard (followKeyboard)

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
    if (pendingAt !== null && pendingAt !== S.version) { pending = null; pendingAt = null; }
    $("game-age").textContent = view.over ? t("ev_game_over") : t("turn_of", { turn: view.turn, name: seatName(view.active) });
    renderPrompt(view);
    var offers = offersOf(mine() ? S.legal : []);
    renderBar(view, offers);
    table.draw(view, me() ? S.you : null, offers, choose, { centre: $("arch-table"), seats: $("arch-players"), root: $("arch-board") });
    markSuggestion();
    if (pending) {  // the stage or token whose payment the bar asks for stays marked
      var asked = $("arch-board").querySelector('[data-act="' + pending.what + '"]');
      if (asked) asked.classList.add("is-pending");
    }
    renderTabs(view);
    renderScores(view);
    renderLog();
    followKeyboard();
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
      // one line: whose turn, and what to do (the phone's first screen keeps room for the table)
      if (mine && view.prompts.length) lines.push(t("your_turn") + " " + promptText(view, view.prompts[0]));
      else if (mine) lines.push(t("your_turn") + " " + t(view.step === "take" ? "step_take" : hintKey(view, offersOf(S.legal))));
      else lines.push(t("waiting_for", { name: seatName(view.active) }));
      if (!mine && view.looking_size) lines.push(t("looking_other", { name: seatName(view.active), count: view.looking_size }));
      if (view.battle_due) lines.push(t("battle_due"));
    }
    lines.forEach(function (line) { box.appendChild(el("p", { text: line })); });
  }

  function mine() { return me() && S.status === "running" && S.you === S.view.active && !S.view.over; }

  /* The seat's legal actions by what they are about: {decks, tokens, stages, keep, bar}. */
  function offersOf(legal) {
    var offers = { decks: {}, tokens: {}, stages: {}, keep: {}, bar: [] };
    function add(map, key, action) { (map[key] = map[key] || []).push(action); }
    legal.forEach(function (action) {
      if (action.type === "take" || action.type === "look") add(offers.decks, action.deck, action);
      else if (action.type === "progress") add(offers.tokens, action.token, action);
      else if (action.type === "build") add(offers.stages, action.stage, action);
      else if (action.type === "keep") add(offers.keep, action.card, action);
      else offers.bar.push(action);
    });
    return offers;
  }

  /* A move made from the keyboard: the focus follows the choices (the first one on the bar or the
     table as they are drawn again, the table's heading while there is none), unless the reader
     has gone elsewhere (the chat). A pointer's move ends it. */
  function followKeyboard() {
    if (!keyboard) return;
    var focused = document.activeElement;
    var ours = !focused || focused === document.body || $("arch-board").contains(focused);
    if (!ours) { keyboard = false; return; }
    var next = $("arch-choices").querySelector("button:not([disabled])") || $("arch-board").querySelector("[data-act]:not([disabled])");
    (next || $("arch-table-title")).focus();
  }

  function send(action, event) {
    keyboard = !!event && event.detail === 0;  // Enter or Space on a button: a click of detail 0
    if (keyboard) $("arch-table-title").focus();
    pending = null;
    pendingAt = null;
    $("arch-choices-panel").removeAttribute("data-pending");
    $("arch-board").querySelectorAll("[data-act], #arch-choices button").forEach(function (b) { b.disabled = true; });
    session.act(action);
  }

  /* One click: one action is played at once; several (payments, science sets) open the bar's chooser. */
  function choose(actions, what, event) {
    if (actions.length === 1) { send(actions[0], event); return; }
    pending = { what: what, actions: actions };
    pendingAt = S.version;
    render();
    var first = $("arch-choices").querySelector("button");
    if (first) first.focus();
  }

  function renderBar(view, offers) {
    var section = $("arch-choices-panel");
    var list = $("arch-choices");
    var help = $("arch-choices-help");
    list.textContent = "";
    var buttons = pending ? pending.actions : offers.bar;
    // Shown only when it holds a choice: everything else is clicked on the table.
    section.hidden = !mine() || !buttons.length;
    section.toggleAttribute("data-pending", !!pending && !section.hidden);
    if (section.hidden) return;
    help.textContent = pending ? t(pending.actions[0].type === "build" ? "choose_payment" : "choose_set") : t(hintKey(view, offers));
    buttons.forEach(function (action) {
      list.appendChild(el("li", {}, [el("button", {
        type: "button", class: "button arch-bar__choice arch-bar__choice--" + action.type + (isSuggested(action) ? " is-suggested" : ""),
        onclick: function (event) { send(action, event); },
      }, payIcons(action).concat([el("span", { text: actionLabel(action) })]))]));
    });
    if (pending) {
      list.appendChild(el("li", {}, [el("button", { type: "button", class: "button button--quiet arch-bar__choice", "data-cancel": "",
        onclick: function () { pending = null; pendingAt = null; render(); } }, [t("cancel_choice")])]));
    }
  }

  /* ---------------------------------------------- the "Suggest" hint (js/table-hints.js)
     The suggested deck, tile, stage or card is marked on the table (a bar choice in the bar); the
     line says what it brings and whom it keeps it from (games/engine/architects/reasons.py). */

  function isSuggested(action) {
    var hinted = P.suggested && P.suggested();
    return !!hinted && JSON.stringify(hinted) === JSON.stringify(action);
  }

  function markSuggestion() {
    var action = P.suggested && P.suggested();
    if (!action) return;
    var what = action.type === "take" || action.type === "look" ? "deck-" + action.deck
      : action.type === "progress" ? "token-" + action.token : action.type === "build" ? "stage-" + action.stage
      : action.type === "keep" ? "keep-" + action.card : null;
    var target = what && $("arch-board").querySelector('[data-act="' + what + '"]');
    if (target) target.classList.add("is-suggested");
  }

  function hintLine(action, reason) {
    var gains = [];
    if (reason.points) gains.push(t("hint_points", { count: reason.points }));
    if (reason.cat) gains.push(t("hint_cat"));
    if (reason.token) gains.push(t("hint_gain_token"));
    if (reason.resource && reason.needed) gains.push(t("hint_needed", { card: cardName(reason.card) }));
    if (reason.shields) gains.push(t("hint_shield"));
    if (reason.coins) gains.push(t("hint_coins", { count: reason.coins }));
    if (reason.power) gains.push(t("hint_power"));
    var text = actionLabel(action) + (gains.length ? ": " + gains.join(", ") : "");
    if (reason.denies) text += "; " + t(reason.denies.next ? "hint_denies_next" : "hint_denies_other", { name: seatName(reason.denies.seat) });
    return text + ".";
  }

  P.hintBoard = { describe: hintLine };

  function hintKey(view, offers) {
    if (view.prompts.length) return "hint_prompt";
    if (view.step === "take") return "step_take";
    if (Object.keys(offers.stages).length && Object.keys(offers.tokens).length) return "hint_build_or_token";
    if (Object.keys(offers.stages).length) return "hint_build";
    if (Object.keys(offers.tokens).length) return "hint_token";
    return "step_act";
  }

  // The cards a payment or a science set spends, as icons.
  function payIcons(action) {
    var kinds = [];
    if (action.type === "build") {
      Object.keys(action.pay || {}).forEach(function (kind) { for (var i = 0; i < action.pay[kind]; i += 1) kinds.push(kind); });
    } else if (action.type === "progress" && action.set) kinds = action.set;
    else if (action.type === "peek") return [table.icon("arch", "cat")];
    if (!kinds.length) return [];
    return [el("span", { class: "arch-bar__icons", "aria-hidden": "true" }, kinds.map(function (kind) { return table.kindIcons(kind)[0]; }))];
  }

  /* The phone's tabs: one per seat in table order; the seat's board shows, the others hide (on a
     wide screen every board shows and the tabs hide: board.css). */
  function renderTabs(view) {
    var tabs = $("arch-seat-tabs");
    var order = table.seatOrder(view, me() ? S.you : null);
    if (shownSeat === null || order.indexOf(shownSeat) < 0) shownSeat = order[0];
    tabs.textContent = "";
    order.forEach(function (seat) {
      var player = view.players[seat];
      var active = view.active === seat && !view.over;
      tabs.appendChild(el("button", {
        type: "button", class: "arch-tab" + (active ? " is-active" : ""), "aria-pressed": seat === shownSeat ? "true" : "false",
        "aria-controls": "arch-seat-" + seat,
        onclick: function () { shownSeat = seat; renderTabs(S.view); },
        title: P.seatName(S, t, seat),
      }, [el("span", { class: "arch-tab__name", text: seat === S.you ? t("you_tab") : P.seatName(S, t, seat) }),
          el("span", { class: "arch-tab__wonder", text: wonderOf(player.wonder).name })]));
    });
    $("arch-players").querySelectorAll(".arch-seat").forEach(function (board) {
      board.classList.toggle("is-shown", Number(board.getAttribute("data-seat")) === shownSeat);
    });
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
      var wonder = S.view.players[sheet.seat] && S.view.players[sheet.seat].wonder;
      return P.scoreHead(seatName(sheet.seat), wonder ? wonderOf(wonder).name : null);
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

  function battleLines(e) {
    return e.results.map(function (r) {
      return t("battle_line", { name: seatName(r.seat), shields: r.shields, tokens: r.tokens });
    });
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
    // A battle's panel (table-moments.js) shows under the seats, never above the table: a phone
    // keeps the decks, the tiles and its wonder on the first screen after a battle.
    var battle = $("moment-conflict");
    if (battle) $("arch-players-title").parentNode.insertAdjacentElement("afterend", battle);
    table = window.ArchitectsTable({ t: t, cat: CAT, seatName: seatName });
    session = P.session({ page: PAGE, t: t, errors: ERRORS, render: render, seatName: seatName });
  });
})();
