  /* -- the position ----------------------------------------------------------------------- */
  function position(line) {
    var key = keyOf(line);
    if (!S.cache[key]) {
      S.cache[key] = api("POST", "/api/position", boardBody({line: line})).catch(function (e) {
        delete S.cache[key];
        throw e;
      });
    }
    return S.cache[key];
  }
  function showPosition() {
    var line = lineOf(S.path), key = keyOf(line), seq = ++S.seq;
    $("board").setAttribute("data-state", "loading");
    return position(line).then(function (p) {
      if (seq !== S.seq) return;
      showError("");
      drawPosition(p, key);
      var ahead = forwardPath(S.path);  /* the next point along the line, ready for → */
      if (ahead) position(lineOf(ahead)).catch(function () {});
    }, function (e) {
      if (seq !== S.seq) return;
      $("board").setAttribute("data-state", "error");
      showError(messageOf(e));
    });
  }
  function roles(p, seat) {
    var r = [];
    if (p.dealer === seat) r.push(_("dealer"));
    if (p.forehand === seat) r.push(_("forehand"));
    if (p.lone === seat) r.push(_("alone"));
    if (p.absent === seat) r.push(_("sits out"));
    if (p.to_act === seat && p.decision) r.push(_("to act"));
    return r;
  }
  /* The card play (the API says "play", its first draft "card"). */
  function playing(p) { return p.decision === "play" || p.decision === "card"; }
  function cardOptions(p) {
    var out = {};
    (p.options || []).forEach(function (o) { if (CARD.test(o.action)) out[o.action] = o; });
    return out;
  }
  function topValue(options) {
    var top = null;
    options.forEach(function (o) { if (typeof o.value === "number" && (top === null || o.value > top)) top = o.value; });
    return top;
  }
  function valueClass(o, top) {
    if (typeof o.value !== "number" || top === null) return "";
    if (o.best === true || o.value === top) return " best";
    return o.value < top ? " worse" : "";
  }
  function drawHand(p, seat) {
    var panel = $("hand-" + seat), cards = p.hands ? p.hands[seat] : null;
    var acting = p.to_act === seat && !!p.decision;
    panel.className = "hand seat-" + seat + (acting ? " acting" : "") + (p.absent === seat ? " out" : "");
    panel.textContent = "";
    var who = el("div", "who", seat + (p.names && p.names[seat] ? " " + p.names[seat] : ""));
    var r = roles(p, seat);
    if (r.length) { who.appendChild(document.createTextNode(" ")); who.appendChild(el("span", "role", r.join(", "))); }
    panel.appendChild(who);
    if (cards === null || cards === undefined) {
      var hidden = el("div", "hidden-hand", _("hidden"));
      hidden.title = _("this hand is not known");
      panel.appendChild(hidden);
      return;
    }
    var legal = acting && playing(p) ? cardOptions(p) : {};
    var legalList = Object.keys(legal).map(function (k) { return legal[k]; }), top = topValue(legalList);
    var discards = {};
    if (acting && p.decision === "discard") {
      (p.options || []).forEach(function (o) {
        var m = /^discard:(\S+)$/.exec(o.action);
        if (m) discards[m[1]] = o;
      });
    }
    var picking = acting && p.decision === "discard" && !Object.keys(discards).length && (p.options || []).length > 0;
    FACES.suits.forEach(function (suit) {
      var line = el("div", "suitline"), mine = cards.filter(function (c) { return suitOf(c) === suit[0]; }).sort(byPack);
      line.appendChild(el("span", "suit " + suit[2], suit[1]));
      if (!mine.length) line.appendChild(el("span", "muted", "—"));
      mine.forEach(function (c) {
        var o = legal[c], d = discards[c], e;
        if (o) {
          e = face(c, "button");
          e.type = "button";
          e.className += " legal" + valueClass(o, top);
          e.setAttribute("data-action", o.action);
          if (typeof o.value === "number") {
            e.setAttribute("data-value", String(o.value));
            e.appendChild(el("span", "v", String(o.value)));
            var said = {team: TEAM[seat], n: o.value, seat: seat, card: cardText(c)};
            e.title = valueClass(o, top) === " best"
              ? fmt(ngettext("{team} take {n} trick if {seat} plays {card} (double dummy): a best card",
                             "{team} take {n} tricks if {seat} plays {card} (double dummy): a best card", o.value), said)
              : fmt(ngettext("{team} take {n} trick if {seat} plays {card} (double dummy)",
                             "{team} take {n} tricks if {seat} plays {card} (double dummy)", o.value), said);
          } else e.title = fmt(_("{seat} may play {card}"), {seat: seat, card: cardText(c)});
        } else if (d) {
          e = face(c, "button");
          e.type = "button";
          e.className += " discard" + valueClass(d, topValue(p.options || []));
          e.setAttribute("data-action", d.action);
          e.title = fmt(_("discard {cards}"), {cards: cardText(c)});
        } else if (picking) {  /* the compulsory discard: pick the cards, then discard them */
          e = face(c, "button");
          e.type = "button";
          e.className += " pick" + (S.picked.indexOf(c) >= 0 ? " picked" : "");
          e.setAttribute("data-pick", c);
          e.setAttribute("aria-pressed", S.picked.indexOf(c) >= 0 ? "true" : "false");
          e.title = fmt(S.picked.indexOf(c) >= 0 ? _("keep {card}") : _("choose to discard {card}"), {card: cardText(c)});
        } else e = face(c);
        line.appendChild(e);
      });
      panel.appendChild(line);
    });
  }
  /* The seats of a trick in play order from its leader (the seat that sits out skipped). */
  function trickSeats(leader, absent, n) {
    var seats = [], s = leader;
    while (seats.length < n && seats.length < 4) {
      if (s !== absent) seats.push(s);
      s = NEXT[s];
    }
    return seats;
  }
  function drawTrick(p) {
    var box = $("trick"), trick = p.trick, done = false, winner = null;
    if ((!trick || !trick.cards || !trick.cards.length) && p.tricks && p.tricks.length) {
      trick = p.tricks[p.tricks.length - 1];  /* the trick just won, until the next card */
      done = true;
      winner = trick.winner;
    }
    box.className = "trick" + (done ? " done" : "");
    box.querySelectorAll(".slot").forEach(function (slot) { slot.textContent = ""; slot.className = "slot slot-" + slot.getAttribute("data-seat"); });
    if (!trick || !trick.cards) return;
    var seats = trickSeats(trick.leader, p.absent, trick.cards.length);
    trick.cards.forEach(function (c, i) {
      var slot = box.querySelector(".slot-" + seats[i]);
      if (!slot) return;
      slot.appendChild(face(c));
      if (seats[i] === winner) slot.className += " won";
    });
    box.title = done ? fmt(_("the last trick, won by {seat}"), {seat: winner}) : "";
  }
  function suitText(letter) {
    var s = FACES.suits.filter(function (x) { return x[0] === letter; })[0];
    return s ? el("span", "suit " + s[2], s[1]) : el("span", "", letter || "—");
  }
  function cardsNode(cards) {
    var box = el("span");
    (cards || []).forEach(function (c, i) {
      if (i) box.appendChild(document.createTextNode(" "));
      box.appendChild(CARD.test(c || "") ? face(c) : el("span", "muted", c ? String(c) : "?"));
    });
    if (!cards || !cards.length) box.textContent = "—";
    return box;
  }
  /* A phase in words, when no decision says more. */
  var PHASE_WORDS = {cut: _("the cut"), trump: _("trump making"), discard: _("the discard"), lone: _("the lone choice"),
                     play: _("the card play"), done: _("the deal is over")};
  /* The score as the server writes it ("3:-1 rounds 1:0") in words. */
  function scoreWords(score) {
    var m = /^(\S+) rounds (\S+)$/.exec(String(score));
    return m ? fmt(_("{points} rounds {rounds}"), {points: m[1], rounds: m[2]}) : String(score);
  }
  function phaseText(p) {
    var seat = p.to_act;
    switch (playing(p) ? "card" : p.decision) {
      case "card":
        var said = {seat: seat, n: (p.tricks || []).length + 1};
        return p.trick && p.trick.cards && p.trick.cards.length ? fmt(_("{seat} to play (trick {n})"), said)
          : fmt(_("{seat} to lead (trick {n})"), said);
      case "turn": return fmt(_("forehand {seat}: accept or refuse the turned {card}"), {seat: seat, card: cardText(p.turned || "")});
      case "discard": return fmt(_("{seat} discards"), {seat: seat});
      case "alone": return fmt(_("{seat}: play alone or together"), {seat: seat});
      default:
        if (p.phase === "play" || !p.decision) {
          var taken = p.tricks_taken || {};
          var played = (p.tricks || []).length;
          if (played >= 5 || p.phase === "done" || p.phase === "end" || p.phase === "over")
            return fmt(_("the end: the makers {makers} took {n} of 5 tricks"),
                       {makers: p.makers || "", n: p.makers && taken[p.makers] !== undefined ? taken[p.makers] : "?"});
        }
        return PHASE_WORDS[p.phase] || p.phase || "";
    }
  }
  function drawFacts(p) {
    var dl = el("dl"), box = $("facts");
    function fact(name, value) {
      dl.appendChild(el("dt", "", name));
      var dd = el("dd");
      if (value instanceof Node) dd.appendChild(value); else dd.textContent = value === null || value === undefined ? "—" : String(value);
      dl.appendChild(dd);
    }
    fact(_("dealer"), p.forehand ? fmt(_("{dealer}, forehand {forehand}"), {dealer: p.dealer, forehand: p.forehand}) : p.dealer);
    if (p.viewer) fact(_("seen from"), fmt(_("{seat}: only the cards {seat} saw are shown"), {seat: p.viewer}));
    if (p.makers) fact(_("makers"), p.makers);
    if (p.trump) fact(_("trump"), suitText(p.trump));
    if (p.turned) fact(_("turned"), face(p.turned));
    if (p.discards && p.discards.length) fact(_("discard"), cardsNode(p.discards));
    if (p.lone) fact(_("alone"), p.absent ? fmt(_("{seat} plays alone, {absent} sits out"), {seat: p.lone, absent: p.absent})
      : fmt(_("{seat} plays alone"), {seat: p.lone}));
    var t = p.tricks_taken || {};
    fact(_("tricks"), "N-S " + (t["N-S"] || 0) + " · E-W " + (t["E-W"] || 0));
    if (p.score) fact(_("score"), scoreWords(p.score));
    if (p.stock && p.stock.length) fact(_("stock"), cardsNode(p.stock));
    if (typeof p.makers_tricks === "number") fact(_("double dummy"), fmt(_("the makers take {n}"), {n: p.makers_tricks}));
    if (p.pv && p.pv.length) fact(_("best line"), cardsNode(p.pv));
    if (p.unsolved) fact(_("not solved"), p.unsolved);
    if (p.tricks && p.tricks.length) {
      var list = el("span");
      p.tricks.forEach(function (tr, i) {
        var item = el("span", "trick-line");
        item.appendChild(el("span", "num", (i + 1) + ". "));
        item.appendChild(cardsNode(tr.cards));
        if (tr.winner) item.appendChild(el("span", "muted", " " + tr.winner));
        list.appendChild(item);
        list.appendChild(el("br"));
      });
      fact(_("tricks played"), list);
    }
    box.textContent = "";
    box.appendChild(dl);
  }
  function drawChoices(p) {
    var box = $("choices");
    box.textContent = "";
    if (playing(p) && drawUnseen(p)) return;
    if (!p.decision || playing(p)) return;
    var options = p.options || [], top = topValue(options);
    var chosen = nodeAt(S.path).children.map(function (c) { return c.action; });
    if (options.length <= 12) {
      options.forEach(function (o) {
        var b = el("button", "choice" + valueClass(o, top));
        b.type = "button";
        b.setAttribute("data-action", o.action);
        if (chosen.indexOf(o.action) >= 0) b.className += " chosen";
        var label = o.label ? o.label : null;
        if (label) b.textContent = label; else b.appendChild(actionNode(o.action));
        if (typeof o.value === "number") { b.appendChild(document.createTextNode(" ")); b.appendChild(el("span", "v", "(" + o.value + ")")); b.setAttribute("data-value", String(o.value)); }
        box.appendChild(b);
      });
      return;
    }
    /* Many choices (the compulsory four-card discard): the cards picked in the hand, or a list. */
    var wanted = options.length && /^discard:/.test(options[0].action) ? options[0].action.slice(8).trim().split(/\s+/).length : 0;
    if (wanted) {
      var picked = S.picked.slice().sort(byPack), match = null;
      options.forEach(function (o) {
        var cards = o.action.slice(8).trim().split(/\s+/).sort(byPack);
        if (cards.join(" ") === picked.join(" ")) match = o;
      });
      var discard = el("button", "", match ? "" : fmt(_("pick {n} cards in the hand to discard ({picked} picked)"),
                                                        {n: wanted, picked: picked.length}));
      discard.type = "button";
      discard.id = "discard-picked";
      if (match) { discard.setAttribute("data-action", match.action); discard.appendChild(actionNode(match.action)); }
      else discard.disabled = true;
      box.appendChild(discard);
    }
    var select = el("select");
    select.id = "choice-select";
    select.setAttribute("aria-label", _("the choices"));
    options.forEach(function (o) {
      var opt = el("option", "", (o.label || o.action) + (typeof o.value === "number" ? " (" + o.value + ")" : ""));
      opt.value = o.action;
      select.appendChild(opt);
    });
    if (chosen.length && options.some(function (o) { return o.action === chosen[0]; })) select.value = chosen[0];
    var go = el("button", "", _("play this choice"));
    go.type = "button";
    go.addEventListener("click", function () { play(select.value); });
    box.appendChild(select);
    box.appendChild(go);
  }
  function drawPosition(p, key) {
    if (S.shown !== key) S.picked = [];
    S.pos = p;
    S.shown = key;
    SEATS.forEach(function (seat) { drawHand(p, seat); });
    drawTrick(p);
    $("phase").textContent = phaseText(p);
    drawChoices(p);
    drawFacts(p);
    var board = $("board");
    drawOpenCard(p);
    drawQuiz();
    board.setAttribute("data-line", key);
    board.setAttribute("data-state", "ready");
    drawEntry(p);
  }

