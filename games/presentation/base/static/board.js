/* The base game's board: draws one seat's view (or the spectators' view) and sends that seat's
   choices through the session of play-common.js (the socket, docs/protocol.md). Card and wonder names come from #game-catalogue, words from
   #play-ui and #play-errors (gettext, in the page's language). Over 400 lines: the Cities
   expansion's pieces (debt decision, diplomacy and debt tokens, losses, teams, partner's hand) use
   the same helpers as the rest of the board, and splitting them out would export most of this file. */
(function () {
  "use strict";

  var P = window.WondersPlay;
  var $ = P.$;
  var el = P.el;
  var PAGE = P.data("game-data");
  var CAT = P.data("game-catalogue");
  var UI = P.data("play-ui") || {};
  var ERRORS = P.data("play-errors") || {};
  var t = P.translator(UI);
  var COLOURS = ["brown", "grey", "blue", "yellow", "red", "green", "purple", "black"];
  var RESOURCES = ["wood", "stone", "clay", "ore", "glass", "textile", "papyrus"];

  var S = null;          // the latest snapshot, kept up to date by updates (the session's)
  var selected = null;   // the card whose choices are open
  var refocus = null;    // the card to give the keyboard focus back to after a choice
  var session = null;

  /* ---------------------------------------------------------------- names */

  function cardName(id) { return (CAT.cards[id] && CAT.cards[id].name) || id; }
  function wonderName(id) { return (CAT.wonders[id] && CAT.wonders[id].name) || id || "?"; }

  /* The catalogue's drawing of a card (the board template's #card-faces), or null. */
  var FACES = null;
  function face(id) {
    if (!FACES) {
      FACES = {};
      var tpl = document.getElementById("card-faces");
      // Marked once here, not matched by a :has() on every hand drawn: a card with nothing to pay.
      if (tpl) tpl.content.querySelectorAll("[data-face]").forEach(function (node) {
        FACES[node.getAttribute("data-face")] = node.firstElementChild;
        node.querySelectorAll(".card__cost").forEach(function (cost) {
          if (!cost.querySelector(".cost")) cost.classList.add("card__cost--none");
        });
      });
    }
    return FACES[id] ? FACES[id].cloneNode(true) : null;
  }

  var ICON_HREF = "#icon-";  // the sprites are in the page (cards/sprites.py)
  function icon(name, label) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "ico ico--sm ico-" + name);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", ICON_HREF + name);
    svg.appendChild(use);
    return label ? el("span", { class: "ico-label" }, [svg, el("span", { class: "sr-only", text: label })]) : svg;
  }

  /* A cost as the catalogue draws it: one icon a unit (the words for screen readers). */
  function costIcons(cost) {
    var out = el("span", { class: "produce cost" }, [el("span", { class: "sr-only", text: costText(cost) || t("pay_nothing") })]);
    if (cost && cost.coins) out.appendChild(el("span", { "aria-hidden": "true", class: "cost__coins", text: cost.coins + "×" }));
    if (cost && cost.coins) out.appendChild(icon("coin"));
    RESOURCES.forEach(function (r) {
      for (var k = 0; k < ((cost || {})[r] || 0); k++) out.appendChild(icon(r));
    });
    return out;
  }

  /* A city's production as icons: fixed units, then each choice as "a/b". */
  function productionIcons(production) {
    var out = el("span", { class: "produce" });
    if (!production) return out;
    RESOURCES.forEach(function (r) {
      for (var k = 0; k < (production.fixed[r] || 0); k++) out.appendChild(icon(r, t("res_" + r, { count: 1 })));
    });
    production.choices.forEach(function (choice) {
      var group = el("span", { class: "produce__choice" });
      choice.forEach(function (r, i) {
        if (i) group.appendChild(el("span", { "aria-hidden": "true", text: "/" }));
        group.appendChild(icon(r, (i ? t("or") + " " : "") + t("res_" + r, { count: 1 })));
      });
      out.appendChild(group);
    });
    if (!out.childNodes.length) out.appendChild(document.createTextNode("—"));
    return out;
  }

  /* The 2-player variant's Free City is a city of the view that no seat owns. */
  function isFreeCity(n) {
    var player = S && S.view && S.view.players[n];
    return !!(player && player.free_city);
  }

  function seatName(n) {
    if (isFreeCity(n)) return t("free_city");
    var name = P.seatName(S, t, n);
    var player = S && S.view && S.view.players[n];
    if (player && player.team !== undefined) name += " [" + t("team_n", { team: player.team + 1 }) + "]";
    return name;
  }

  function costText(cost) {
    var parts = [];
    if (cost && cost.coins) parts.push(t("res_coins", { count: cost.coins }));
    RESOURCES.forEach(function (r) { if (cost && cost[r]) parts.push(t("res_" + r, { count: cost[r] })); });
    return parts.join(", ");
  }

  function whyNot(id) {
    var why = (S.blocked || {})[id];
    if (why && why.code === "duplicate_structure") return t("already_built");
    if (why && why.code === "cannot_afford") {
      var missing = costText(why.missing || {});
      if (missing) return t("missing", { what: missing });
      if (why.coins_needed) return t("needs_coins", { count: why.coins_needed });
    }
    return t("cannot_build");
  }

  function stageOf(player, number) {
    var wonder = CAT.wonders[player.wonder];
    var stages = wonder && player.side ? wonder.sides[player.side] : null;
    return stages ? stages[number - 1] : null;
  }

  function actingCity(action) {
    return action.city === "free_city" ? S.view.players[S.view.free_city.city] : S.view.players[S.you];
  }

  /* The coins an action pays the bank: a card's or a wonder stage's printed coins. */
  function bankCoins(action) {
    if (action.type === "build" && !action.free) return ((CAT.cards[action.card] || {}).cost || {}).coins || 0;
    if (action.type === "wonder") {
      var stage = stageOf(actingCity(action), action.stage);
      return stage && stage.cost.coins ? stage.cost.coins : 0;
    }
    return 0;
  }

  function payText(action) {
    var me = actingCity(action);
    var bank = bankCoins(action);
    var pay = action.pay || { left: 0, right: 0 };
    var parts = [];
    if (bank) parts.push(t("pay_bank", { coins: bank }));
    if (pay.left) parts.push(t("pay_left", { coins: pay.left, name: seatName(me.left) }));
    if (pay.right) parts.push(t("pay_right", { coins: pay.right, name: seatName(me.right) }));
    return parts.length ? parts.join(" + ") : t("pay_nothing");
  }

  function actionLabel(action) {
    var label = ownActionLabel(action);
    return action.city === "free_city" ? t("for_free_city", { action: label }) : label;
  }

  function ownActionLabel(action) {
    var card = action.card ? cardName(action.card) : "";
    switch (action.type) {
      case "build":
        if (action.free === "chain") return t("build_chain", { card: card });
        if (action.free === "olympia") return t("build_olympia", { card: card });
        return t("build", { card: card }) + " — " + payText(action);
      case "wonder": return t("wonder_stage", { stage: action.stage, card: card }) + " — " + payText(action);
      case "discard": return t("discard", { card: card });
      case "build_discarded": return t("build_discarded", { card: card });
      case "pass": return t("pass");
      case "side": return t("side", { side: action.side });
      case "pay_debt": return t("pay_debt", { coins: action.coins, debt: debtOwed(action) - action.coins });
    }
    return action.type;
  }

  /* What the city an action pays the debt of owes: the seat's own, or the Free City's. */
  function debtOwed(action) {
    var decision = S.view.free_city && S.view.free_city.decision;
    if (action.city === "free_city" && decision && decision.kind === "debt") return decision.owed;
    return S.view.cities && S.view.cities.owed ? S.view.cities.owed[S.you] : 0;
  }

  function act(action) {
    selected = null;
    session.act(action);
  }

  /* ---------------------------------------------------------------- drawing */

  function render() {
    S = session.S;
    if (!S || !S.view) return;
    var view = S.view;
    var me = S.you !== null && S.you !== undefined ? view.players[S.you] : null;
    // The age line: on a phone the way the cards pass is its arrow alone (the words stay for
    // screen readers: game.css .game-bar__words).
    var line = $("game-age");
    line.textContent = view.over ? t("ev_game_over") : view.age ? t("age", { age: view.age }) + ", " + turnText(view) : "";
    if (!view.over && view.direction) {
      var left = view.direction === "left";
      line.appendChild(el("span", {}, [" — " + (left ? "← " : ""), el("span", { class: "game-bar__words", text: t(left ? "pass_left" : "pass_right") }), left ? "" : " →"]));
    }
    if (!view.over && view.age) line.appendChild(document.createTextNode(" — " + t("discard_pile", { count: view.discard_size })));
    renderPrompt(view, me);
    renderHand(view, me);
    renderTable(view);
    renderPlayers(view);
    renderScores(view);
    renderLog();
  }

  /* Cities deals 8 cards (7 turns an age) but 7 at 8 players. A hand holds turns - turn + 2 cards
     while the turn is played, one fewer while its debts are paid. */
  function turnText(view) {
    var hand = view.players.length ? view.players[0].hand_size : 0;
    var played = { play: 2, debt: 1 }[view.phase];
    if (!view.cities || !hand || !played) return t("turn", { turn: view.turn });
    return t("turn_of", { turn: view.turn, turns: view.turn + hand - played });
  }

  function renderPrompt(view, me) {
    var box = $("game-prompt");
    box.textContent = "";
    var lines = [];
    if (S.status === "finished") lines.push(t("ev_game_over"));
    else if (!me) lines.push(t("spectating"));
    if (view.my_prompt) lines.push(t("prompt_" + view.my_prompt.kind));
    else if (view.prompt) lines.push(t("prompt_other", { name: seatName(view.prompt.seat), kind: t("kind_" + view.prompt.kind) }));
    if (me && view.phase === "play" && me.free_build_ready) lines.push(t("olympia_ready"));
    if (view.phase === "debt" && view.cities && view.cities.owed) {
      var owing = [];
      // The Free City's debt waits on its card's holder (2 players): it is named as owing too.
      var holder = view.free_city ? view.free_city.controller : null;
      view.cities.owed.forEach(function (owed, n) {
        if (owed && (view.to_act.indexOf(n) >= 0 || (isFreeCity(n) && view.to_act.indexOf(holder) >= 0))) owing.push(seatName(n));
      });
      if (owing.length) lines.push(t("debt_waiting", { names: owing.join(", ") }));
    }
    var losses = view.cities ? view.cities.losses : [];
    if (losses && losses.length) lines.push(t("losses_waiting", { losses: losses.map(lossText).join("; ") }));
    var forFreeCity = view.free_city && view.free_city.decision && view.free_city.controller === S.you;
    // The choice made is shown in the hand's action bar (renderChoices); the prompt says what is still to do.
    if (me && view.pending && S.status === "running" && forFreeCity && view.free_city.decision.kind === "turn" && !view.free_city.decision.pending) {
      lines.push({ text: t("choose_for_free_city"), act: true });
    }
    lines.forEach(function (line) {
      box.appendChild(line.act ? el("p", { class: "prompt--act", text: line.text }) : el("p", { text: line }));
    });
  }

  function lossText(loss) {
    var key = loss.per === "victory_tokens" ? "loss_per_victory" : loss.per === "wonder_stages" ? "loss_per_stage" : "loss";
    return t(key, { name: seatName(loss.seat), amount: loss.amount });
  }

  /* Cities: the seat owes coins at the end of the turn. Every legal pay_debt action is a button.
     The 2-player variant's controller then decides the Free City's debt too (its own first: the
     rules refuse the other order, own_debt_first), from the Free City's `decision`. */
  function debtToDecide(view, me) {
    var options = S.legal.filter(function (a) { return a.type === "pay_debt"; });
    if (view.phase !== "debt" || !options.length) return null;
    var decision = view.free_city && view.free_city.decision;
    if (options[0].city === "free_city") {
      if (!decision || decision.kind !== "debt") return null;
      return { city: "free_city", owed: decision.owed, coins: decision.coins, options: options };
    }
    var owed = view.cities && view.cities.owed ? view.cities.owed[S.you] : 0;
    return owed ? { city: "", owed: owed, coins: me.coins, options: options } : null;
  }

  function renderDebt(view, me) {
    var box = $("game-debt");
    var debt = debtToDecide(view, me);
    box.hidden = !debt;
    box.textContent = "";
    if (!debt) return false;
    var forCity = debt.city === "free_city";
    var hadFocus = $("game-hand").contains(document.activeElement);
    box.setAttribute("data-city", debt.city || "own");
    box.appendChild(el("h3", { id: "game-debt-title", text: forCity ? t("debt_title_free_city") : t("debt_title") }));
    if (forCity && view.pending && view.pending.type === "pay_debt") {
      box.appendChild(el("p", { class: "debt-own-choice" }, [el("strong", { text: "✓ " + t("your_choice", { action: ownActionLabel(view.pending) }) })]));
    }
    box.appendChild(el("p", { text: t(forCity ? "debt_owed_free_city" : "debt_owed", { owed: debt.owed, coins: debt.coins }) }));
    var list = el("ul", { class: "choice-list" });
    debt.options.forEach(function (action) {
      list.appendChild(el("li", {}, [el("button", {
        type: "button", class: "button choice choice--debt" + (isSuggested(action) ? " is-suggested" : ""), "data-coins": String(action.coins), "data-city": debt.city || null,
        onclick: function () { act(action); render(); },
      }, [el("span", { class: "choice__verb", text: t("pay_debt", { coins: action.coins, debt: debt.owed - action.coins }) }),
        el("span", { class: "choice__cost", text: t("debt_coins_left", { count: debt.coins - action.coins }) })])]));
    });
    box.appendChild(list);
    var first = box.querySelector(".choice");
    if (first && hadFocus) first.focus();
    return true;
  }

  var partnerDrawn = null;  // what the partner's hand was drawn for: drawn again only when it changes

  function renderPartnerHand(view) {
    var box = $("game-partner");
    var me = S.you !== null && S.you !== undefined ? view.players[S.you] : null;
    box.hidden = !view.partner_hand || !me || me.partner === undefined || S.status !== "running";
    var key = box.hidden ? null : JSON.stringify([me.partner, seatName(me.partner), view.partner_hand]);
    if (key !== null && key === partnerDrawn && box.firstChild) return;
    partnerDrawn = key;
    box.textContent = "";
    if (box.hidden) return;
    box.appendChild(el("h3", { text: t("partner_hand", { name: seatName(me.partner) }) }));
    box.appendChild(el("p", { class: "muted", text: t("partner_hand_help") }));
    var ul = el("ul", { class: "chips" });
    view.partner_hand.forEach(function (id) {
      var card = CAT.cards[id] || { color: "grey" };
      ul.appendChild(el("li", { class: "chip-card chip-card--" + card.color, title: card.text || "", text: cardName(id) + (card.cost ? " (" + (costText(card.cost) || t("pay_nothing")) + ")" : "") }));
    });
    box.appendChild(ul);
  }

  /* The hands this seat handed on this age (the view's `passed`, oldest first), newest first:
     what a player with a good memory knows of the hands going round. A turn adds one hand: its
     row goes on top and the rows drawn before stay. */
  function renderPassed(view) {
    var box = $("game-passed");
    var me = S.you !== null && S.you !== undefined ? view.players[S.you] : null;
    var passed = view.passed || [];
    box.hidden = !passed.length || !me || S.status !== "running" || view.over;
    var to = box.hidden ? "" : seatName(view.direction === "right" ? me.right : me.left);
    var hands = passed.map(function (hand) { return hand.join(); });
    var was = passedDrawn;
    passedDrawn = box.hidden ? null : { to: to, hands: hands };
    if (box.hidden) { box.textContent = ""; return; }
    var rows = box.querySelector(".passed-hands");
    var kept = rows && was && was.to === to && was.hands.length <= hands.length &&
      was.hands.every(function (hand, i) { return hands[i] === hand; }) ? was.hands.length : 0;
    if (!kept) {
      box.textContent = "";
      // Folded under its title (kept open once opened): the hand and its bar stay the turn's panel.
      var fold = el("details", { class: "passed-fold", open: passedOpen });
      fold.addEventListener("toggle", function () { passedOpen = fold.open; });
      fold.appendChild(el("summary", {}, [el("h3", { text: t("passed_title") })]));
      fold.appendChild(el("p", { class: "muted", text: t("passed_help") }));
      rows = el("ol", { class: "passed-hands", reversed: "" });
      fold.appendChild(rows);
      box.appendChild(fold);
    }
    for (var i = kept; i < passed.length; i++) {
      var ul = el("ul", { class: "chips" });
      passed[i].forEach(function (id) {
        var card = CAT.cards[id] || { color: "grey" };
        ul.appendChild(el("li", { class: "chip-card chip-card--" + card.color, title: card.text || "", text: cardName(id) }));
      });
      rows.insertBefore(el("li", { class: "passed-hand" }, [
        el("span", { class: "passed-hand__when", text: t("passed_turn", { turn: i + 1, name: to }) }), ul]), rows.firstChild);
    }
  }
  var passedDrawn = null;  // what renderPassed drew: {to, hands}
  var passedOpen = false;

  function handCards(view) {
    if (view.my_prompt && view.my_prompt.kind === "build_discarded") {
      var seen = {};
      return S.legal.filter(function (a) { return a.card && !seen[a.card] && (seen[a.card] = true); })
        .map(function (a) { return a.card; });
    }
    return view.hand || [];
  }

  /* ------------------------------------------------ the hand and its action bar (issue 31, item 3)
     One click a move: a card, then one of its actions (build, wonder stage, discard) in the bar
     under the hand, never over a card. A build or stage with one cheapest payment is played at
     once with it (its other payments stay one click away); with several equally cheap ones the
     bar asks who is paid. The choice made stays marked on its card and in the bar, changeable
     until the turn resolves. */

  var KIND_ORDER = { side: 0, build: 1, build_discarded: 1, wonder: 2, discard: 3, pass: 4 };
  var paying = null;     // the key of the action group whose payments the bar lists

  function renderHand(view, me) {
    var section = $("game-hand");
    section.hidden = !me || S.status !== "running";
    renderPartnerHand(view);
    renderPassed(view);
    if (section.hidden) return;
    if (renderDebt(view, me)) {
      $("game-hand-help").textContent = "";
      $("game-hand-cards").textContent = "";
      $("game-hand-cards").removeAttribute("data-drawn");
      $("game-choices").hidden = true;
      return;
    }
    var cards = handCards(view);
    // The hand is drawn again on every update: keep the keyboard focus where it was.
    var active = document.activeElement;
    var hadFocus = refocus !== null || (active && section.contains(active));
    var inChoices = active && $("game-choices").contains(active);
    var focusCard = refocus || (active && active.getAttribute && active.getAttribute("data-card"));
    refocus = null;
    var list = $("game-hand-cards");
    var canAct = S.legal.length > 0 && (view.to_act.indexOf(S.you) >= 0 || view.pending);
    // A prompt's cards are what the prompt says they are: the discard pile to build from for free
    // (Halicarnassus), the age's last card (Babylon).
    var promptKind = view.my_prompt && view.my_prompt.kind;
    var help = $("game-hand-help");
    help.textContent = !canAct ? t("nothing_to_do")
      : promptKind === "build_discarded" ? t("help_build_discarded")
      : promptKind === "seventh_card" ? t("prompt_seventh_card") : t("choose_card");
    help.classList.toggle("is-generic", canAct && !promptKind);  // a phone leaves the generic help out
    $("game-hand-title").textContent = promptKind === "build_discarded" ? t("discard_pile_title") : t("your_hand");
    // A discard pile can be several screens long on a phone: once its card is built, the page goes
    // back to its top, where the hand is, rather than staying far down the page.
    // data-prompt: the prompt whose cards the hand shows ("" for the hand itself).
    var leftPile = section.getAttribute("data-prompt") === "build_discarded" && promptKind !== "build_discarded";
    section.setAttribute("data-prompt", promptKind || "");
    if (selected && selected !== "__none__" && cards.indexOf(selected) < 0) selected = null;
    if (!selected) paying = null;
    var chosen = chosenCards(view);
    var byCard = {};  // the legal actions by card, read once (a Cities hand has hundreds of payments)
    S.legal.forEach(function (a) { if (a.card) (byCard[a.card] = byCard[a.card] || []).push(a); });
    var suggested = suggestedCard();
    var looks = cards.map(function (id, index) {
      var card = CAT.cards[id] || { name: id, color: "grey", cost: {} };
      var options = byCard[id] || [];
      var builds = options.filter(function (a) { return (a.type === "build" || a.type === "build_discarded") && a.city !== "free_city"; });
      return {
        id: id, card: card,
        className: "hand-card hand-card--" + card.color + (chosen[id] ? " hand-card--chosen" : "") +
          (builds.some(function (a) { return a.free === "chain" || a.type === "build_discarded"; }) ? " is-free" : ""),
        status: chosen[id] ? "✓ " + chosen[id] : handStatus(id, builds, options),
        statusClass: "hand-card__status" + (chosen[id] ? " hand-card__mine" : builds.length ? "" : " hand-card__note"),
        // A hand may hold two copies of a card (4 players and more): their actions are the same, so
        // the first copy stands for both (the one opened, the one the hint marks).
        expanded: selected === id && cards.indexOf(id) === index, disabled: !canAct || !options.length,
        suggested: suggested === id && cards.indexOf(id) === index,
      };
    });
    // Another seat's choice changes nothing here: the hand drawn for the same looks is kept (and
    // the focus on it).
    var drawnKey = JSON.stringify(looks.map(function (look) {
      return [look.id, look.className, look.status, look.statusClass, look.expanded, look.disabled, look.suggested];
    }));
    var kept = list.getAttribute("data-drawn") === drawnKey;
    if (!kept) {
      list.textContent = "";
      list.setAttribute("data-drawn", drawnKey);
      looks.forEach(function (look) { list.appendChild(el("li", {}, [handButton(look)])); });
    }
    if (!cards.length && S.legal.length) selected = "__none__";  // a choice without cards (pass, side)
    renderChoices(view);
    if (leftPile && window.scrollY > 0) window.scrollTo(0, 0);
    if (!hadFocus) return;
    if (inChoices && selected) { focusChoices(); return; }
    if (kept && !inChoices && active && section.contains(active) && !focusCard) return;
    var target = focusCard && document.querySelector('.hand-card[data-card="' + focusCard + '"]:not([disabled])');
    target = target || document.querySelector(".hand-card:not([disabled])") || $("game-hand-title");
    target.focus();
  }

  /* A card of the hand as a button: the catalogue's drawing, what it would do now, its hint. */
  function handButton(look) {
    var id = look.id;
    var drawn = face(id) || el("span", {}, [
      el("span", { class: "hand-card__name", text: look.card.name }),
      el("span", { class: "hand-card__cost", text: costText(look.card.cost) || t("pay_nothing") }),
      el("span", { class: "hand-card__text", text: look.card.text || "" }),
    ]);
    var button = el("button", {
      type: "button", class: look.className + (drawn.classList.contains("card") ? " hand-card--face" : ""),
      "aria-expanded": look.expanded ? "true" : "false", "aria-controls": "game-choices",
      disabled: look.disabled,
      onclick: function () {
        selected = selected === id ? null : id;
        paying = null;
        renderHand(S.view, S.you !== null && S.you !== undefined ? S.view.players[S.you] : null);
        focusChoices();
      },
    }, [drawn, el("span", { class: look.statusClass, text: look.status })]);
    button.setAttribute("data-card", id);
    if (look.suggested) {
      button.classList.add("is-suggested");
      button.appendChild(el("span", { class: "hint-tag", text: t("hint_tag") }));
    }
    return button;
  }

  /* The cards a choice of this turn is made with ({card: what was chosen, in short}): the seat's
     own and, in the 2-player variant, the Free City's. */
  function chosenCards(view) {
    var out = {};
    var mine = view.pending && view.pending.card ? view.pending : null;
    var decision = view.free_city && view.free_city.decision;
    var forCity = decision && decision.pending && decision.pending.card ? decision.pending : null;
    if (forCity) out[forCity.card] = t("free_city") + ": " + shortAction(forCity);
    if (mine) out[mine.card] = shortAction(mine);
    return out;
  }

  function shortAction(action) {
    if (action.type === "wonder") return t("act_stage", { stage: action.stage });
    if (action.type === "discard") return t("act_discard");
    return t("act_build");
  }

  /* Coins a build or wonder action costs in all: the bank's and the neighbours'. */
  function coinsOf(action) {
    var pay = action.pay || {};
    return bankCoins(action) + (pay.left || 0) + (pay.right || 0);
  }

  /* What a hand card costs this seat now, in a few words (the card shows its printed cost). */
  function handStatus(id, builds, options) {
    if (!builds.length) {
      // The 2-player variant's Free City step: what the card would do for it, in a word or two.
      var forCity = options.filter(function (a) { return a.city === "free_city"; });
      if (!forCity.length) return whyNot(id);
      var best = forCity.slice().sort(function (a, b) { return KIND_ORDER[a.type] - KIND_ORDER[b.type] || coinsOf(a) - coinsOf(b); })[0];
      var words = groupWords({ options: [best] });
      return t("free_city") + ": " + (best.type === "build" && words.cost ? words.cost : words.verb);
    }
    if (builds.some(function (a) { return a.type === "build_discarded"; })) return t("free_from_discard");
    if (builds.some(function (a) { return a.free === "chain"; })) return t("free_by_chain");
    var cheapest = Math.min.apply(null, builds.map(coinsOf));
    return cheapest ? t("build_for", { count: cheapest }) : t("build_own_resources");
  }

  /* The selected card's legal actions in groups, one a button: the same kind of play for the
     same city (a build with each of its payments is one group), in the order of KIND_ORDER. */
  function actionGroups() {
    var options = S.legal.filter(function (a) {
      return a.type !== "pay_debt" && (selected === "__none__" ? !a.card : a.card === selected);
    });
    var groups = [];
    var byKey = {};
    options.forEach(function (a) {
      var key = [a.city || "", a.type, a.side || "", a.stage || "", a.free || ""].join(":");
      if (!byKey[key]) groups.push(byKey[key] = { key: key, city: a.city || "", type: a.type, options: [] });
      byKey[key].options.push(a);
    });
    // Cheapest first; at equal cost, more to the left first (the chooser reads left to right).
    groups.forEach(function (g) {
      g.options.sort(function (a, b) { return coinsOf(a) - coinsOf(b) || ((b.pay || {}).left || 0) - ((a.pay || {}).left || 0); });
    });
    groups.sort(function (a, b) { return (a.city > b.city) - (a.city < b.city) || KIND_ORDER[a.type] - KIND_ORDER[b.type]; });
    return groups;
  }

  /* The group's one cheapest action, or null when several cost the least (then the bar asks). */
  function cheapestOf(group) {
    var least = coinsOf(group.options[0]);
    var tied = group.options.filter(function (a) { return coinsOf(a) === least; });
    return tied.length === 1 ? tied[0] : null;
  }

  function groupWords(group) {
    var a = group.options[0];
    var verb = a.type === "wonder" ? t("act_stage", { stage: a.stage }) : a.type === "discard" ? t("act_discard")
      : a.type === "pass" ? t("pass") : a.type === "side" ? t("side", { side: a.side }) : t("act_build");
    var cost = "";
    if (a.type === "discard") cost = t("act_gain", { count: 3 });
    else if (a.free === "chain") cost = t("act_chain");
    else if (a.free === "olympia") cost = t("act_olympia");
    else if (a.type === "build_discarded") cost = t("act_free");
    else if (a.type === "build" || a.type === "wonder") {
      var coins = coinsOf(a);
      cost = coins ? t("act_coins", { count: coins }) : t("act_no_coins");
    }
    return { verb: verb, cost: cost };
  }

  function actionButton(group) {
    var words = groupWords(group);
    var cheapest = cheapestOf(group);
    var ask = !cheapest;
    var label = ask ? t("pay_title", { action: actionLabel(Object.assign({}, group.options[0], { pay: { left: 0, right: 0 } })).split(" — ")[0] })
      : actionLabel(cheapest);
    var hinted = group.options.some(isSuggested);
    return el("button", {
      type: "button", class: "button choice choice--" + group.type + (hinted ? " is-suggested" : ""), "data-kind": group.type,
      "aria-label": hinted ? label + " (" + t("hint_tag") + ")" : label,
      "data-city": group.city || null, "aria-haspopup": ask ? "true" : null,
      onclick: function () {
        if (ask) { paying = group.key; renderChoices(S.view); focusChoices(); return; }
        refocus = cheapest.card || "";
        act(cheapest);
        render();
      },
    }, [el("span", { class: "choice__verb", text: words.verb }), words.cost ? el("span", { class: "choice__cost", text: words.cost + (ask ? " ▾" : "") }) : null]);
  }

  function renderChoices(view) {
    var box = $("game-choices");
    box.textContent = "";
    var mineChosen = view.pending && S.status === "running";
    if (!selected) {
      // Nothing open: the choice made so far, or nothing (the bar keeps no room for itself).
      box.hidden = !mineChosen;
      if (mineChosen) box.appendChild(pendingLine(view));
      return;
    }
    box.hidden = false;
    var groups = actionGroups();
    var open = groups.filter(function (g) { return g.key === paying; })[0];
    if (open) { box.appendChild(paymentChooser(open)); return; }
    var cardTitle = selected === "__none__" ? t("your_choice_title") : cardName(selected);
    var bar = el("div", { class: "action-bar", role: "group", "aria-label": t("actions_for", { card: cardTitle }) });
    bar.appendChild(el("strong", { class: "action-bar__card", text: cardTitle }));
    var cities = {};
    groups.forEach(function (g) { cities[g.city] = true; });
    var both = Object.keys(cities).length > 1 || cities.free_city;
    Object.keys(cities).sort().forEach(function (city) {
      var row = el("div", { class: "action-row" });
      if (both) row.appendChild(el("span", { class: "action-row__who", text: city ? t("free_city") + ":" : t("your_city") + ":" }));
      groups.filter(function (g) { return g.city === city; }).forEach(function (g) {
        row.appendChild(actionButton(g));
        if (cheapestOf(g) && g.options.length > 1) {
          row.appendChild(el("button", {
            type: "button", class: "button button--ghost button--small choice-more", "aria-haspopup": "true",
            text: t("act_other_payments", { count: g.options.length - 1 }),
            onclick: function () { paying = g.key; renderChoices(S.view); focusChoices(); },
          }));
        }
      });
      bar.appendChild(row);
    });
    if (selected !== "__none__") bar.appendChild(closeButton());
    box.appendChild(bar);
    if (mineChosen) box.appendChild(pendingLine(view));
  }

  /* The payments of one group, cheapest first, each naming the side and the seat paid. */
  function paymentChooser(group) {
    var first = group.options[0];
    var title = actionLabel(Object.assign({}, first, { pay: { left: 0, right: 0 } })).split(" — ")[0];
    var least = coinsOf(first);
    var allLeast = group.options.every(function (a) { return coinsOf(a) === least; });
    var list = el("ul", { class: "choice-list payment-list" });
    group.options.forEach(function (action) {
      var pay = action.pay || {};
      var cheapest = !allLeast && coinsOf(action) === least ? " · " + t("act_cheapest") : "";
      list.appendChild(el("li", {}, [el("button", {
        type: "button", class: "button choice choice--pay" + (isSuggested(action) ? " is-suggested" : ""),
        onclick: function () { refocus = action.card || ""; paying = null; act(action); render(); },
      }, [el("span", { class: "choice__verb" }, [
            pay.left ? el("span", { "aria-hidden": "true", text: "← " }) : null, payText(action),
            pay.right ? el("span", { "aria-hidden": "true", text: " →" }) : null]),
          el("span", { class: "choice__cost", text: t("act_coins", { count: coinsOf(action) }) + cheapest })])]));
    });
    return el("div", { class: "action-bar action-bar--pay", role: "group", "aria-labelledby": "game-pay-title" }, [
      el("strong", { class: "action-bar__card", id: "game-pay-title", text: t("pay_title", { action: title }) }),
      list,
      el("button", {
        type: "button", class: "button button--ghost button--small choice-back", text: t("cancel"),
        onclick: function () { paying = null; renderChoices(S.view); focusChoices(); },
      }),
    ]);
  }

  function closeButton() {
    return el("button", {
      type: "button", class: "button button--ghost button--small choice-close", text: t("cancel"),
      onclick: function () {
        var card = selected;
        selected = null;
        paying = null;
        render();
        var back = document.querySelector('.hand-card[data-card="' + card + '"]');
        if (back) back.focus();
      },
    });
  }

  function pendingLine(view) {
    var line = el("p", { class: "action-bar__pending" }, [el("strong", { text: "✓ " + t("your_choice", { action: actionLabel(view.pending) }) })]);
    var decision = view.free_city && view.free_city.controller === S.you && view.free_city.decision;
    if (decision && decision.pending) {
      line.appendChild(el("strong", { text: " · " + t("your_choice", { action: actionLabel(Object.assign({ city: "free_city" }, decision.pending)) }) }));
    }
    // With a card's actions open the bar is about that card: the waiting words only when it is not.
    if ((!decision || decision.pending) && !selected) line.appendChild(el("span", { class: "muted", text: " " + t("waiting_others") }));
    return line;
  }

  // Escape steps back: from the payments to the actions, from the actions to the card.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !selected || selected === "__none__") return;
    var back = document.querySelector("#game-choices .choice-back, #game-choices .choice-close");
    if (back) {
      event.preventDefault();
      back.click();
    }
  });

  function focusChoices() {
    var first = document.querySelector("#game-choices .choice");
    if (first) first.focus();
  }

  /* ------------------------------------------------ the "Suggest" hint (js/table-hints.js)
     The suggested card is marked in the hand and its actions are opened (the selection the
     player would make), the suggested action marked in the bar: the player still clicks it. */

  function suggestedCard() {
    var action = P.suggested && P.suggested();
    return action ? action.card || "__none__" : null;
  }

  function isSuggested(action) {
    var hinted = P.suggested && P.suggested();
    return !!hinted && JSON.stringify(hinted) === JSON.stringify(action);
  }

  function hintHead(action) {
    var card = action.card ? cardName(action.card) : "";
    var head = action.type === "build" ? t("build", { card: card })
      : action.type === "wonder" ? t("wonder_stage", { stage: action.stage, card: card }) : ownActionLabel(action);
    return action.city === "free_city" ? t("for_free_city", { action: head }) : head;
  }

  function nouns(ids, oneOf) { return ids.map(function (id) { return t("hint_res_" + id); }).join(oneOf ? " / " : ", "); }

  /* One line: the move, what it brings now, and what it keeps from the neighbour who would
     receive the card (engine: games/engine/base/reasons.py). */
  function hintLine(action, reason) {
    var gains = [];
    if (reason.points) gains.push(t("hint_points", { count: reason.points }));
    if (reason.science) gains.push(reason.science === "wild" ? t("hint_science_wild") : t("hint_science", { symbol: t("hint_sym_" + reason.science) }));
    if (reason.coins && reason.kind !== "discard") gains.push(t("act_gain", { count: reason.coins }));
    if (reason.shields) gains.push(t("hint_shields", { count: reason.shields }));
    (reason.discounts || []).forEach(function (d) {
      var whom = t(d.sides.length > 1 ? "hint_from_both" : d.sides[0] === "left" ? "hint_from_left" : "hint_from_right");
      gains.push(t(d.goods === "manufactured" ? "hint_discount_manufactured" : "hint_discount_raw", { count: d.price, whom: whom }));
    });
    if (reason.produces && reason.produces.length) gains.push(t("hint_produces", { resources: nouns(reason.produces, reason.produces_one_of) }));
    var text = hintHead(action) + (gains.length ? ": " + gains.join(", ") : "");
    var denied = reason.denies;
    if (denied) {
      var who = t(denied.side === "left" ? "hint_left_neighbour" : "hint_right_neighbour", { name: seatName(denied.seat) });
      text += "; " + (denied.lacks && denied.lacks.length ? t("hint_denies_lacks", { who: who, resources: nouns(denied.lacks) })
        : t("hint_denies_points", { who: who, count: denied.points }));
    }
    return text + ".";
  }

  P.hintBoard = {
    describe: hintLine,
    arrived: function (action) {
      selected = action.type === "pay_debt" ? null : action.card || "__none__";
      paying = null;
      var asker = document.activeElement;
      render();
      // The hand's redraw keeps the focus in the hand: a keyboard player stays on Suggest.
      if (asker && asker.classList && asker.classList.contains("hint-button")) asker.focus();
    },
  };

  /* ------------------------------------------------ the cities (static/tableau.js draws them) */

  var shownView = null;     // the view the table shows
  var viewBefore = null;    // the one it showed before: what is new since lands with a highlight

  function renderTable(view) {
    $("game-me").hidden = true;  // your city is drawn on the table, at the bottom
    if (view !== shownView) {
      viewBefore = shownView;
      shownView = view;
    }
    var names = view.players.map(function (player, n) { return P.seatName(S, t, n); });
    window.WondersTableau.table(view, S.you, $("game-cities"), { previous: viewBefore, catalogue: CAT, names: names });
  }

  function freeCityStatus(view) {
    return view.free_city ? t("free_city_controller", { name: seatName(view.free_city.controller) }) : "";
  }

  /* The players table: compact columns headed by icons (a legend under it names them), the
     status as a mark with its words for screen readers, so that 8 players fit a phone. */
  function columnHead(kind, label) {
    var drawn = kind === "hand" ? el("span", { class: "players__hand", "aria-hidden": "true" })
      : kind === "military" ? el("span", { class: "players__token", "aria-hidden": "true", text: "±" })
      : kind === "diplomacy" || kind === "debt" ? window.WondersTableau.mark(kind) : icon(kind);
    return el("span", { class: "players__head", title: label }, [drawn, el("span", { class: "sr-only", text: label })]);
  }

  var STATUS_MARKS = { chosen: "✓", thinking: "…" };

  /* "bot medio (avido) · Posto 2": a narrow name cell wraps before "Posto 2", never inside it. */
  function keepSeatTogether(name) {
    var at = name.lastIndexOf(" · ");
    if (at < 0) return [name];
    return [name.slice(0, at + 3), el("span", { class: "players__seat", text: name.slice(at + 3) })];
  }

  /* What a row of the players table says this update: its numbers and the seat's status. */
  function playerFacts(view, n, cities) {
    var player = view.players[n];
    var status = "";
    if (S.status === "running" && (view.phase === "play" || view.phase === "sides")) status = player.chosen ? "chosen" : "thinking";
    if (S.status === "running" && view.phase === "debt") status = view.to_act.indexOf(n) >= 0 ? "thinking" : "";
    if (view.prompt && view.prompt.seat === n) status = "thinking";
    if (player.free_city) status = "";
    var values = [player.coins, player.shields, player.tokens.reduce(function (a, b) { return a + b; }, 0)]
      .concat(cities ? [player.diplomacy, player.debt ? "-" + player.debt : 0] : [])
      .concat([player.free_city ? player.pile_size : player.hand_size]);
    return { values: values.map(String), status: status };
  }

  function fillStatus(cell, status) {
    cell.className = "players__status-col" + (status ? " is-" + status : "");
    if (status) cell.title = t(status); else cell.removeAttribute("title");
    cell.textContent = "";
    if (status) {
      cell.appendChild(el("span", { "aria-hidden": "true", text: STATUS_MARKS[status] }));
      cell.appendChild(el("span", { class: "sr-only", text: t(status) }));
    }
  }

  /* The table is drawn once for its seats and names; an update rewrites only the numbers and the
     marks that changed (the whole table, icon heads and legend, cost an update a tenth of its time). */
  var playersDrawn = null;  // {key, rows: [{cells, status, facts}]}

  function renderPlayers(view) {
    var box = $("game-players");
    var cities = !!view.cities;
    var labels = view.players.map(function (player, n) {
      return [seatName(n), !!(S.seats[n] || {}).taken_over, player.wonder, player.free_city ? freeCityStatus(view) : ""];
    });
    var key = JSON.stringify([cities, S.you, labels]);
    if (playersDrawn && playersDrawn.key === key && box.firstChild) {
      playersDrawn.rows.forEach(function (row, n) {
        var facts = playerFacts(view, n, cities);
        facts.values.forEach(function (value, k) { if (row.facts.values[k] !== value) window.WondersTableau.setText(row.cells[k], value); });
        if (row.facts.status !== facts.status) fillStatus(row.status, facts.status);
        row.facts = facts;
      });
      return;
    }
    box.textContent = "";
    var columns = [["coin", t("coins")], ["shield", t("shields")], ["military", t("military")]]
      .concat(cities ? [["diplomacy", t("diplomacy")], ["debt", t("debt")]] : [])
      .concat([["hand", t("hand_size")]]);
    var head = el("tr", {}, [el("th", { scope: "col" }, [el("span", { class: "sr-only", text: t("player_column") })])]
      .concat(columns.map(function (col) { return el("th", { scope: "col", class: "players__num" }, [columnHead(col[0], col[1])]); }))
      .concat([el("th", { scope: "col", class: "players__status-col" }, [el("span", { class: "sr-only", text: t("status_column") })])]));
    var body = el("tbody");
    var rows = [];
    view.players.forEach(function (player, n) {
      var facts = playerFacts(view, n, cities);
      var tags = labels[n][1] ? " · " + t("taken_over") : "";
      var cells = facts.values.map(function (value) { return el("td", { class: "players__num", text: value }); });
      var status = el("td");
      fillStatus(status, facts.status);
      rows.push({ cells: cells, status: status, facts: facts });
      body.appendChild(el("tr", { class: n === S.you ? "is-you" : "" }, [
        el("th", { scope: "row" }, keepSeatTogether(labels[n][0]).concat([tags, el("span", { class: "players__wonder", text: wonderName(player.wonder) }),
          player.free_city ? el("span", { class: "players__wonder", text: labels[n][3] }) : null])),
      ].concat(cells).concat([status])));
    });
    var legend = el("p", { class: "players__legend muted", "aria-hidden": "true" });
    columns.forEach(function (col) { legend.appendChild(el("span", {}, [columnHead(col[0], col[1]), " " + col[1]])); });
    legend.appendChild(el("span", {}, [el("span", { class: "players__status-col is-chosen", text: STATUS_MARKS.chosen }), " " + t("chosen")]));
    legend.appendChild(el("span", {}, [el("span", { class: "players__status-col is-thinking", text: STATUS_MARKS.thinking }), " " + t("thinking")]));
    box.appendChild(el("div", { class: "table-scroll", tabindex: "0", role: "group", "aria-labelledby": "game-players-title" }, [el("table", { class: "players" }, [el("thead", {}, [head]), body])]));
    box.appendChild(legend);
    playersDrawn = { key: key, rows: rows };
  }

  function renderScores(view) {
    var section = $("game-scores");
    section.hidden = !view.scores;
    if (!view.scores) return;
    var box = $("game-score-sheet");
    box.textContent = "";
    /* The Free City (2-player variant) is scored beside the seats but never ranked. */
    var sheets = view.scores.slice();
    if (view.free_city && view.free_city.score) {
      sheets.push(Object.assign({}, view.free_city.score, { seat: view.free_city.city, rank: "—" }));
    }
    var head = el("tr", {}, [el("th", { scope: "col" }, [el("span", { class: "sr-only", text: t("category_column") })])].concat(sheets.map(function (sheet) {
      var player = view.players[sheet.seat];
      return P.scoreHead(seatName(sheet.seat), player && player.wonder ? wonderName(player.wonder) : null);
    })));
    var rows = PAGE.categories.map(function (category) {
      var cat = category.key;
      return el("tr", {}, [el("th", { scope: "row", text: category.label })].concat(sheets.map(function (sheet) {
        var noted = category.note && sheet[category.note];
        var note = noted ? " (" + t("copied_guild", { card: cardName(noted) }) + ")" : "";
        return el("td", { text: sheet[cat] + note });
      })));
    });
    rows.push(el("tr", { class: "total" }, [el("th", { scope: "row", text: t("total") })].concat(sheets.map(function (sheet) {
      return el("td", { text: String(sheet.total) });
    }))));
    rows.push(el("tr", {}, [el("th", { scope: "row", text: t("coins") })].concat(sheets.map(function (sheet) {
      return el("td", { text: String(sheet.coins) });
    }))));
    if (sheets.length && sheets[0].team_total !== undefined) {
      [["team_total", "team_total"], ["team_coins", "team_coins"]].forEach(function (pair) {
        rows.push(el("tr", {}, [el("th", { scope: "row", text: t(pair[0]) })].concat(sheets.map(function (sheet) {
          return el("td", { text: String(sheet[pair[1]]) });
        }))));
      });
    }
    rows.push(el("tr", { class: "rank" }, [el("th", { scope: "row", text: t("rank") })].concat(sheets.map(function (sheet) {
      return el("td", { text: String(sheet.rank) });
    }))));
    box.appendChild(el("div", { class: "table-scroll", tabindex: "0", role: "group", "aria-labelledby": "game-scores-title" }, [el("table", { class: "score-sheet" }, [el("thead", {}, [head]), el("tbody", {}, rows)])]));
    var teams = sheets.length && sheets[0].team_total !== undefined;
    box.appendChild(el("p", { class: "muted", text: t(teams ? "team_tie_break" : "tie_break") }));
  }

  function playText(play) {
    var name = seatName(play.seat);
    if (play.action === "build") return t("ev_build", { name: name, card: cardName(play.card) });
    if (play.action === "wonder") return t("ev_wonder", { name: name, stage: play.stage });
    return t("ev_discard", { name: name });
  }

  function eventText(e) {
    switch (e.type) {
      case "age_start": return t("ev_age_start", { age: e.age });
      case "sides_chosen": return t("ev_sides_chosen");
      case "turn_resolved": return t("ev_turn", { age: e.age, turn: e.turn }) + " " + e.plays.map(playText).join(" ");
      case "leftovers_discarded": return e.count ? t("ev_leftovers", { count: e.count }) : null;
      case "seventh_card": return t("ev_seventh_card", { name: seatName(e.seat) }) + " " + playText(Object.assign({ seat: e.seat }, e.play));
      case "built_from_discard": return t("ev_built_from_discard", { name: seatName(e.seat), card: cardName(e.card) });
      case "passed": return t("ev_passed", { name: seatName(e.seat) });
      case "military":
        if (e.results.length && e.results[0].fights) return citiesMilitary(e);
        return t("ev_military", { age: e.age, results: e.results.map(function (r) {
          return seatName(r.seat) + " " + [r.left, r.right].filter(function (x) { return x; }).map(function (x) { return (x > 0 ? "+" : "") + x; }).join(" ");
        }).join("; ") });
      case "debt_due":
        return t("ev_debt_due", { owed: e.owed.map(function (owed, n) { return owed ? seatName(n) + " " + owed : null; }).filter(Boolean).join(", ") });
      case "debts_settled":
        return e.results.map(function (r) { return t("ev_debt_paid", { name: seatName(r.seat), paid: r.paid, owed: r.owed, debt: r.debt }); }).join(" ");
      case "game_over": return t("ev_game_over");
      case "timed_out": return t("ev_timed_out", { name: seatName(e.seat), count: e.missed_turns });
      case "taken_over": return t("ev_taken_over", { name: seatName(e.seat) });
    }
    return P.sharedEventText(e, t, seatName);
  }

  /* Cities' conflicts: who skips (diplomacy), then each fight once, from the side that fought it. */
  function citiesMilitary(e) {
    var parts = [];
    e.results.forEach(function (r) {
      if (r.diplomacy) parts.push(t("ev_skips_conflict", { name: seatName(r.seat) }));
      r.fights.forEach(function (f) {
        if (f.against < r.seat && e.results[f.against].fights.some(function (g) { return g.against === r.seat; })) return;
        var mine = f.tokens.length ? f.tokens.map(function (x) { return (x > 0 ? "+" : "") + x; }).join(" ") : "0";
        parts.push(t("ev_fight", { name: seatName(r.seat), other: seatName(f.against), tokens: mine }));
      });
    });
    return t("ev_military", { age: e.age, results: parts.join("; ") });
  }

  /* The log, newest first, 200 lines at most. An update only adds events (applyUpdate keeps the
     ones before): their lines go on top and the oldest drop off; a snapshot or other names draw it
     all again. */
  var LOG_LINES = 200;
  var logged = { first: null, last: null, count: 0, names: null };

  function renderLog() {
    var list = $("game-log");
    var names = JSON.stringify([S.seats, S.you]);
    var count = logged.count;
    var follows = count && S.events[0] === logged.first && S.events[count - 1] === logged.last && names === logged.names;
    if (!follows) {
      list.textContent = "";
      count = 0;
    }
    S.events.slice(count).map(eventText).filter(Boolean).forEach(function (line) {
      list.insertBefore(el("li", { text: line }), list.firstChild);
    });
    while (list.children.length > LOG_LINES) list.removeChild(list.lastChild);
    logged = { first: S.events[0], last: S.events[S.events.length - 1], count: S.events.length, names: names };
  }

  document.addEventListener("DOMContentLoaded", function () {
    // The age's conflicts show under the hand and its bar, never above them (a phone keeps its
    // hand on the first screen when an age ends).
    var conflicts = $("moment-conflict");
    if (conflicts) $("game-hand").insertAdjacentElement("afterend", conflicts);
    session = P.session({ page: PAGE, t: t, errors: ERRORS, render: render, seatName: seatName });
  });
})();
