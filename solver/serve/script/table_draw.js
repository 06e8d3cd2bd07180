  /* -- drawing the table from a state ------------------------------------------------------------- */
  /* Where each seat sits on the screen: the person at the bottom, the next to play on the right (play
     goes anticlockwise), the partner at the top. */
  function positions(seat) {
    var pos = {}, s = SEATS.indexOf(seat) >= 0 ? seat : "S";
    ["bottom", "right", "top", "left"].forEach(function (p) { pos[s] = p; s = NEXT[s]; });
    return pos;
  }
  function absentSeat(s) { return s && s.lone ? PARTNER[s.lone] : null; }
  function verb(seat, word) { return seat === me() ? word : word + "s"; }
  function finished(s) { return s.phase === "done" || s.phase === "over"; }
  /* The discard open to the person: how many cards, which may go, the actions. */
  function discardInfo(s) {
    var actions = (s.legal || []).filter(function (a) { return /^discard\s/.test(a); });
    if (!actions.length) return null;
    var cards = {};
    actions.forEach(function (a) { a.split(/\s+/).slice(1).forEach(function (c) { cards[c] = true; }); });
    return {count: actions[0].split(/\s+/).length - 1, cards: cards, actions: actions};
  }
  function sameCards(a, b) { return a.length === b.length && a.every(function (c) { return b.indexOf(c) >= 0; }); }
  function pickedDiscard(s) {
    var info = discardInfo(s);
    if (!info) return null;
    return info.actions.filter(function (a) { return sameCards(a.split(/\s+/).slice(1), T.picked); })[0] || null;
  }
  /* The state's choices as buttons show them: decisions only (cards and discards are clicked in the hand;
     "next" sits in the summary when it shows). Without "choices", the legal actions with words. */
  function choiceList(s) {
    var list = Array.isArray(s.choices) ? s.choices : (s.legal || []).map(function (a) { return {action: a, label: actionWords(a, s)}; });
    return list.filter(function (c) {
      var a = String(c.action);
      return !CARD.test(a) && !/^discard\s/.test(a) && !(a === "next" && summaryShown(s));
    });
  }
  function summaryShown(s) { return finished(s) && !!(s.summary || s.hands); }

  /* Draw ``s``; with ``pending`` > 0, as it was before its last ``pending`` cards (a step of their showing). */
  function drawState(s, pending) {
    pending = pending || 0;
    var played = Array.isArray(s.played) ? s.played : [];
    var shown = played.slice(0, played.length - pending), hidden = played.slice(played.length - pending);
    var live = pending === 0, pos = positions(s.seat);
    document.body.dataset.phase = live ? String(s.phase || "") : "play";
    drawWhere(s);
    drawSeats(s, pos, hidden, live);
    drawTrick(s, pos, shown, live);
    drawHand(s, hidden, live);
    drawStatus(s, shown, hidden, live);
    drawChoices(s, live);
    drawFacts(s);
    drawTricks(s, shown, live);
    if (live) {
      drawScore(s);
      drawSummary(s);
      drawOver(s);
    } else {
      $("summary").hidden = true;
      $("over").hidden = true;
    }
    drawLastTrick();
    if (live && T.hint) markHinted(T.hint.best);
    T.drawn += 1;
    document.body.dataset.drawn = String(T.drawn);
    refreshTools();
  }

  function drawWhere(s) {
    var parts = [];
    if (s.deal) parts.push("deal " + s.deal);
    if (s.round) parts.push("round " + s.round);
    if (s.decider) parts.push("the decider");
    if (s.seat) parts.push("you sit " + SEAT_WORD[s.seat]);
    $("where").textContent = capital(parts.join(" · "));
  }

  function roleWords(s, seat) {
    var roles = [];
    if (s.dealer === seat) roles.push(seat === me() ? "you deal" : "deals");
    if (s.forehand === seat) roles.push("forehand");
    if (s.cutter === seat) roles.push(seat === me() ? "you cut" : "cuts");
    if (s.lone === seat) roles.push(seat === me() ? "you play alone" : "plays alone");
    if (absentSeat(s) === seat) roles.push("sits out");
    return roles.join(", ");
  }

  function drawSeats(s, pos, hidden, live) {
    var acting = live ? s.to_act : (hidden[0] ? hidden[0].seat : null);
    SEATS.forEach(function (seat) {
      var box = clear($("seat-" + seat)), mine = seat === s.seat, names = s.names || {};
      var count = (s.counts && typeof s.counts[seat] === "number" ? s.counts[seat] : 0) +
                  hidden.filter(function (p) { return p.seat === seat; }).length;
      box.className = "seat pos-" + pos[seat] + (mine ? " me" : "") + (acting === seat && !finished(s) ? " acting" : "") +
                      (absentSeat(s) === seat ? " out" : "");
      var head = el("div", "who", mine ? "You" : SEAT_WORD[seat]);
      var name = mine ? SEAT_WORD[seat] : (names[seat] || "");
      if (name) { head.appendChild(document.createTextNode(" ")); head.appendChild(el("span", "name", "· " + name)); }
      box.appendChild(head);
      var role = roleWords(s, seat);
      if (role) box.appendChild(el("div", "role", role));
      var label = [mine ? "You, " + SEAT_WORD[seat] : SEAT_WORD[seat] + (names[seat] ? ", " + names[seat] : "")];
      if (role) label.push(role);
      if (!mine) {
        var backs = el("div", "backs");
        backs.setAttribute("aria-hidden", "true");
        for (var i = 0; i < count; i++) backs.appendChild(el("span", "back"));
        box.appendChild(backs);
        box.appendChild(el("div", "count", count === 1 ? "1 card" : count + " cards"));
        label.push(count === 1 ? "1 card" : count + " cards");
      }
      if (acting === seat && !finished(s)) label.push(mine ? "your turn" : "to act");
      box.setAttribute("aria-label", label.join(", "));
    });
  }

  /* What the middle of the table shows: the trick in play; once it is complete (or between tricks) the
     trick just won, faded, its winner's card ringed. */
  function trickView(s, shown, live) {
    if (live && (s.trick || s.last_trick)) {
      var current = s.trick && Array.isArray(s.trick.cards) ? s.trick.cards : [];
      if (current.length) return {cards: current, done: false, winner: null};
      var last = s.last_trick;
      if (last && Array.isArray(last.cards) && last.cards.length && (s.played || []).length)
        return {cards: last.cards, done: true, winner: last.winner};
      return {cards: [], done: false, winner: null};
    }
    var tricks = tricksOf(shown), top = tricks[tricks.length - 1];  /* a step of the showing, or no trick given */
    return top ? top : {cards: [], done: false, winner: null};
  }

  function drawTrick(s, pos, shown, live) {
    var box = $("trick"), view = trickView(s, shown, live);
    box.classList.toggle("done", view.done);
    Array.prototype.forEach.call(box.querySelectorAll(".slot"), function (slot) {
      clear(slot);
      slot.className = "slot slot-" + slot.getAttribute("data-pos");
      slot.removeAttribute("data-seat");
      slot.removeAttribute("aria-label");
    });
    view.cards.forEach(function (p) {
      var slot = box.querySelector(".slot-" + pos[p.seat]);
      if (!slot) return;
      slot.appendChild(cardNode(p.card));
      slot.setAttribute("data-seat", p.seat);
      slot.setAttribute("aria-label", who(p.seat, true) + ": " + cardWords(p.card));
      if (view.winner === p.seat) slot.classList.add("won");
    });
    box.setAttribute("aria-label", view.done ? "the trick just won by " + who(view.winner) : "the trick");
    drawStock(s, live && !view.cards.length);
    if (view.done && view.winner) $("stock").appendChild(el("span", "note", "won by " + who(view.winner)));
  }

  /* The middle when no trick lies there: the Trees the cut shows, the turned stock card(s); in play, trump. */
  function drawStock(s, open) {
    var box = clear($("stock")), stock = s.stock || {}, cut = s.cut || {};
    if (s.phase === "cut" && cut.offer && cut.offer.length) {
      box.appendChild(el("span", "note", "the cut shows"));
      cut.offer.forEach(function (c) { box.appendChild(cardNode(c)); });
    } else if (s.phase === "trump" && (stock.offered || asCards(stock.turned).length)) {
      box.appendChild(el("span", "note", "turned"));
      (stock.offered ? [stock.offered] : asCards(stock.turned)).forEach(function (c) { box.appendChild(cardNode(c)); });
    } else if ((s.phase === "discard" || s.phase === "lone") && asCards(stock.turned).length) {
      var exposed = asCards(stock.exposed), taken = asCards(stock.taken);
      if (!exposed.length && !taken.length) taken = asCards(stock.turned);
      if (taken.length) {
        box.appendChild(el("span", "note", who(s.forehand, true) + " took"));
        box.appendChild(cardsNode(taken, "small"));
      }
      if (exposed.length) {
        box.appendChild(el("span", "note", "face up, out of play"));
        box.appendChild(cardsNode(exposed, "small"));
      }
    } else if (s.trump && open && !finished(s)) {
      box.appendChild(el("span", "note", "trump " + trumpWords(s.trump)));
    }
  }

  function drawHand(s, hidden, live) {
    var box = clear($("hand")), cards = (s.hand || []).slice(), info = live ? discardInfo(s) : null;
    hidden.forEach(function (p) { if (p.seat === s.seat && cards.indexOf(p.card) < 0) cards.push(p.card); });
    var playing = live && s.your_turn && s.phase === "play", discarding = !!(info && s.your_turn);
    box.className = "hand" + (playing || discarding ? " active" : "") + (absentSeat(s) === s.seat ? " out" : "");
    box.setAttribute("aria-label", discarding ? (info.count === 1 ? "your hand: click the card to discard"
                                                                   : "your hand: pick " + info.count + " cards to discard")
                                              : "your hand");
    cards.forEach(function (code, i) {
      var b = cardNode(code, "button");
      b.type = "button";
      b.setAttribute("data-index", String(i + 1));
      var open = playing ? (s.legal || []).indexOf(code) >= 0 : discarding ? !!info.cards[code] : false;
      b.disabled = !open;
      if (discarding && info.count > 1) {
        var picked = T.picked.indexOf(code) >= 0;
        b.setAttribute("aria-pressed", picked ? "true" : "false");
        if (picked) b.classList.add("picked");
      }
      box.appendChild(b);
    });
    if (!cards.length) box.appendChild(el("span", "muted", s.phase === "cut" ? "The cards are dealt after the cut." : ""));
  }

  function drawStatus(s, shown, hidden, live) {
    var box = clear($("status")), lead = "", main = "";
    if (s.phase === "play" || !live) {
      var tricks = tricksOf(shown), top = tricks[tricks.length - 1], number = tricks.length;
      if (live && s.trick && Array.isArray(s.trick.cards)) {
        if (s.trick.cards.length) lead = who(s.trick.leader || s.trick.cards[0].seat, true) + " led this trick.";
        else if (s.trick.leader) lead = who(s.trick.leader, true) + " " + verb(s.trick.leader, "lead") + " to trick " +
                                        (((s.tricks_won || {})["N-S"] || 0) + ((s.tricks_won || {})["E-W"] || 0) + 1) + ".";
      } else if (top && !top.done) lead = who(top.cards[0].seat, true) + " led trick " + number + ".";
      else if (top && top.done) lead = who(top.winner, true) + " " + verb(top.winner, "win") + " trick " + number + ".";
    }
    if (!live) main = hidden[0] ? who(hidden[0].seat, true) + (hidden[0].seat === me() ? " are" : " is") + " to play…" : "";
    else if (s.over || s.phase === "over") main = overWords(s);
    else if (s.prompt) main = s.prompt;
    else if (s.phase === "done") main = "The deal is over.";
    else if (s.your_turn) main = s.phase === "play" ? "Your turn: play a card." : "Your decision.";
    else if (s.to_act) main = who(s.to_act, true) + " is to act.";
    if (lead) box.appendChild(el("span", "lead", lead));
    box.appendChild(document.createTextNode(main));
  }

  function drawChoices(s, live) {
    var box = clear($("choices"));
    if (!live || !(s.legal || []).length) return;
    var info = discardInfo(s);
    if (info && info.count > 1) {
      var confirm = el("button", "main", "Discard the " + info.count + " cards picked (" + T.picked.length + " of " + info.count + ")");
      confirm.type = "button";
      confirm.id = "discard-confirm";
      confirm.disabled = !pickedDiscard(s);
      confirm.appendChild(el("kbd", "kbd-hint", "D"));
      confirm.setAttribute("aria-keyshortcuts", "D");
      box.appendChild(confirm);
    }
    choiceList(s).forEach(function (c, i) {
      var b = el("button", null, c.label || actionWords(c.action, s));
      b.type = "button";
      b.setAttribute("data-action", c.action);
      var key = LETTER[c.action] || (i < 9 ? String(i + 1) : "");
      if (key) {
        b.appendChild(el("kbd", "kbd-hint", key));
        b.setAttribute("aria-keyshortcuts", key);
      }
      box.appendChild(b);
    });
  }

  function fact(dl, term, value) {
    if (value === null || value === undefined || value === "") return;
    dl.appendChild(el("dt", null, term));
    var dd = el("dd");
    if (typeof value === "string") dd.textContent = value; else dd.appendChild(value);
    dl.appendChild(dd);
  }
  function withCards(text, codes, after) {
    var span = el("span", null, text);
    if (codes && codes.length) span.appendChild(cardsNode(codes, "small"));
    if (after) span.appendChild(document.createTextNode(after));
    return span;
  }
  function asCards(value) {
    if (!value) return [];
    if (Array.isArray(value)) return value.filter(function (c) { return typeof c === "string" && c; });
    return String(value).split(/\s+/).filter(function (c) { return CARD.test(c); });
  }

  function drawFacts(s) {
    var box = clear($("facts")), dl = el("dl"), stock = s.stock || {}, cut = s.cut || {};
    var roles = [];
    if (s.dealer) roles.push(who(s.dealer, true) + " " + verb(s.dealer, "deal"));
    if (s.forehand) roles.push(who(s.forehand) + (s.forehand === me() ? " are" : " is") + " forehand");
    if (s.cutter) roles.push(who(s.cutter) + " " + verb(s.cutter, "cut"));
    if (s.deal === 1 && s.draw && typeof s.draw.words === "string") fact(dl, "The draw", s.draw.words);
    fact(dl, "Seats", roles.length ? roles.join("; ") + "." : "");
    fact(dl, "Trump", s.trump ? capital(trumpWords(s.trump)) : "not made yet");
    if (s.makers) {
      var makers = sideWords(s.makers, s) + " make trump";
      if (s.lone) makers += "; " + who(s.lone) + " " + verb(s.lone, "play") + " alone";
      else if ((s.lone_passed || []).length >= 2) makers += "; nobody plays alone";
      fact(dl, "Makers", capital(makers) + ".");
    }
    var offered = stock.offered ? [stock.offered] : [], taken = asCards(stock.taken), exposed = asCards(stock.exposed);
    if (s.phase === "trump" && offered.length) fact(dl, "Turned", withCards("", offered));
    else if (stock.accepted === true || stock.accepted === false) {
      var said = stock.compulsory ? " — refused, but all four are of one suit: forehand took them all" :
                 stock.accepted ? " — accepted: forehand took it" : " — refused";
      fact(dl, "Turned", withCards("", stock.accepted || stock.compulsory ? taken.slice(0, 1) :
                                       exposed.length ? exposed.slice(0, 1) : asCards(stock.turned).slice(0, 1), said));
      if (taken.length && !stock.accepted && !stock.compulsory) fact(dl, "Forehand took", withCards("", taken, " (trump)"));
      if (exposed.length && !stock.compulsory) fact(dl, "Out of play", withCards("", exposed, " (face up)"));
    } else if (asCards(stock.turned).length) fact(dl, "Turned", withCards("", asCards(stock.turned)));
    var trees = asCards(cut.taken), seen = asCards(cut.seen);
    if (trees.length) fact(dl, "The cut", withCards(who(cut.cutter || s.cutter, true) + " took ", trees));
    if (seen.length) fact(dl, trees.length ? "Also seen" : "The cut showed", withCards("", seen, " (the stock's last card)"));
    var discard = asCards(s.discard);
    if (discard.length) fact(dl, "Your discard", withCards("", discard));
    box.appendChild(dl);
  }

  function drawTricks(s, shown, live) {
    var box = clear($("tricks")), won = {"N-S": 0, "E-W": 0};
    if (live && s.tricks_won) won = s.tricks_won;
    else tricksOf(shown).forEach(function (t) { if (t.done) won[TEAM[t.winner]] += 1; });
    var mine = TEAM[me()];
    [mine, mine === "N-S" ? "E-W" : "N-S"].forEach(function (side) {
      var p = el("p", null, capital(sideWords(side, s)) + ": ");
      p.setAttribute("data-side", side);
      p.appendChild(el("b", null, String(won[side] || 0)));
      box.appendChild(p);
    });
  }

  /* The tree: SVG made by our own server (trusted markup, never user text). */
  function treeNode(s) {
    var box = el("div", "tree-box");
    if (s.score && typeof s.score.tree === "string") box.innerHTML = s.score.tree;
    return box;
  }
  function drawScore(s) {
    var box = clear($("score")), score = s.score || {};
    if (score.tree) box.appendChild(treeNode(s));
    var text = el("div");
    text.appendChild(el("div", "score-text", score.text || ""));
    if (score.words) text.appendChild(el("div", "score-words", score.words));
    box.appendChild(text);
  }

  function handCards(value) { return asCards(value); }
  function drawSummary(s) {
    var box = clear($("summary")), summary = s.summary || {};
    box.hidden = !summaryShown(s);
    if (box.hidden) return;
    var title = el("h2", null, "Deal " + (s.deal || "") + " is over");
    title.id = "summary-title";
    box.appendChild(title);
    if (summary.words) box.appendChild(el("p", "words", summary.words));
    if (Array.isArray(summary.costly)) {
      if (summary.costly.length) {
        box.appendChild(el("h3", null, "Your costly decisions"));
        var ul = el("ul", "costly");
        summary.costly.forEach(function (c) {
          var li = el("li", null, c.words || actionWords(c.action, s));
          if (c.mark) {
            var m = el("span", "mark " + (MARK_CLASS[c.mark] || ""), c.mark);
            m.setAttribute("title", MARK_NAME[c.mark] || c.mark);
            li.appendChild(document.createTextNode(" "));
            li.appendChild(m);
          }
          ul.appendChild(li);
        });
        box.appendChild(ul);
      } else box.appendChild(el("p", null, "No costly decision of yours in this deal."));
    }
    if (s.hands) {
      box.appendChild(el("h3", null, "The hands"));
      var grid = el("div", "hands");
      var extra = {stock: s.stock_cards || s.hands.stock, discards: s.discards};
      SEATS.concat(["stock", "discards"]).forEach(function (seat) {
        var cards = handCards(SEATS.indexOf(seat) >= 0 ? s.hands[seat] : extra[seat]);
        if (!cards.length) return;
        var cell = el("div");
        cell.setAttribute("data-seat", seat);
        cell.appendChild(el("span", "who", seat === "stock" ? "The stock" : seat === "discards" ? "Forehand's discard" : seat === s.seat ? "You (" + SEAT_WORD[seat] + ")" :
                                            SEAT_WORD[seat] + ((s.names || {})[seat] ? " · " + s.names[seat] : "")));
        cell.appendChild(cardsNode(cards, "small"));
        grid.appendChild(cell);
      });
      box.appendChild(grid);
    }
    if (s.score && s.score.tree) {
      box.appendChild(el("h3", null, "The score"));
      box.appendChild(treeNode(s));
    }
    var bar = el("p", "next-bar");
    if ((s.legal || []).indexOf("next") >= 0) {
      var next = el("button", "main", "Next deal");
      next.type = "button";
      next.id = "next-deal";
      next.setAttribute("data-action", "next");
      next.setAttribute("aria-keyshortcuts", "N");
      next.appendChild(el("kbd", "kbd-hint", "N"));
      bar.appendChild(next);
    }
    if (T.game && s.deal) {
      var link = el("a", null, "Analyse this deal");
      link.id = "analyse";
      link.href = pageLink({play: T.game, deal: String(s.deal)});
      bar.appendChild(link);
    }
    box.appendChild(bar);
  }

  function winnerSide(s) {
    var w = s.winner;
    if (!w) return null;
    return TEAM[w] || w;
  }
  function overWords(s) {
    var side = winnerSide(s);
    if (!side) return "The match is over.";
    if (side === TEAM[me()]) return "You win the match, with your partner!";
    return "The match is over: " + sideWords(side, s) + " win it.";
  }
  function figure(dl, term, value) {
    if (value === null || value === undefined) return;
    dl.appendChild(el("dt", null, term));
    dl.appendChild(el("dd", null, value));
  }
  function percent(x) { return (100 * x).toFixed(1) + "%"; }
  function drawOver(s) {
    var box = clear($("over")), review = s.review;
    box.hidden = !(s.over || s.phase === "over");
    if (box.hidden) return;
    var title = el("h2", null, "The match is over");
    title.id = "over-title";
    box.appendChild(title);
    var words = el("p", null, overWords(s));
    words.id = "winner";
    box.appendChild(words);
    if (review && typeof review === "object") {
      box.appendChild(el("h3", null, "Your play, reviewed"));
      var said = el("p", "words" + (review.ready === false ? " muted" : ""), review.words || "");
      said.id = "review-words";
      box.appendChild(said);
      var figures = review.player && typeof review.player === "object" ? review.player : review;
      var dl = el("dl", "figures"), n = function (k) { return typeof figures[k] === "number" ? figures[k] : null; };
      figure(dl, "deals", n("deals") === null ? null : String(n("deals")));
      figure(dl, "decisions", n("decisions") === null ? null : String(n("decisions")));
      figure(dl, "accuracy", n("accuracy") === null ? null : n("accuracy") <= 1 ? percent(n("accuracy")) : n("accuracy").toFixed(1) + "%");
      figure(dl, "chance to win given up, a decision", n("error_rate") === null ? null : percent(n("error_rate")));
      figure(dl, "chance to win given up, a deal", n("error_rate_per_deal") === null ? null : percent(n("error_rate_per_deal")));
      var luck = figures.luck;
      if (luck && typeof luck.per_deal === "number")
        figure(dl, "luck of the cards, a deal", (luck.per_deal >= 0 ? "+" : "−") + percent(Math.abs(luck.per_deal)) +
               (typeof luck.per_deal_ci95 === "number" ? " ± " + percent(luck.per_deal_ci95) : ""));
      if (dl.firstChild) box.appendChild(dl);
    } else if (typeof review === "string" && review) box.appendChild(el("p", "words", review));
    if (s.drills && T.game) {
      var link = el("a", null, "Practise your costly decisions as drills");
      link.id = "drills";
      link.href = pageLink({play: T.game, drills: "1"});
      box.appendChild(el("p")).appendChild(link);
    }
    /* The table's address without a match: the server starts a new one, the last being over. */
    var again = el("a", null, "Play another match");
    again.id = "new-match";
    again.href = "/play?token=" + encodeURIComponent(TOKEN);
    box.appendChild(el("p")).appendChild(again);
  }

  function drawLastTrick() {
    var s = T.state, box = clear($("last-trick-box")), last = s && s.last_trick;
    $("last-trick").setAttribute("aria-pressed", T.lastOpen ? "true" : "false");
    box.hidden = !T.lastOpen;
    if (!T.lastOpen) return;
    if (!last || !Array.isArray(last.cards) || !last.cards.length) { box.appendChild(el("p", null, "No trick has been played yet in this deal.")); return; }
    var winner = last.winner;
    box.appendChild(el("p", null, "The last trick, led by " + who(last.leader || last.cards[0].seat) + ", won by " + who(winner) + ":"));
    var row = el("p");
    last.cards.forEach(function (p, i) {
      if (i) row.appendChild(document.createTextNode("  "));
      row.appendChild(document.createTextNode(who(p.seat, true) + " "));
      var c = cardNode(p.card);
      c.classList.add("small");
      row.appendChild(c);
    });
    box.appendChild(row);
  }

  function refreshTools() {
    var s = T.state, ready = !T.busy && !!s;
    $("undo").disabled = !(ready && s.can_undo && !s.over);
    $("hint").disabled = !(ready && s.your_turn && !T.hinting && (s.legal || []).filter(function (a) { return a !== "next"; }).length > 1);
    $("last-trick").disabled = !(s && s.last_trick && Array.isArray(s.last_trick.cards) && s.last_trick.cards.length);
  }
