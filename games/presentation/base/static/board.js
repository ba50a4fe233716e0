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
      if (tpl) tpl.content.querySelectorAll("[data-face]").forEach(function (node) {
        FACES[node.getAttribute("data-face")] = node.firstElementChild;
      });
    }
    return FACES[id] ? FACES[id].cloneNode(true) : null;
  }

  var ICONS = PAGE.icons;  // the icon sprite's (hashed) address
  function icon(name, label) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "ico ico--sm ico-" + name);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", ICONS + "#" + name);
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
      case "pay_debt": return t("pay_debt", { coins: action.coins, debt: S.view.cities.owed[S.you] - action.coins });
    }
    return action.type;
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
    var age = view.age ? t("age", { age: view.age }) + ", " + turnText(view) : "";
    if (view.over) age = t("ev_game_over");
    else if (view.direction) age += " — " + (view.direction === "left" ? "← " + t("pass_left") : t("pass_right") + " →");
    if (!view.over && view.age) age += " — " + t("discard_pile", { count: view.discard_size });
    $("game-age").textContent = age;
    renderPrompt(view, me);
    renderHand(view, me);
    renderMe(view, me);
    renderCities(view);
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
      view.cities.owed.forEach(function (owed, n) { if (owed && view.to_act.indexOf(n) >= 0) owing.push(seatName(n)); });
      if (owing.length) lines.push(t("debt_waiting", { names: owing.join(", ") }));
    }
    var losses = view.cities ? view.cities.losses : [];
    if (losses && losses.length) lines.push(t("losses_waiting", { losses: losses.map(lossText).join("; ") }));
    var forFreeCity = view.free_city && view.free_city.decision && view.free_city.controller === S.you;
    if (me && view.pending && S.status === "running") {
      lines.push(t("your_choice", { action: actionLabel(view.pending) }));
      if (forFreeCity && view.free_city.decision.pending) {
        lines.push(t("your_choice", { action: actionLabel(Object.assign({ city: "free_city" }, view.free_city.decision.pending)) }));
      }
      if (forFreeCity && !view.free_city.decision.pending) lines.push({ text: t("choose_for_free_city"), act: true });
      else lines.push(t("waiting_others"));
    }
    lines.forEach(function (line) {
      box.appendChild(line.act ? el("p", { class: "prompt--act", text: line.text }) : el("p", { text: line }));
    });
  }

  function lossText(loss) {
    var key = loss.per === "victory_tokens" ? "loss_per_victory" : loss.per === "wonder_stages" ? "loss_per_stage" : "loss";
    return t(key, { name: seatName(loss.seat), amount: loss.amount });
  }

  /* Cities: the seat owes coins at the end of the turn. Every legal pay_debt action is a button. */
  function renderDebt(view, me) {
    var box = $("game-debt");
    var owed = view.phase === "debt" && view.cities && view.cities.owed ? view.cities.owed[S.you] : 0;
    var options = S.legal.filter(function (a) { return a.type === "pay_debt"; });
    box.hidden = !owed || !options.length;
    box.textContent = "";
    if (box.hidden) return false;
    var hadFocus = $("game-hand").contains(document.activeElement);
    box.appendChild(el("h3", { id: "game-debt-title", text: t("debt_title") }));
    box.appendChild(el("p", { text: t("debt_owed", { owed: owed, coins: me.coins }) }));
    var list = el("ul", { class: "choice-list" });
    options.forEach(function (action) {
      list.appendChild(el("li", {}, [el("button", {
        type: "button", class: "button choice choice--debt", "data-coins": String(action.coins),
        onclick: function () { act(action); render(); },
        text: t("pay_debt", { coins: action.coins, debt: owed - action.coins }),
      })]));
    });
    box.appendChild(list);
    var first = box.querySelector(".choice");
    if (first && hadFocus) first.focus();
    return true;
  }

  function renderPartnerHand(view) {
    var box = $("game-partner");
    var me = S.you !== null && S.you !== undefined ? view.players[S.you] : null;
    box.hidden = !view.partner_hand || !me || me.partner === undefined || S.status !== "running";
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
     what a player with a good memory knows of the hands going round. */
  function renderPassed(view) {
    var box = $("game-passed");
    var me = S.you !== null && S.you !== undefined ? view.players[S.you] : null;
    var passed = view.passed || [];
    box.hidden = !passed.length || !me || S.status !== "running" || view.over;
    box.textContent = "";
    if (box.hidden) return;
    var to = seatName(view.direction === "right" ? me.right : me.left);
    box.appendChild(el("h3", { text: t("passed_title") }));
    box.appendChild(el("p", { class: "muted", text: t("passed_help") }));
    var rows = el("ol", { class: "passed-hands", reversed: "" });
    for (var i = passed.length - 1; i >= 0; i--) {
      var ul = el("ul", { class: "chips" });
      passed[i].forEach(function (id) {
        var card = CAT.cards[id] || { color: "grey" };
        ul.appendChild(el("li", { class: "chip-card chip-card--" + card.color, title: card.text || "", text: cardName(id) }));
      });
      rows.appendChild(el("li", { class: "passed-hand" }, [
        el("span", { class: "passed-hand__when", text: t("passed_turn", { turn: i + 1, name: to }) }), ul]));
    }
    box.appendChild(rows);
  }

  function handCards(view) {
    if (view.my_prompt && view.my_prompt.kind === "build_discarded") {
      var seen = {};
      return S.legal.filter(function (a) { return a.card && !seen[a.card] && (seen[a.card] = true); })
        .map(function (a) { return a.card; });
    }
    return view.hand || [];
  }

  function renderHand(view, me) {
    var section = $("game-hand");
    section.hidden = !me || S.status !== "running";
    renderPartnerHand(view);
    renderPassed(view);
    if (section.hidden) return;
    if (renderDebt(view, me)) {
      $("game-hand-help").textContent = "";
      $("game-hand-cards").textContent = "";
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
    list.textContent = "";
    var canAct = S.legal.length > 0 && (view.to_act.indexOf(S.you) >= 0 || view.pending);
    // A prompt's cards are what the prompt says they are: the discard pile to build from for free
    // (Halicarnassus), the age's last card (Babylon).
    var promptKind = view.my_prompt && view.my_prompt.kind;
    $("game-hand-help").textContent = !canAct ? t("nothing_to_do")
      : promptKind === "build_discarded" ? t("help_build_discarded")
      : promptKind === "seventh_card" ? t("prompt_seventh_card") : t("choose_card");
    $("game-hand-title").textContent = promptKind === "build_discarded" ? t("discard_pile_title") : t("your_hand");
    if (selected && cards.indexOf(selected) < 0) selected = null;
    cards.forEach(function (id) {
      var card = CAT.cards[id] || { name: id, color: "grey", cost: {} };
      var options = S.legal.filter(function (a) { return a.card === id; });
      var builds = options.filter(function (a) { return a.type === "build" || a.type === "build_discarded"; });
      var free = builds.some(function (a) { return a.free === "chain" || a.type === "build_discarded"; });
      var chosen = view.pending && view.pending.card === id;
      var drawn = face(id) || el("span", {}, [
        el("span", { class: "hand-card__name", text: card.name }),
        el("span", { class: "hand-card__cost", text: costText(card.cost) || t("pay_nothing") }),
        el("span", { class: "hand-card__text", text: card.text || "" }),
      ]);
      var button = el("button", {
        type: "button", class: "hand-card hand-card--" + card.color + (chosen ? " hand-card--chosen" : "") + (free ? " is-free" : ""),
        "aria-expanded": selected === id ? "true" : "false", "aria-controls": "game-choices",
        disabled: !canAct || !options.length,
        onclick: function () { selected = selected === id ? null : id; renderHand(view, me); focusChoices(); },
      }, [drawn, el("span", { class: "hand-card__status" + (builds.length ? "" : " hand-card__note"), text: handStatus(id, builds) })]);
      button.setAttribute("data-card", id);
      list.appendChild(el("li", {}, [button]));
    });
    if (!cards.length && S.legal.length) {  // a choice without cards (pass, side)
      selected = "__none__";
    }
    renderChoices();
    if (!hadFocus) return;
    if (inChoices && selected) { focusChoices(); return; }
    var target = focusCard && document.querySelector('.hand-card[data-card="' + focusCard + '"]:not([disabled])');
    target = target || document.querySelector(".hand-card:not([disabled])") || $("game-hand-title");
    target.focus();
  }

  /* Coins a build or wonder action costs in all: the bank's and the neighbours'. */
  function coinsOf(action) {
    var pay = action.pay || {};
    return bankCoins(action) + (pay.left || 0) + (pay.right || 0);
  }

  /* What a hand card costs this seat now, in a few words (the card shows its printed cost). */
  function handStatus(id, builds) {
    if (!builds.length) return whyNot(id);
    if (builds.some(function (a) { return a.type === "build_discarded"; })) return t("free_from_discard");
    if (builds.some(function (a) { return a.free === "chain"; })) return t("free_by_chain");
    var cheapest = Math.min.apply(null, builds.map(coinsOf));
    return cheapest ? t("build_for", { count: cheapest }) : t("build_own_resources");
  }

  function renderChoices() {
    var box = $("game-choices");
    box.textContent = "";
    box.hidden = !selected;
    if (!selected) return;
    var options = S.legal.filter(function (a) { return selected === "__none__" ? !a.card : a.card === selected; });
    var order = { build: 0, build_discarded: 0, wonder: 1, discard: 2, pass: 3, side: 0 };
    // Cheapest first within each kind of play.
    options.sort(function (a, b) { return order[a.type] - order[b.type] || coinsOf(a) - coinsOf(b); });
    var list = el("ul", { class: "choice-list" });
    options.forEach(function (action) {
      list.appendChild(el("li", {}, [el("button", {
        type: "button", class: "button choice",
        onclick: function () { refocus = action.card || ""; act(action); render(); },
        text: actionLabel(action),
      })]));
    });
    box.appendChild(list);
    if (selected !== "__none__") {
      box.appendChild(el("button", {
        type: "button", class: "button button--ghost button--small", text: t("cancel"),
        onclick: function () {
          var card = selected;
          selected = null;
          render();
          var back = document.querySelector('.hand-card[data-card="' + card + '"]');
          if (back) back.focus();
        },
      }));
    }
  }

  // Escape closes an open choice list as its Back button does (focus back on the card).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !selected || selected === "__none__") return;
    var back = document.querySelector("#game-choices .button--ghost");
    if (back) {
      event.preventDefault();
      back.click();
    }
  });

  function focusChoices() {
    var first = document.querySelector("#game-choices .choice");
    if (first) first.focus();
  }

  /* A built card: its name; hovered or focused, the card drawn large. */
  function chip(id, colour) {
    var drawn = face(id);
    return el("li", { class: "chip-card chip-card--" + colour, tabindex: "0" }, [
      cardName(id),
      el("span", { class: "sr-only", text: ": " + ((CAT.cards[id] || {}).text || "") }),
      drawn ? el("span", { class: "chip-pop", "aria-hidden": "true" }, [drawn]) : null,
    ]);
  }

  /* What a trader reads off a city: its production (and what a neighbour may buy of it), its
     science, and for a neighbour what a unit costs this seat from that side. */
  function economyFacts(player, facts, side) {
    var economy = player.economy;
    if (!economy) return;
    facts.appendChild(el("dt", { text: t("produces") }));
    facts.appendChild(el("dd", {}, [productionIcons(economy.produces)]));
    if (side) {
      facts.appendChild(el("dt", { text: t("sells_to_you") }));
      var prices = (S.view.prices || {})[side] || {};
      var cheap = RESOURCES.filter(function (r) { return prices[r] === 1; });
      var dd = el("dd", {}, [productionIcons(economy.sells)]);
      var price = el("span", { class: "price" });
      if (cheap.length === RESOURCES.length) price.textContent = t("price_every", { count: 1 });
      else if (!cheap.length) price.textContent = t("price_every", { count: 2 });
      else {
        price.appendChild(document.createTextNode(t("price_one_for") + " "));
        cheap.forEach(function (r) { price.appendChild(icon(r, t("res_" + r, { count: 1 }))); });
        price.appendChild(document.createTextNode(" " + t("price_rest")));
      }
      dd.appendChild(price);
      facts.appendChild(dd);
    }
    var science = economy.science;
    var symbols = el("dd", { class: "produce" });
    ["compass", "gear", "tablet"].forEach(function (s) {
      for (var k = 0; k < science[s]; k++) symbols.appendChild(icon(s, t("sym_" + s)));
    });
    if (science.wild) symbols.appendChild(el("span", { text: " +" + science.wild + "?" }));
    if (symbols.childNodes.length) {
      facts.appendChild(el("dt", { text: t("science") }));
      facts.appendChild(symbols);
    }
  }

  function cityBlock(player, title, own, side) {
    var tokens = player.tokens.reduce(function (a, b) { return a + b; }, 0);
    var facts = el("dl", { class: "city-facts" }, [
      el("dt", { text: t("coins") }), el("dd", { text: String(player.coins) }),
      el("dt", { text: t("shields") }), el("dd", { text: String(player.shields) }),
      el("dt", { text: t("military") }), el("dd", { text: player.tokens.length ? player.tokens.join(" ") + " = " + tokens : "0" }),
      el("dt", { text: t(player.free_city ? "free_city_pile" : "hand_size") }),
      el("dd", { text: String(player.free_city ? player.pile_size : player.hand_size) }),
    ]);
    if (player.diplomacy !== undefined) {
      [["diplomacy", player.diplomacy], ["debt", player.debt ? "-" + player.debt : "0"]].forEach(function (pair) {
        facts.appendChild(el("dt", { text: t(pair[0]) }));
        facts.appendChild(el("dd", { class: "token-" + pair[0], text: String(pair[1]) }));
      });
    }
    economyFacts(player, facts, side);
    if (player.partner !== undefined) {
      facts.appendChild(el("dt", { text: t("team_n", { team: player.team + 1 }) }));
      facts.appendChild(el("dd", { text: t("partner_of", { name: seatName(player.partner) }) }));
    }
    var stages = el("ol", { class: "stages" });
    var wonder = CAT.wonders[player.wonder];
    var side = player.side ? wonder.sides[player.side] : [];
    side.forEach(function (stage, i) {
      var built = i < player.stages_built;
      var under = own && built && S.view.stage_cards ? " (" + cardName(S.view.stage_cards[i]) + ")" : "";
      stages.appendChild(el("li", { class: built ? "stage stage--built" : "stage" }, [
        el("strong", { text: t("stage_n", { stage: i + 1 }) + ": " }),
        built ? t("built") + under : costIcons(stage.cost),
        " — " + stage.text,
      ]));
    });
    var groups = el("div", { class: "city-cards" });
    COLOURS.forEach(function (colour) {
      var cards = player.built.filter(function (id) { return (CAT.cards[id] || {}).color === colour; });
      if (!cards.length) return;
      var ul = el("ul", { class: "chips chips--" + colour });
      cards.forEach(function (id) {
        ul.appendChild(chip(id, colour));
      });
      groups.appendChild(ul);
    });
    if (!player.built.length) groups.appendChild(el("p", { class: "muted", text: t("no_cards") }));
    return el("div", { class: "city" }, [
      title ? el("h3", { text: title }) : null,
      el("p", { class: "city-wonder", text: wonderName(player.wonder) + (player.side ? " — " + player.side : "") }),
      facts,
      el(title ? "h4" : "h3", { text: t("stages") + " (" + player.stages_built + "/" + player.stage_count + ")" }),
      stages,
      groups,
    ]);
  }

  function renderMe(view, me) {
    var section = $("game-me");
    section.hidden = !me;
    if (!me) return;
    var box = $("game-me-city");
    box.textContent = "";
    box.appendChild(cityBlock(me, null, true));
  }

  function renderCities(view) {
    var box = $("game-cities");
    var open = {};
    box.querySelectorAll("details[data-seat]").forEach(function (d) { open[d.getAttribute("data-seat")] = d.open; });
    box.textContent = "";
    var me = S.you !== null && S.you !== undefined ? view.players[S.you] : null;
    var shown = {};
    if (me) {
      [[me.left, "left_neighbour", "left"], [me.right, "right_neighbour", "right"]].forEach(function (pair) {
        if (shown[pair[0]]) return;
        shown[pair[0]] = true;
        box.appendChild(cityBlock(view.players[pair[0]], t(pair[1]) + ": " + seatName(pair[0]), false, pair[2]));
      });
    }
    view.players.forEach(function (player, n) {
      if (n === S.you || shown[n]) return;
      var details = el("details", { "data-seat": String(n), open: !me || open[String(n)] });
      details.appendChild(el("summary", { text: seatName(n) + " — " + wonderName(player.wonder) }));
      details.appendChild(cityBlock(player, null));
      box.appendChild(details);
    });
  }

  function freeCityStatus(view) {
    return view.free_city ? t("free_city_controller", { name: seatName(view.free_city.controller) }) : "";
  }

  function renderPlayers(view) {
    var box = $("game-players");
    box.textContent = "";
    var cities = !!view.cities;
    var heads = [t("player_column"), t("coins"), t("shields"), t("military")].concat(cities ? [t("diplomacy"), t("debt")] : [])
      .concat([t("hand_size"), t("status_column")]);
    var head = el("tr", {}, heads.map(function (h, k) {
      // The first and last columns explain themselves: their headers are for screen readers.
      var hidden = k === 0 || k === heads.length - 1;
      return el("th", { scope: "col", class: k === heads.length - 1 ? "players__status-col" : "" }, [hidden ? el("span", { class: "sr-only", text: h }) : h]);
    }));
    var body = el("tbody");
    view.players.forEach(function (player, n) {
      var seat = S.seats[n] || {};
      var status = "";
      if (S.status === "running" && (view.phase === "play" || view.phase === "sides")) status = player.chosen ? t("chosen") : t("thinking");
      if (S.status === "running" && view.phase === "debt") status = view.to_act.indexOf(n) >= 0 ? t("thinking") : "";
      if (view.prompt && view.prompt.seat === n) status = t("thinking");
      var tags = seat.taken_over ? " · " + t("taken_over") : "";
      body.appendChild(el("tr", { class: n === S.you ? "is-you" : "" }, [
        el("th", { scope: "row" }, [seatName(n) + tags, el("span", { class: "players__wonder", text: wonderName(player.wonder) }),
          // On a phone the status goes under the name (its column would not fit).
          el("span", { class: "players__status" + (player.chosen ? " chosen" : ""), text: player.free_city ? freeCityStatus(view) : status })]),
        el("td", { text: String(player.coins) }),
        el("td", { text: String(player.shields) }),
        el("td", { text: String(player.tokens.reduce(function (a, b) { return a + b; }, 0)) }),
        cities ? el("td", { text: String(player.diplomacy) }) : null,
        cities ? el("td", { text: player.debt ? "-" + player.debt : "0" }) : null,
        el("td", { text: String(player.free_city ? player.pile_size : player.hand_size) }),
        el("td", { class: "players__status-col" + (player.chosen ? " chosen" : ""), text: player.free_city ? freeCityStatus(view) : status }),
      ]));
    });
    box.appendChild(el("div", { class: "table-scroll", tabindex: "0", role: "group", "aria-labelledby": "game-players-title" }, [el("table", { class: "players" }, [el("thead", {}, [head]), body])]));
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
      return el("th", { scope: "col", text: seatName(sheet.seat) });
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
