/* The base game's cities as tableaus (7 Wonders, its 2-player variant's Free City, Cities with
   teams): the wonder board with its stage slots, the built cards in overlapping columns by
   colour, coins, military tokens, shields, science, Cities' diplomacy and debt. The game page
   (board.js) and the replay (replay.js) draw every city with it. Over 400 lines: one city's
   drawing and the table around it share the icon, token and effect helpers below.

   window.WondersTableau = {
     // One city (the view's player entry for `seat`) drawn as a tableau element.
     // opts: {size: "full" | "compact", me: <my seat or null>, previous: <the previous view or null>}
     city: function (view, seat, opts) -> HTMLElement,
     // Every city of the view into `container`, in table order from `me`'s point of view (spectator:
     // seat 0): left neighbour on the left, right neighbour on the right, the others across, me at
     // the bottom; trade prices on the neighbours' boards; a click/Enter on a city zooms it to full
     // size (and back); at phone width (<= 600px) one city at a time with tabs (me, left, right,
     // the others), each one tap away, never horizontal page scroll.
     // opts: {previous: <previous view or null>, catalogue: <the #game-catalogue data>}
     table: function (view, me, container, opts) -> void,
   }

   Both take, besides, these optional opts: `names` (each seat's name, by seat; else "Seat n"),
   `words` (else #play-ui, or #replay-board's `words`) and `catalogue` (else #game-catalogue or
   #replay-board's). Icons point into the page's sprites (cards/sprites.py). With `previous`, what is new since that view (a card, a stage, a military
   token) carries the class `is-new` (a short highlight; none under prefers-reduced-motion). */
(function () {
  "use strict";

  var COLOURS = ["brown", "grey", "blue", "yellow", "red", "green", "purple", "black"];
  var RESOURCES = ["wood", "stone", "clay", "ore", "glass", "textile", "papyrus"];
  var SCIENCE = ["compass", "gear", "tablet"];
  var SVG = "http://www.w3.org/2000/svg";

  var pageJson = {};
  function fromPage(id) {
    if (!(id in pageJson)) {
      var node = document.getElementById(id);
      pageJson[id] = node ? JSON.parse(node.textContent) : null;
    }
    return pageJson[id];
  }

  /* What a drawing needs: the catalogue, the words, the icons, the seats' names. */
  function context(opts) {
    opts = opts || {};
    var replay = fromPage("replay-board") || {};
    var words = opts.words || fromPage("play-ui") || replay.words || {};
    return {
      cat: opts.catalogue || fromPage("game-catalogue") || replay.catalogue || { cards: {}, wonders: {} },
      names: opts.names || [],
      t: function (key, values) {
        var text = words[key] || key;
        if (typeof text === "object") {
          var count = values ? Number(values.count) : 2;
          text = count === 1 ? text.one : count === 0 ? text.zero : text.other;
        }
        return text.replace(/%\((\w+)\)s/g, function (_, name) {
          return values && values[name] !== undefined ? values[name] : "";
        });
      },
    };
  }

  function el(tag, className, children, attrs) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
    });
    return node;
  }

  /* An icon of the sprite: made once a page, copied after (a copy is cheaper than its attributes).
     It points into the page, whose top holds the sprites (cards/sprites.py): several times
     cheaper to copy and lay out than a reference to the sprite's file. */
  var ICON_HREF = "#icon-";
  var drawnIcons = {};
  function icon(c, name, extra) {
    var key = name + " " + (extra || "");
    if (!drawnIcons[key]) {
      var svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", "ico ico-" + name + (extra ? " " + extra : ""));
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      var use = document.createElementNS(SVG, "use");
      use.setAttribute("href", ICON_HREF + name);
      svg.appendChild(use);
      drawnIcons[key] = svg;
    }
    return drawnIcons[key].cloneNode(true);
  }

  /* An icon with a number on it (coins, points), as the catalogue draws them. */
  function numbered(c, name, n) {
    return el("span", "ico-num ico-num--" + name, [icon(c, name), el("span", "ico-num__n", [n])]);
  }

  function sr(text) { return el("span", "sr-only", [text]); }

  /* An update touches a few nodes of a large table: these find and change them without walking the
     subtree (a querySelector, even with ":scope >", visits every descendant) and rewrite a number's
     text in place (a new text node costs a removal and an insertion). */
  function childOf(node, className) {
    for (var child = node.firstElementChild; child; child = child.nextElementSibling) {
      if (child.classList.contains(className)) return child;
    }
    return null;
  }

  function setText(node, text) {
    var only = node.firstChild;
    if (only && only === node.lastChild && only.nodeType === 3) only.data = text;
    else node.textContent = text;
  }

  /* The highlights of the last draw played: their class goes (a live list, kept by the browser). */
  function clearNew(node) {
    var marked = node.getElementsByClassName("is-new");
    while (marked.length) marked[0].classList.remove("is-new");
  }

  /* Our own drawings, where the sprite has no symbol: Cities' diplomacy dove and debt. */
  function drawn(kind) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "ico tableau-mark tableau-mark--" + kind);
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    var path = document.createElementNS(SVG, "path");
    path.setAttribute("d", {
      diplomacy: "M3 13c3-1 5-4 6-7 1 3 3 4 6 4l6-3-3 5c0 4-4 7-9 7H5l3-3c-3 0-5-1-5-3z",
      debt: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-5 8h10v2H7z",
      mask: "M2 7c4-2 16-2 20 0 0 7-3 11-6 11-2 0-3-3-4-3s-2 3-4 3C5 18 2 14 2 7zm4 3c0 1 1 2 2.5 2S11 11 11 10zm7 0c0 1 1 2 2.5 2S18 11 18 10z",
    }[kind]);
    svg.appendChild(path);
    return svg;
  }

  /* A card's or a stage's effects as icons (the catalogue's drawing, cards_ui.effect_parts);
     the powers only words can tell show a star, their words in the card's title. */
  function effects(c, list) {
    var out = el("span", "fx tableau-fx");
    (list || []).forEach(function (e) {
      var part = el("span", "fx__part fx__part--" + e.type);
      if (e.type === "produce") {
        if (e.tradable === false) part.className += " fx__part--own";
        e.options.forEach(function (r, i) {
          if (i) part.appendChild(el("span", "fx__or", ["/"]));
          for (var k = 0; k < (e.amount || 1); k++) part.appendChild(icon(c, r));
        });
      } else if (e.type === "shields") {
        for (var k = 0; k < e.amount; k++) part.appendChild(icon(c, "shield"));
      } else if (e.type === "points") part.appendChild(numbered(c, "points", e.amount));
      else if (e.type === "coins") part.appendChild(numbered(c, "coin", e.amount));
      else if (e.type === "science") part.appendChild(icon(c, e.symbol));
      else if (e.type === "science_choice") {
        SCIENCE.forEach(function (s, i) {
          if (i) part.appendChild(el("span", "fx__or", ["/"]));
          part.appendChild(icon(c, s));
        });
      } else if (e.type === "trade_discount") {
        if (e.neighbors.indexOf("left") >= 0) part.appendChild(icon(c, "left", "ico--sm"));
        var goods = el("span", "fx__goods");
        e.resources.forEach(function (r) { goods.appendChild(icon(c, r, "ico--sm")); });
        part.appendChild(goods);
        if (e.neighbors.indexOf("right") >= 0) part.appendChild(icon(c, "right", "ico--sm"));
        part.appendChild(numbered(c, "coin", e.price));
      } else if (e.type === "coins_per" || e.type === "points_per") {
        part.appendChild(numbered(c, e.type === "coins_per" ? "coin" : "points", e.amount));
        part.appendChild(el("span", "fx__per", ["/"]));
        e.counts.forEach(function (what) {
          if (COLOURS.indexOf(what) >= 0) part.appendChild(el("span", "chip chip--" + what));
          else if (what === "wonder_stages") part.appendChild(icon(c, "stage"));
          else if (what === "defeat_tokens") part.appendChild(icon(c, "defeat"));
        });
      } else if (e.type === "diplomacy") part.appendChild(drawn("diplomacy"));
      else if (e.type === "mask") part.appendChild(drawn("mask"));
      else if (e.type === "coin_loss") part.appendChild(el("span", "tableau-loss", [numbered(c, "coin", "-" + e.amount)]));
      else part.appendChild(el("span", "tableau-power", ["✶"]));
      out.appendChild(part);
    });
    return out;
  }

  function costIcons(c, cost) {
    var out = el("span", "tableau-cost");
    if (cost && cost.coins) out.appendChild(numbered(c, "coin", cost.coins));
    RESOURCES.forEach(function (r) {
      for (var k = 0; k < ((cost || {})[r] || 0); k++) out.appendChild(icon(c, r));
    });
    return out;
  }

  function costWords(c, cost) {
    var parts = [];
    if (cost && cost.coins) parts.push(c.t("res_coins", { count: cost.coins }));
    RESOURCES.forEach(function (r) { if (cost && cost[r]) parts.push(c.t("res_" + r, { count: cost[r] })); });
    return parts.join(", ") || c.t("pay_nothing");
  }

  function sum(list) { return list.reduce(function (a, b) { return a + b; }, 0); }

  /* What is new in `now` since `before` (lists of ids or numbers, in the order they came). */
  function added(now, before) {
    var left = (before || []).slice();
    return now.map(function (item) {
      var at = left.indexOf(item);
      if (at >= 0) { left.splice(at, 1); return false; }
      return true;
    });
  }

  var reducedMotion = function () {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  };

  function cityName(c, view, seat) {
    var player = view.players[seat];
    if (player.free_city) return c.t("free_city");
    return c.names[seat] || c.t("seat_n", { seat: seat + 1 });
  }

  /* A city's short name for a phone's tab: the Free City, or its wonder's city (the last word of
     the wonder's name in every language of the catalogue: Rodi, Éfeso, Babylon). */
  function wonderCity(c, player) {
    var wonder = c.cat.wonders[player.wonder];
    var words = String((wonder && wonder.name) || player.wonder || "?").split(" ");
    return words[words.length - 1];
  }

  function shortCity(c, view, seat) {
    var player = view.players[seat];
    return player.free_city ? c.t("free_city") : wonderCity(c, player);
  }

  /* A tab's first line: the arrow on its side, never cut, and the city's name (cut if it must be). */
  function arrowed(arrow, name) {
    var head = el("span", "tableau-tab__arrow", [arrow], { "aria-hidden": "true" });
    var city = el("span", "tableau-tab__city", [name]);
    // A no-break space keeps the arrow with the name's nearest word when a long name wraps.
    return el("span", "tableau-tab__where", arrow === "←" ? [head, "\u00a0", city] : [city, "\u00a0", head]);
  }

  /* A seat's name in short, what tells two seats apart ("Seat 3" for two bots of one level); the
     Free City's wonder's city. */
  function shortSeat(c, view, seat) {
    var player = view.players[seat];
    if (player.free_city) return wonderCity(c, player);
    var parts = cityName(c, view, seat).split(" · ");
    return parts[parts.length - 1];
  }

  /* ------------------------------------------------------------ one city */

  /* A built card, drawn once per page (its drawing never changes) and copied after. */
  var drawnCards = {};
  function builtCard(c, id, fresh, focusable) {
    var key = id + (focusable ? "|f" : "|");
    if (!drawnCards[key]) {
      var card = c.cat.cards[id] || { name: id, color: "grey" };
      var chains = (card.chain_to || []).map(function (other) { return (c.cat.cards[other] || {}).name || other; });
      var title = card.name + (card.text ? ": " + card.text : "") + (chains.length ? " → " + chains.join(", ") : "");
      drawnCards[key] = el("li", "tableau-card tableau-card--" + card.color, [
        el("span", "tableau-card__icons", [effects(c, card.effects)], { "aria-hidden": "true" }),
        chains.length ? el("span", "tableau-card__chain", [icon(c, "chain")], { "aria-hidden": "true" }) : null,
        el("span", "tableau-card__name", [card.name]),
        el("span", "sr-only", [(card.text ? ": " + card.text : "")]),
      ], { "data-card": id, title: title });
      if (focusable) drawnCards[key].setAttribute("tabindex", "0");
    }
    var item = drawnCards[key].cloneNode(true);
    if (fresh) item.classList.add("is-new");
    return item;
  }

  function cardColumns(c, player, before, focusable) {
    var fresh = added(player.built, before ? before.built : player.built);
    var columns = el("div", "tableau-cards");
    COLOURS.forEach(function (colour) {
      var list = el("ol", "tableau-column tableau-column--" + colour);
      player.built.forEach(function (id, i) {
        if (((c.cat.cards[id] || {}).color || "grey") === colour) list.appendChild(builtCard(c, id, fresh[i], focusable));
      });
      if (list.childNodes.length) columns.appendChild(list);
    });
    if (!player.built.length) columns.appendChild(el("p", "tableau-empty", [c.t("no_cards")]));
    return columns;
  }

  function tokenRow(c, player, before) {
    var row = el("ul", "tableau-tokens", null, { "aria-label": c.t("military") + ": " + sum(player.tokens) });
    var fresh = added(player.tokens, before ? before.tokens : player.tokens);
    player.tokens.slice().map(function (value, i) { return [value, fresh[i]]; })
      .sort(function (a, b) { return a[0] - b[0]; })
      .forEach(function (pair) {
        var value = pair[0];
        var kind = value < 0 ? "defeat" : "victory";
        row.appendChild(el("li", "tableau-token tableau-token--" + kind + " tableau-token--v" + Math.abs(value) + (pair[1] ? " is-new" : ""),
          [el("span", "tableau-token__n", [value < 0 ? "−" + Math.abs(value) : String(value)])],
          { "data-value": String(value) }));
      });
    return row;
  }

  function stat(c, kind, value, label, node) {
    return el("li", "tableau-stat tableau-stat--" + kind, [node, el("span", "tableau-stat__n", [value]), sr(" " + label)],
      { "data-value": String(value), title: label + ": " + value, "data-stat": kind });
  }

  /* The purse's numbers as purse() draws them: [kind, value, label] (the hand's without data-value). */
  function statValues(c, player) {
    var out = [["coins", player.coins, c.t("coins")], ["shields", player.shields || 0, c.t("shields")]];
    if (player.diplomacy !== undefined) out.push(["diplomacy", player.diplomacy, c.t("diplomacy")], ["debt", player.debt, c.t("debt")]);
    var science = (player.economy || {}).science;
    if (science) {
      SCIENCE.forEach(function (s) { if (science[s]) out.push(["science-" + s, science[s], c.t("sym_" + s)]); });
      if (science.wild) out.push(["science-wild", science.wild, c.t("science") + " ?"]);
    }
    var held = player.free_city ? player.pile_size : player.hand_size;
    if (held !== undefined) out.push(["hand", held, c.t(player.free_city ? "free_city_pile" : "hand_size")]);
    return out;
  }

  /* The purse brought up to `player` in place: each number rewritten where it changed, a stat that
     appears (a first science symbol, a debt) drawn alone at its place, one that goes removed. */
  function updateStats(c, list, player) {
    var values = statValues(c, player);
    var wanted = {};
    values.forEach(function (value) { wanted[value[0]] = true; });
    Array.prototype.slice.call(list.children).forEach(function (item) {
      if (!wanted[item.getAttribute("data-stat")]) item.remove();
    });
    values.forEach(function (value, i) {
      var item = list.children[i];
      if (!item || item.getAttribute("data-stat") !== value[0]) {
        list.insertBefore(statItem(c, player, value), item || null);
        return;
      }
      var number = childOf(item, "tableau-stat__n");
      if (number.textContent === String(value[1])) return;
      setText(number, String(value[1]));
      if (value[0] !== "hand") item.setAttribute("data-value", String(value[1]));
      item.setAttribute("title", value[2] + ": " + value[1]);
    });
  }

  /* One stat of the purse ([kind, value, label] of statValues), drawn. */
  function statItem(c, player, value) {
    var kind = value[0];
    if (kind === "hand") {
      return el("li", "tableau-stat tableau-stat--hand", [el("span", "tableau-hand", [], { "aria-hidden": "true" }),
        el("span", "tableau-stat__n", [value[1]]), sr(" " + value[2])], { title: value[2] + ": " + value[1], "data-stat": kind });
    }
    var mark = kind === "coins" ? icon(c, "coin") : kind === "shields" ? icon(c, "shield")
      : kind === "diplomacy" || kind === "debt" ? drawn(kind)
      : kind === "science-wild" ? el("span", "tableau-wild", ["?"]) : icon(c, kind.slice("science-".length));
    return stat(c, kind, value[1], value[2], mark);
  }

  function purse(c, view, player, before) {
    var list = el("ul", "tableau-purse");
    statValues(c, player).forEach(function (value) { list.appendChild(statItem(c, player, value)); });
    return el("div", "tableau-purse-row", [list, tokenRow(c, player, before)]);
  }

  /* A wonder's head and its stages' slots, built or not, drawn once per page and copied after
     (like builtCard); what differs between two boards (the tucked card, the highlight) is added
     to the copy. */
  var drawnWonders = {};
  function wonderParts(c, player) {
    var key = player.wonder + "|" + player.side;
    if (drawnWonders[key]) return drawnWonders[key];
    var wonder = c.cat.wonders[player.wonder] || { name: player.wonder || "?", sides: {} };
    var stages = player.side ? wonder.sides[player.side] || [] : [];
    var slot = function (stage, i, done) {
      return el("li", "tableau-stage" + (done ? " is-built" : ""), [
        el("span", "tableau-stage__n", [["I", "II", "III", "IV"][i] || String(i + 1)], { "aria-hidden": "true" }),
        el("span", "tableau-stage__cost", [costIcons(c, stage.cost)], { "aria-hidden": "true" }),
        el("span", "tableau-stage__fx", [effects(c, stage.effects)], { "aria-hidden": "true" }),
        sr(c.t("stage_n", { stage: i + 1 }) + " (" + (done ? c.t("built") : c.t("not_built") + ", " + costWords(c, stage.cost)) + "): " + stage.text),
      ], { title: c.t("stage_n", { stage: i + 1 }) + ": " + stage.text, "data-stage": String(i + 1) });
    };
    drawnWonders[key] = {
      head: el("div", "tableau-wonder__head", [
        wonder.resource ? el("span", "tableau-wonder__resource", [icon(c, wonder.resource)], { title: c.t("produces") }) : null,
        el("span", "tableau-wonder__name", [wonder.name]),
        player.side ? el("span", "tableau-wonder__side", [player.side], { title: c.t("side", { side: player.side }) }) : null,
      ]),
      built: stages.map(function (stage, i) { return slot(stage, i, true); }),
      open: stages.map(function (stage, i) { return slot(stage, i, false); }),
    };
    return drawnWonders[key];
  }

  function wonderBoard(c, view, player, seat, opts, before) {
    var parts = wonderParts(c, player);
    var built = player.stages_built !== undefined ? player.stages_built : (player.stages || []).length;
    var wasBuilt = before ? (before.stages_built !== undefined ? before.stages_built : (before.stages || []).length) : built;
    var under = seat === opts.me && view.stage_cards ? view.stage_cards : player.stages || [];
    var slots = el("ol", "tableau-stages");
    parts.open.forEach(function (open, i) {
      var done = i < built;
      var slot = (done ? parts.built[i] : open).cloneNode(true);
      if (done) {
        var tucked = under[i] && c.cat.cards[under[i]] ? c.cat.cards[under[i]].name : "";
        if (i >= wasBuilt) slot.classList.add("is-new");
        slot.appendChild(el("span", "tableau-stage__tucked", tucked ? [tucked] : [], { "aria-hidden": "true", title: tucked }));
      }
      slots.appendChild(slot);
    });
    return el("div", "tableau-wonder", [parts.head.cloneNode(true), slots], { "data-built": String(built) });
  }

  /* The stages built since the board was drawn, marked so in place (wonderBoard's built slot: the
     class, the words, the tucked card); false when the board cannot follow (fewer stages). */
  function buildStages(c, view, board, player, seat, o, previous) {
    var built = player.stages_built !== undefined ? player.stages_built : (player.stages || []).length;
    var was = Number(board.getAttribute("data-built"));
    if (!(built > was)) return false;  // nothing built since: drawn again whole (what else changed)
    var parts = wonderParts(c, player);
    var slots = board.querySelector(".tableau-stages").children;
    var wasBuilt = previous ? (previous.stages_built !== undefined ? previous.stages_built : (previous.stages || []).length) : built;
    var under = seat === o.me && view.stage_cards ? view.stage_cards : player.stages || [];
    for (var i = was; i < built && i < slots.length; i++) {
      var slot = slots[i];
      var model = parts.built[i];
      slot.className = model.className + (i >= wasBuilt ? " is-new" : "");
      slot.querySelector(".sr-only").textContent = model.querySelector(".sr-only").textContent;
      var tucked = under[i] && c.cat.cards[under[i]] ? c.cat.cards[under[i]].name : "";
      slot.appendChild(el("span", "tableau-stage__tucked", tucked ? [tucked] : [], { "aria-hidden": "true", title: tucked }));
    }
    board.setAttribute("data-built", String(built));
    return true;
  }

  /* The prices this seat pays its neighbour on that side, on the neighbour's board. */
  function tradeStrip(c, view, player, side) {
    var prices = (view.prices || {})[side];
    if (!prices) return null;
    var byPrice = {};
    RESOURCES.forEach(function (r) { (byPrice[prices[r]] = byPrice[prices[r]] || []).push(r); });
    var strip = el("div", "tableau-trade", [el("span", "tableau-trade__label", [c.t("sells_to_you")])], { "data-side": side });
    Object.keys(byPrice).sort().forEach(function (price) {
      var group = el("span", "tableau-trade__group");
      byPrice[price].forEach(function (r) { group.appendChild(icon(c, r, "ico--sm")); });
      group.appendChild(el("span", "tableau-trade__eq", ["="]));
      group.appendChild(numbered(c, "coin", price));
      group.appendChild(sr(c.t("price_every", { count: Number(price) })));
      strip.appendChild(group);
    });
    var sells = player.economy && player.economy.sells;
    if (sells) {
      var goods = el("span", "tableau-trade__goods", [sr(c.t("produces") + ":")]);
      RESOURCES.forEach(function (r) { for (var k = 0; k < (sells.fixed[r] || 0); k++) goods.appendChild(icon(c, r)); });
      sells.choices.forEach(function (choice) {
        var either = el("span", "tableau-trade__choice");
        choice.forEach(function (r, i) {
          if (i) either.appendChild(el("span", "fx__or", ["/"]));
          either.appendChild(icon(c, r));
        });
        goods.appendChild(either);
      });
      strip.appendChild(goods);
    }
    return strip;
  }

  function buildCity(c, view, seat, opts) {
    opts = opts || {};
    var player = view.players[seat];
    var previous = opts.previous && !reducedMotion() ? (opts.previous.players || [])[seat] : null;
    var me = opts.me === undefined ? null : opts.me;
    var size = opts.size === "compact" ? "compact" : "full";
    var name = cityName(c, view, seat);
    var classes = "tableau-city tableau-city--" + size + (seat === me ? " is-me" : "") + (player.free_city ? " is-free-city" : "");
    var mine = me !== null && view.players[me];
    if (mine && mine.partner === seat) classes += " is-partner";
    if (player.team !== undefined) classes += " tableau-city--team" + (player.team % 4);
    var tags = [];
    if (player.team !== undefined) tags.push(el("span", "tableau-team", [c.t("team_n", { team: player.team + 1 })]));
    if (mine && mine.partner === seat) tags.push(el("span", "tableau-partner", [c.t("partner_of", { name: cityName(c, view, me) })]));
    var city = el("article", classes, [
      el("header", "tableau-city__head", [el("h3", "tableau-city__name", [name]), el("span", "tableau-city__tags", tags)]),
      purse(c, view, player, previous),
      cardColumns(c, player, previous, size === "full"),
      wonderBoard(c, view, player, seat, { me: me }, previous),
    ], { "data-seat": String(seat), "data-built": String(player.built.length), "aria-label": name });
    if (opts.trade) {
      var strip = tradeStrip(c, view, player, opts.trade);
      if (strip) city.insertBefore(strip, city.children[1]);
    }
    return city;
  }

  /* ------------------------------------------------------------ the table */

  /* The cities in table order from `me`: [me, left, ..., right], following each city's left. */
  function seating(view, me) {
    var order = [me];
    var at = view.players[me].left;
    while (at !== undefined && at !== me && order.length < view.players.length) {
      order.push(at);
      at = view.players[at].left;
    }
    if (order.length < view.players.length) {  // a frame without neighbours: seats in order
      order = [me];
      for (var k = 1; k < view.players.length; k++) order.push((me + k) % view.players.length);
    }
    return order;
  }

  var states = typeof WeakMap === "function" ? new WeakMap() : null;
  function stateOf(container) {
    var s = states && states.get(container);
    if (!s) {
      s = { tab: "me", zoomed: null, drawn: null };
      if (states) states.set(container, s);
    }
    return s;
  }

  /* A city's drawing in parts (buildCity reads nothing else): its frame (name, wonder, side, team,
     partner, size, place) and what a turn changes (the purse, the built cards, the wonder's
     stages, the neighbour's prices). */
  function cityParts(c, view, seat, o, place) {
    var p = view.players[seat];
    var mine = o.me !== null && o.me !== undefined ? view.players[o.me] : null;
    return {
      frame: JSON.stringify([p.wonder, p.side, p.team, !!p.free_city, mine ? mine.partner === seat : null, o.size, o.trade,
        o.me, c.names[seat], o.me !== null ? c.names[o.me] : null, place]),
      purse: JSON.stringify([p.coins, p.shields, p.diplomacy, p.debt, (p.economy || {}).science, p.free_city ? p.pile_size : p.hand_size]),
      tokens: JSON.stringify(p.tokens),
      wonder: JSON.stringify([p.stages_built, p.stages, seat === o.me ? view.stage_cards : null]),
      trade: o.trade ? JSON.stringify([(view.prices || {})[o.trade], p.economy && p.economy.sells]) : null,
      built: p.built.slice(),
    };
  }

  /* A resolved turn changes every city a little: the city drawn before is brought up to `view` in
     place (its new cards appended to their colour columns, its purse, stages and prices drawn
     again when they changed) rather than drawn whole, so that the browser lays out only what
     changed. It must equal buildCity's drawing of `view` (tests/e2e/test_tableau.py compares the
     two after many turns); anything it cannot follow (a card gone, another frame, a highlight
     measured from a view it did not draw) returns false and the city is drawn whole. */
  function sameParts(a, b) {
    return !!a && a.frame === b.frame && a.purse === b.purse && a.tokens === b.tokens && a.wonder === b.wonder &&
      a.trade === b.trade && a.built.join() === b.built.join();
  }

  function patchCity(c, view, seat, o, place, kept, parts) {
    var was = kept.parts;
    var player = view.players[seat];
    var motion = kept.motion;  // the table's, asked once a draw (drawOne patches only a city drawn with it)
    if (!was || parts.frame !== was.frame || player.built.length < was.built.length) return false;
    if (was.built.some(function (id, i) { return player.built[i] !== id; })) return false;
    if (motion && o.previous && o.previous !== kept.view) return false;
    var previous = o.previous && motion ? (o.previous.players || [])[seat] : null;
    var city = kept.node;
    clearNew(city);
    if (parts.purse !== was.purse || parts.tokens !== was.tokens) {
      var row = childOf(city, "tableau-purse-row");
      updateStats(c, row.firstChild, player);
      if (parts.tokens !== was.tokens) row.replaceChild(tokenRow(c, player, previous), row.lastChild);
    }
    if (player.built.length > was.built.length) appendCards(c, city, player, was.built.length, previous, o.size === "full");
    if (parts.wonder !== was.wonder) {
      var board = childOf(city, "tableau-wonder");
      if (!buildStages(c, view, board, player, seat, o, previous)) {
        board.parentNode.replaceChild(wonderBoard(c, view, player, seat, { me: o.me }, previous), board);
      }
    }
    if (parts.trade !== was.trade) {
      var old = childOf(city, "tableau-trade");
      if (old) old.remove();
      var strip = tradeStrip(c, view, player, o.trade);
      if (strip) city.insertBefore(strip, city.children[1]);
    }
    city.setAttribute("data-built", String(player.built.length));
    kept.parts = parts;
    kept.view = view;
    return true;
  }

  /* The cards built since `from`, each at the end of its colour's column (made, in colour order, if new). */
  function appendCards(c, city, player, from, previous, focusable) {
    var fresh = added(player.built, previous ? previous.built : player.built);
    var columns = childOf(city, "tableau-cards");
    var empty = childOf(columns, "tableau-empty");
    if (empty) empty.remove();
    for (var i = from; i < player.built.length; i++) {
      var id = player.built[i];
      var colour = (c.cat.cards[id] || {}).color || "grey";
      var rank = COLOURS.indexOf(colour);
      if (rank < 0) continue;
      var list = childOf(columns, "tableau-column--" + colour);
      if (!list) {
        list = el("ol", "tableau-column tableau-column--" + colour);
        var next = null;
        for (var k = 0; k < columns.children.length && !next; k++) {
          var at = COLOURS.indexOf(columns.children[k].className.replace(/^.*tableau-column--(\w+).*$/, "$1"));
          if (at > rank) next = columns.children[k];
        }
        columns.insertBefore(list, next);
      }
      list.appendChild(builtCard(c, id, fresh[i], focusable));
    }
    if (!columns.children.length) columns.appendChild(el("p", "tableau-empty", [c.t("no_cards")]));
  }

  function redraw(container) {
    var state = stateOf(container);
    state.drawn = null;
    table.apply(null, state.args);
  }

  function table(view, me, container, opts) {
    opts = opts || {};
    var c = context(opts);
    var state = stateOf(container);
    state.args = [view, me, container, opts];
    var seated = me !== null && me !== undefined && view.players[me] && !view.players[me].free_city;
    var centre = seated ? me : 0;
    if (state.drawn && state.drawn.view === view && state.drawn.me === me && state.drawn.previous === opts.previous &&
        state.drawn.tab === state.tab && state.drawn.zoomed === state.zoomed && container.firstChild) return;
    state.drawn = { view: view, me: me, previous: opts.previous, tab: state.tab, zoomed: state.zoomed };
    state.cities = state.cities || {};
    var order = seating(view, centre);
    var places = {};
    order.forEach(function (seat, i) {
      places[seat] = i === 0 ? "me" : i === 1 ? "left" : i === order.length - 1 ? "right" : "across";
    });
    var mine = seated ? me : null;
    var cityOpts = function (seat) {
      var place = places[seat];
      return {
        size: place === "me" ? "full" : place === "across" || view.players.length > 5 && place !== "me" ? "compact" : "full",
        me: mine, previous: opts.previous, catalogue: c.cat, names: c.names,
        trade: seated && (place === "left" || place === "right") ? place : null,
      };
    };
    var motion = !reducedMotion();
    var drawOne = function (seat) {
      var place = places[seat];
      var o = cityOpts(seat);
      var parts = cityParts(c, view, seat, o, place);
      var kept = state.cities[seat];
      if (kept && kept.motion === motion && sameParts(kept.parts, parts)) {
        // Unchanged: kept as it is (its highlights, if any, have played already).
        clearNew(kept.node);
        kept.view = view;
        return kept.node;
      }
      if (kept && kept.motion === motion && patchCity(c, view, seat, o, place, kept, parts)) return kept.node;
      var city = drawCity(c, view, seat, o, place, container, state);
      state.cities[seat] = { node: city, motion: motion, view: view, parts: parts };
      return city;
    };
    var layout = JSON.stringify([order, state.tab, seated, order.map(function (seat) { return cityName(c, view, seat); })]);
    var board = childOf(container, "tableau");
    if (board && state.layout === layout) {
      // The same table: only the cities that changed are drawn again, in their places (each seat's
      // city on the board is the one drawOne kept for it).
      order.forEach(function (seat) {
        var old = state.cities[seat] && board.contains(state.cities[seat].node) ? state.cities[seat].node
          : board.querySelector('.tableau-city[data-seat="' + seat + '"]');
        var city = drawOne(seat);
        if (old && old !== city) old.parentNode.replaceChild(city, old);
      });
    } else {
      state.layout = layout;
      container.textContent = "";
      board = tableBoard(c, view, order, places, seated, centre, container, state, drawOne);
      container.appendChild(board);
    }
    var layer = childOf(container, "tableau-zoomed");
    if (layer) layer.remove();
    if (state.zoomed !== null && view.players[state.zoomed]) container.appendChild(zoomLayer(c, view, me, container, opts, state));
  }

  /* The table's frame: the phone's tabs, the others across, the neighbours, you. */
  function tableBoard(c, view, order, places, seated, centre, container, state, drawOne) {
    var board = el("div", "tableau tableau--n" + order.length, null, { "data-tab": state.tab });
    var tabs = el("div", "tableau-tabs", null, { role: "group", "aria-label": c.t("other_cities") });
    // A phone's tab is narrow: its first line says where the city sits and which it is (the arrow
    // and the wonder's city, unique at a table), its second the seat in short; the full words are
    // its title and label. Long names (two bots of one level) never make two tabs look alike.
    var tabNames = {
      me: [seated ? c.t("your_city") : shortSeat(c, view, centre), wonderCity(c, view.players[centre]), cityName(c, view, centre)],
      left: [arrowed("←", shortCity(c, view, order[1])), shortSeat(c, view, order[1]), c.t("left_neighbour") + ": " + cityName(c, view, order[1])],
      right: [arrowed("→", shortCity(c, view, order[order.length - 1])), shortSeat(c, view, order[order.length - 1]),
        c.t("right_neighbour") + ": " + cityName(c, view, order[order.length - 1])],
      across: [c.t("other_cities"), String(Math.max(0, order.length - 3)), c.t("other_cities")],
    };
    ["me", "left", "right", "across"].forEach(function (tab) {
      if (tab === "across" && order.length <= 3) return;
      if (tab === "right" && order.length < 3) return;
      var words = tabNames[tab];
      // The name a screen reader hears starts with the visible words (axe: label-content-name-mismatch)
      // and goes on with the full ones, hidden from sight.
      var button = el("button", "tableau-tab", [el("span", "tableau-tab__place", [words[0]]), el("span", "tableau-tab__name", [words[1]]),
        el("span", "sr-only", [" — " + words[2]])],
        { type: "button", "aria-pressed": String(state.tab === tab), "data-tab": tab, title: words[2] });
      button.addEventListener("click", function () {
        state.tab = tab;
        redraw(container);
        var again = container.querySelector('.tableau-tab[data-tab="' + tab + '"]');
        if (again) again.focus();
      });
      tabs.appendChild(button);
    });
    board.appendChild(tabs);
    var across = el("div", "tableau-across");
    order.forEach(function (seat) {
      var city = drawOne(seat);
      if (places[seat] === "across") across.appendChild(city);
      else board.appendChild(city);
    });
    if (across.childNodes.length) board.insertBefore(across, board.children[1]);
    return board;
  }

  function drawCity(c, view, seat, o, place, container, state) {
    var city = buildCity(c, view, seat, o);
    city.setAttribute("data-place", place);
    city.classList.add("tableau-city--" + place);
    var words = c.t("zoom_city", { name: cityName(c, view, seat) });
    var zoom = el("button", "tableau-zoom", [el("span", "", ["⤢"], { "aria-hidden": "true" }), sr(words)],
      { type: "button", "aria-expanded": "false", title: words });
    city.querySelector(".tableau-city__head").appendChild(zoom);
    var open = function () { state.zoomed = seat; redraw(container); focusZoom(container); };
    zoom.addEventListener("click", function (event) { event.stopPropagation(); open(); });
    city.addEventListener("click", open);
    return city;
  }

  function focusZoom(container) {
    var close = container.querySelector(".tableau-zoomed__close");
    if (close) close.focus();
  }

  function zoomLayer(c, view, me, container, opts, state) {
    var seat = state.zoomed;
    var name = cityName(c, view, seat);
    var seated = me !== null && me !== undefined && view.players[me] && !view.players[me].free_city;
    var big = buildCity(c, view, seat, { size: "full", me: seated ? me : null, previous: null, catalogue: c.cat, names: c.names });
    big.classList.add("tableau-city--zoomed");
    var close = function () {
      state.zoomed = null;
      redraw(container);
      var back = container.querySelector('.tableau-city[data-seat="' + seat + '"] .tableau-zoom');
      if (back) back.focus();
    };
    var button = el("button", "button button--small tableau-zoomed__close", [c.t("close_city")], { type: "button" });
    button.addEventListener("click", close);
    var layer = el("div", "tableau-zoomed", [el("div", "tableau-zoomed__box", [button, big])],
      { role: "dialog", "aria-modal": "true", "aria-label": name });
    layer.addEventListener("click", function (event) { if (event.target === layer) close(); });
    layer.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); close(); }
    });
    return layer;
  }

  /* A built card hovered or focused: the catalogue's drawing of it (the game page's #card-faces)
     beside it, over the page. One for the page, placed where the card is. */
  var faces = null;
  var pop = null;
  function face(id) {
    if (!faces) {
      faces = {};
      var tpl = document.getElementById("card-faces");
      if (tpl) tpl.content.querySelectorAll("[data-face]").forEach(function (node) { faces[node.getAttribute("data-face")] = node.firstElementChild; });
    }
    return faces[id] ? faces[id].cloneNode(true) : null;
  }
  function showPop(card) {
    var drawing = face(card.getAttribute("data-card"));
    if (!drawing) return;
    if (!pop) {
      pop = el("div", "tableau-pop", null, { "aria-hidden": "true" });
      document.body.appendChild(pop);
    }
    pop.textContent = "";
    pop.appendChild(drawing);
    pop.hidden = false;
    var box = card.getBoundingClientRect();
    var width = pop.offsetWidth, height = pop.offsetHeight;
    var left = Math.max(4, Math.min(window.innerWidth - width - 4, box.left));
    var top = box.top - height - 6 < 4 ? box.bottom + 6 : box.top - height - 6;
    pop.style.left = left + "px";
    pop.style.top = Math.max(4, top) + "px";
  }
  function hidePop() { if (pop) pop.hidden = true; }
  ["mouseover", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var card = event.target.closest && event.target.closest(".tableau-card");
      if (card) showPop(card);
      else hidePop();
    });
  });
  document.addEventListener("focusout", hidePop);
  document.addEventListener("scroll", hidePop, true);

  window.WondersTableau = {
    city: function (view, seat, opts) { return buildCity(context(opts), view, seat, opts || {}); },
    table: table,
    // Cities' diplomacy, debt and mask drawn as our own SVG (the players table heads its columns with them).
    mark: drawn,
    // A node's text rewritten in place (the players table's numbers use it too).
    setText: setText,
  };
})();
