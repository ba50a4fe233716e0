/* 7 Wonders Architects drawn as a table, shared by the game page (board.js, a seat's view) and the
   replay (replay.js, a finished match's frames): the centre (the seat's three sources: its left
   deck, the central deck face down with its count, its right deck; the other decks; the progress
   tokens on offer as tiles and the face-down pile; the conflict tokens on their peace or battle
   side; the cat) and one board per seat (its wonder under construction level by level, built and
   unbuilt stages; its cards grouped by kind with their icons; shields, horns, military and
   progress tokens). Only what the rules show face up is drawn: a deck's top card, never the
   central deck's (except the cat holder's peek, which its own view carries).

   ArchitectsTable({t, cat, seatName}) -> {draw(model, offers, choose, boxes)}; its icons point into the
   page's sprites (cards/sprites.py).
   model: the view's shape (engine view.py); offers: {decks: {deck: [actions]}, tokens: {id|"pile": [actions]},
   stages: {stage: [actions]}, keep: {card: [actions]}} (empty in the replay); choose(actions, what)
   is called by a click. Every changed part is marked for a short highlight (board.css; none under
   prefers-reduced-motion). */
(function () {
  "use strict";
  var COLOURS = ["grey", "yellow", "green", "red", "blue"];
  var CENTRAL = "central";

  window.ArchitectsTable = function (options) {
    var t = options.t;
    var CAT = options.cat;
    var seen = null;  // the signature of every drawn part at the last draw: what changed since

    function el(tag, attrs, children) {
      var node = document.createElement(tag);
      Object.keys(attrs || {}).forEach(function (key) {
        var value = attrs[key];
        if (value === undefined || value === null || value === false) return;
        if (key === "text") node.textContent = value;
        else if (key === "class") node.className = value;
        else if (key === "onclick") node.addEventListener("click", value);
        else node.setAttribute(key, value === true ? "" : value);
      });
      (children || []).forEach(function (child) {
        if (child === null || child === undefined) return;
        node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
      });
      return node;
    }
    var SVG = "http://www.w3.org/2000/svg";
    function icon(sheet, name, klass) {
      var svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", "arch-ico" + (klass ? " " + klass : ""));
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      var use = document.createElementNS(SVG, "use");
      use.setAttribute("href", "#icon-" + name);  // both sprites are in the page (cards/sprites.py)
      svg.appendChild(use);
      return svg;
    }
    function numbered(sheet, name, number, klass) {
      return el("span", { class: "arch-num" + (klass ? " " + klass : "") }, [icon(sheet, name), el("b", { text: String(number) })]);
    }

    /* ------------------------------------------------------------ names and icons */
    function cardKind(id) {
      var parts = String(id).split("-");
      return parts.length === 3 ? parts[1] : id;
    }
    function kindOf(id) { return CAT.cards[cardKind(id)] || { name: id, color: "grey" }; }
    function tokenKind(id) { return String(id).split("-")[0]; }
    function tokenOf(id) { return CAT.tokens[tokenKind(id)] || { name: id, text: "", effect: "" }; }
    function wonderOf(id) { return CAT.wonders[id] || { name: id || "?", stages: [] }; }

    // What a card kind shows: its resource, coin, science symbol, shield and horns, points and cat.
    function kindIcons(kindId) {
      var kind = CAT.cards[kindId] || {};
      if (kind.resource) return [icon("base", kind.resource)];
      if (kind.coins) return [icon("base", "coin")];
      if (kind.science) return [icon("arch", kind.science)];
      if (kind.shields !== undefined) {
        var out = [icon("base", "shield")];
        for (var i = 0; i < (kind.horns || 0); i += 1) out.push(icon("arch", "horn"));
        return out;
      }
      if (kind.points) return [numbered("base", "points", kind.points)].concat(kind.cat ? [icon("arch", "cat")] : []);
      return [];
    }
    function cardFace(id, extra) {
      var kind = kindOf(id);
      return el("span", { class: "arch-card arch-card--" + kind.color + (extra ? " " + extra : "") }, [
        el("span", { class: "arch-card__icons" }, kindIcons(cardKind(id))),
        el("span", { class: "arch-card__name", text: kind.name }),
      ]);
    }
    // A progress token's effect as icons: the cards that give one more card, a coin worth two, ...
    function tokenIcons(id) {
      var token = tokenOf(id);
      var kinds = token.on_take || [];
      var out = [];
      if (token.effect === "extra_card") {
        if (token.on_build) out.push(icon("base", "stage"));
        var drawn = {};  // one icon per kind of card that gives one more: a horn for the red cards with horns
        kinds.forEach(function (k) {
          var kind = CAT.cards[k] || {};
          var name = kind.horns ? "horn" : kind.resource || (kind.coins ? "coin" : kind.science) || k;
          if (drawn[name]) return;
          drawn[name] = true;
          out.push(kind.horns ? icon("arch", "horn") : kindIcons(k)[0]);
        });
        out.push(el("span", { class: "arch-plus", text: "+1" }));
      } else if (token.effect === "coin_worth_two") out.push(icon("base", "coin"), el("span", { class: "arch-plus", text: "×2" }));
      else if (token.effect === "any_resources") out.push(icon("base", "stage"), el("span", { class: "arch-plus", text: "?" }));
      else if (token.effect === "shields") out.push(icon("base", "shield"), el("span", { class: "arch-plus", text: "+2" }));
      else if (token.effect === "points_per_cat_icon") out.push(icon("arch", "cat"), numbered("base", "points", 1));
      else if (token.effect === "points_per_military_token") out.push(icon("arch", "laurel"), numbered("base", "points", 1));
      else if (token.effect === "points_per_progress_token") out.push(icon("arch", "progress"), numbered("base", "points", 2));
      else if (token.effect === "wonder_points") out.push(icon("base", "stage"), numbered("base", "points", "4/6"));
      else if (token.effect === "culture") out.push(numbered("base", "points", "4/12"));
      else out.push(icon("arch", "progress"));
      return out;
    }

    /* ------------------------------------------------------------ the centre */
    /* A part of the table: a button when it is one of the seat's choices (named by the label, its
       drawing hidden from screen readers), else a named group. */
    function pressable(tag, klass, actions, choose, what, label, children) {
      if (!(actions && actions.length)) return el(tag, { role: "group", class: klass, "aria-label": label }, children);
      var drawing = el("span", { class: "arch-pressable", "aria-hidden": "true" }, children);
      return el("button", { type: "button", class: klass + " is-offered", "data-act": what,
                            onclick: function (event) { choose(actions, what, event); } },
                [drawing, el("span", { class: "sr-only", text: label })]);
    }

    function deckTile(model, deck, note, offers, choose, small) {
      var central = deck === CENTRAL;
      var info = central ? { size: model.central_size, top: model.central_top || null } : model.decks[deck];
      var title = central ? t("central_title") : t("deck_of", { wonder: wonderOf(info.wonder).name });
      var face;
      if (!info.size) face = el("span", { class: "arch-card arch-card--empty", text: t("empty_deck") });
      else if (central && !info.top) face = el("span", { class: "arch-card arch-card--back" }, [icon("base", "logo", "arch-back-mark"), el("span", { class: "arch-card__name", text: t("face_down") })]);
      else face = cardFace(info.top);
      var count = el("span", { class: "arch-deck__count", text: t("cards_left", { count: info.size }) });
      var label = title + (note ? " (" + note + ")" : "") + ": " + t("cards_left", { count: info.size }) +
        (info.top ? " — " + kindOf(info.top).name : central && info.size ? " — " + t("face_down") : "");
      return pressable("div", "arch-deck" + (central ? " arch-deck--central" : "") + (small ? " arch-deck--small" : ""),
        offers.decks[deck], choose, "deck-" + deck, label, [
          el("span", { class: "arch-deck__title", text: central ? title : wonderOf(info.wonder).name }),
          note ? el("span", { class: "arch-deck__note", text: note }) : null,
          el("span", { class: "arch-deck__pile" + (info.size > 1 ? " has-more" : ""), "data-key": "deck-" + deck, "data-sig": info.size + ":" + (info.top || "") }, [face]),
          count,
        ]);
    }

    function centre(model, you, offers, choose) {
      var box = el("div", { class: "arch-centre" });
      var decks = el("div", { class: "arch-sources" + (you === null || you === undefined ? " arch-sources--central" : "") });
      var mine = you !== null && you !== undefined ? model.players[you] : null;
      var shown = {};
      if (mine) {
        decks.appendChild(deckTile(model, mine.seat, t("your_left"), offers, choose));
        decks.appendChild(deckTile(model, CENTRAL, null, offers, choose));
        decks.appendChild(deckTile(model, mine.right, t("your_right"), offers, choose));
        shown[mine.seat] = shown[mine.right] = true;
      } else {
        decks.appendChild(deckTile(model, CENTRAL, null, offers, choose));
      }
      box.appendChild(decks);
      var others = model.decks.map(function (d, n) { return n; }).filter(function (n) { return !shown[n]; });
      if (others.length) {
        var strip = el("div", { class: "arch-other-decks", role: "group", "aria-label": t("other_decks") });
        others.forEach(function (n) { strip.appendChild(deckTile(model, n, null, offers, choose, true)); });
        box.appendChild(strip);
      }
      box.appendChild(el("div", { class: "arch-row" }, [progressRow(model, offers, choose), conflictAndCat(model)]));
      if (model.looking && model.looking.length) box.appendChild(looking(model, offers, choose));
      return box;
    }

    function progressRow(model, offers, choose) {
      var row = el("ul", { class: "arch-tokens", "aria-label": t("progress_row") });
      model.progress_row.forEach(function (id) {
        var token = tokenOf(id);
        row.appendChild(el("li", {}, [pressable("div", "arch-token-tile", offers.tokens[id], choose, "token-" + id,
          token.name + ": " + token.text, [
            el("span", { class: "arch-token-tile__icons", "data-key": "row-" + id, "data-sig": "1" }, tokenIcons(id)),
            el("strong", { class: "arch-token-tile__name", text: token.name }),
            el("span", { class: "arch-token-tile__text", text: token.text }),
          ])]));
      });
      var pileLabel = t("pile_left", { count: model.progress_pile_size });
      row.appendChild(el("li", {}, [pressable("div", "arch-token-tile arch-token-tile--pile", offers.tokens.pile, choose, "token-pile",
        pileLabel, [icon("arch", "progress", "arch-back-mark"), el("span", { class: "arch-token-tile__text", text: pileLabel })])]));
      return row;
    }

    function conflictAndCat(model) {
      var tokens = el("ol", { class: "arch-conflict", "aria-label": t("conflict") + ": " +
        t("conflict_state", { battle: model.conflict.battle, tokens: model.conflict.tokens }) });
      for (var i = 0; i < model.conflict.tokens; i += 1) {
        var war = i < model.conflict.battle;
        tokens.appendChild(el("li", { class: "arch-conflict__token" + (war ? " is-battle" : ""), "data-key": "conflict-" + i, "data-sig": war ? "b" : "p" },
          [icon("arch", war ? "battle" : "peace")]));
      }
      var catText = model.cat === null || model.cat === undefined ? t("cat_free") : t("cat_with", { name: options.seatName(model.cat) });
      return el("div", { class: "arch-middle" }, [
        el("span", { class: "arch-middle__label", text: t("conflict") }), tokens,
        el("span", { class: "arch-cat", "data-key": "cat", "data-sig": String(model.cat) }, [icon("arch", "cat"), el("span", { text: t("cat_title") + " " + catText })]),
        model.battle_due ? el("span", { class: "arch-battle-due", text: t("battle_due") }) : null,
      ]);
    }

    function looking(model, offers, choose) {
      var list = el("ul", { class: "arch-looking" });
      model.looking.forEach(function (id) {
        list.appendChild(el("li", {}, [pressable("div", "arch-looking__card", offers.keep[id], choose, "keep-" + id,
          t("keep", { card: kindOf(id).name }), [cardFace(id)])]));
      });
      return el("div", { class: "arch-box" }, [el("p", { text: t("prompt_keep") }), list]);
    }

    /* ------------------------------------------------------------ a seat's board */
    function stageTiles(player, offers, choose, mine) {
      var wonder = wonderOf(player.wonder);
      var built = {};
      player.built.forEach(function (n) { built[n] = true; });
      var levels = {};
      wonder.stages.forEach(function (stage) { (levels[stage.level] = levels[stage.level] || []).push(stage); });
      var numbers = Object.keys(levels).map(Number).sort(function (a, b) { return b - a; });
      var box = el("div", { class: "arch-wonder", role: "list", "aria-label": t("wonder_stages") + " — " + wonder.name });
      numbers.forEach(function (level) {
        var row = el("div", { class: "arch-level" });
        levels[level].forEach(function (stage) {
          var isBuilt = !!built[stage.stage];
          var offered = mine ? offers.stages[stage.stage] : null;
          var cost = t(stage.cost.same ? "cost_same" : "cost_different", { count: stage.cost.count });
          var label = t("stage_n", { stage: stage.stage }) + ": " + (isBuilt ? t("built") : cost) + ", " +
            t("points", { count: stage.points }) + (stage.power ? ", " + t("power") + " — " + wonder.power_text : "");
          var tile = pressable("div", "arch-stage" + (isBuilt ? " is-built" : ""), offered, choose, "stage-" + stage.stage, label, [
            el("span", { class: "arch-stage__cost" }, isBuilt ? [icon("base", "stage")] :
              [el("b", { text: String(stage.cost.count) }), el("span", { class: "arch-stage__rule", text: stage.cost.same ? "=" : "≠" })]),
            numbered("base", "points", stage.points, "arch-stage__points"),
            stage.power ? icon("arch", "power", "arch-stage__power") : null,
          ]);
          tile.setAttribute("data-key", "stage-" + player.seat + "-" + stage.stage);
          tile.setAttribute("data-sig", isBuilt ? "1" : "0");
          row.appendChild(el("div", { role: "listitem", class: "arch-level__slot" }, [tile]));
        });
        box.appendChild(row);
      });
      return box;
    }

    function cardGroups(player) {
      var box = el("div", { class: "arch-cards" });
      COLOURS.forEach(function (colour) {
        var counts = {};
        var order = [];
        player.cards.forEach(function (id) {
          var kind = cardKind(id);
          if (kindOf(id).color !== colour) return;
          if (!counts[kind]) order.push(kind);
          counts[kind] = (counts[kind] || 0) + 1;
        });
        if (!order.length) return;
        var column = el("ul", { class: "arch-column arch-column--" + colour, "aria-label": t("colour_" + colour) });
        order.forEach(function (kind) {
          var name = (CAT.cards[kind] || {}).name || kind;
          column.appendChild(el("li", { class: "arch-mini arch-mini--" + colour, title: name, "aria-label": counts[kind] + " × " + name,
                                        "data-key": "cards-" + player.seat + "-" + kind, "data-sig": String(counts[kind]) },
            [el("span", { class: "arch-mini__icons", "aria-hidden": "true" }, kindIcons(kind)),
             counts[kind] > 1 ? el("span", { class: "arch-mini__count", "aria-hidden": "true", text: "×" + counts[kind] }) : null]));
        });
        box.appendChild(column);
      });
      if (!player.cards.length) box.appendChild(el("p", { class: "arch-none", text: t("no_cards") }));
      return box;
    }

    function shieldsOf(player) {
      if (player.shields !== undefined) return player.shields;
      var wonder = wonderOf(player.wonder);
      var total = player.cards.reduce(function (sum, id) { return sum + (kindOf(id).shields || 0); }, 0);
      if (wonder.power === "shield") {
        wonder.stages.forEach(function (s) { if (s.power && player.built.indexOf(s.stage) >= 0) total += 1; });
      }
      player.tokens.forEach(function (id) { total += tokenOf(id).shields || 0; });
      return total;
    }
    function hornsOf(player) {
      return player.cards.reduce(function (sum, id) { return sum + (kindOf(id).horns || 0); }, 0);
    }

    function seatBoard(model, player, you, offers, choose) {
      var wonder = wonderOf(player.wonder);
      var active = model.active === player.seat && !model.over;
      var facts = el("ul", { class: "arch-facts", "aria-label": t("seat_facts") }, [
        el("li", { title: t("shields"), "aria-label": t("shields") + ": " + shieldsOf(player), "data-key": "sh-" + player.seat, "data-sig": String(shieldsOf(player)) },
          [numbered("base", "shield", shieldsOf(player))]),
        el("li", { title: t("horns"), "aria-label": t("horns") + ": " + hornsOf(player) }, [numbered("arch", "horn", hornsOf(player))]),
        el("li", { title: t("military_tokens"), "aria-label": t("military_tokens") + ": " + player.military, "data-key": "mil-" + player.seat, "data-sig": String(player.military) },
          [numbered("arch", "laurel", player.military)]),
        player.total !== undefined ? el("li", { title: t("total"), "aria-label": t("total") + ": " + player.total }, [numbered("base", "points", player.total)]) : null,
        model.cat === player.seat ? el("li", { class: "arch-facts__cat", "aria-label": t("has_cat") }, [icon("arch", "cat")]) : null,
      ]);
      var tokens = el("ul", { class: "arch-owned-tokens", "aria-label": t("progress_tokens") });
      player.tokens.forEach(function (id) {
        tokens.appendChild(el("li", { class: "arch-owned-token", title: tokenOf(id).text, "data-key": "tok-" + player.seat + "-" + id, "data-sig": "1" },
          [el("span", { class: "arch-owned-token__icons", "aria-hidden": "true" }, tokenIcons(id)), el("span", { text: tokenOf(id).name })]));
      });
      return el("article", { class: "arch-seat" + (active ? " is-active" : "") + (player.seat === you ? " is-mine" : ""),
                             id: "arch-seat-" + player.seat, "data-seat": String(player.seat),
                             "aria-label": options.seatName(player.seat) + " — " + wonder.name }, [
        el("header", { class: "arch-seat__head" }, [
          el("h3", { class: "arch-seat__name", text: options.seatName(player.seat) }),
          el("span", { class: "arch-seat__wonder", text: wonder.name + " · " + t("built_stages") + " " + player.built.length + "/" + wonder.stages.length }),
          active ? el("span", { class: "tag arch-seat__turn", text: t("thinking") }) : null,
        ]),
        facts,
        el("div", { class: "arch-seat__body" }, [stageTiles(player, offers, choose, player.seat === you), cardGroups(player)]),
        player.tokens.length ? tokens : null,
      ]);
    }

    /* The seats in table order from the reader's (you first, then clockwise: your left neighbour). */
    function seatOrder(model, you) {
      var order = model.players.map(function (p) { return p.seat; });
      if (you === null || you === undefined) return order;
      return order.slice(you).concat(order.slice(0, you));
    }

    /* ------------------------------------------------------------ what changed */
    function flashChanges(root) {
      var now = {};
      root.querySelectorAll("[data-key]").forEach(function (node) {
        var key = node.getAttribute("data-key");
        now[key] = node.getAttribute("data-sig");
        if (seen && seen[key] !== now[key]) node.classList.add("arch-flash");
      });
      seen = now;
    }

    /* boxes: {centre, seats, tabs (optional: one button per seat, the phone's tabs)}. */
    function draw(model, you, offers, choose, boxes) {
      boxes.centre.textContent = "";
      boxes.centre.appendChild(centre(model, you, offers, choose));
      boxes.seats.textContent = "";
      seatOrder(model, you).forEach(function (seat) {
        boxes.seats.appendChild(seatBoard(model, model.players[seat], you, offers, choose));
      });
      var root = boxes.root || boxes.seats.parentNode;
      flashChanges(root);
    }

    return { draw: draw, seatOrder: seatOrder, cardFace: cardFace, kindOf: kindOf, tokenOf: tokenOf, wonderOf: wonderOf,
             icon: icon, kindIcons: kindIcons, forget: function () { seen = null; } };
  };
})();
