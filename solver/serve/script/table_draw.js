  /* -- drawing the table from a state ------------------------------------------------------------- */
  /* Where each seat sits on the screen: the person at the bottom, the next to play on the right (play
     goes anticlockwise), the partner at the top. */
  function positions(seat) {
    var pos = {}, s = SEATS.indexOf(seat) >= 0 ? seat : "S";
    ["bottom", "right", "top", "left"].forEach(function (p) { pos[s] = p; s = NEXT[s]; });
    return pos;
  }
  function absentSeat(s) { return s && s.lone ? PARTNER[s.lone] : null; }
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
    if (s.deal) parts.push(fmt(_("deal {n}"), {n: s.deal}));
    if (s.round) parts.push(fmt(_("round {n}"), {n: s.round}));
    if (s.decider) parts.push(_("the decider"));
    if (s.seat) parts.push(fmt(_("you sit {seat}"), {seat: SEAT_WORD[s.seat]}));
    $("where").textContent = capital(parts.join(" · "));
  }

  function roleWords(s, seat) {
    var roles = [];
    if (s.dealer === seat) roles.push(seat === me() ? _("you deal") : _("deals"));
    if (s.forehand === seat) roles.push(_("forehand"));
    if (s.cutter === seat) roles.push(seat === me() ? _("you cut") : _("cuts"));
    if (s.lone === seat) roles.push(seat === me() ? _("you play alone") : _("plays alone"));
    if (absentSeat(s) === seat) roles.push(_("sits out"));
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
      var head = el("div", "who", mine ? _("You") : SEAT_WORD[seat]);
      var name = mine ? SEAT_WORD[seat] : (names[seat] || "");
      if (name) { head.appendChild(document.createTextNode(" ")); head.appendChild(el("span", "name", "· " + name)); }
      box.appendChild(head);
      var role = roleWords(s, seat);
      if (role) box.appendChild(el("div", "role", role));
      var label = [mine ? fmt(_("You, {seat}"), {seat: SEAT_WORD[seat]}) : SEAT_WORD[seat] + (names[seat] ? ", " + names[seat] : "")];
      if (role) label.push(role);
      if (!mine) {
        var backs = el("div", "backs");
        backs.setAttribute("aria-hidden", "true");
        for (var i = 0; i < count; i++) backs.appendChild(el("span", "back"));
        box.appendChild(backs);
        var cards = fmt(ngettext("{n} card", "{n} cards", count), {n: count});
        box.appendChild(el("div", "count", cards));
        label.push(cards);
      }
      if (acting === seat && !finished(s)) label.push(mine ? _("your turn") : _("to act"));
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
      slot.setAttribute("aria-label", fmt(_("{who}: {card}"), {who: who(p.seat), card: cardWords(p.card)}));
      if (view.winner === p.seat) slot.classList.add("won");
    });
    box.setAttribute("aria-label", view.done ? bySeat(view.winner, _("the trick you just won"), _("the trick just won by {seat}"))
                                             : _("the trick"));
    drawStock(s, live && !view.cards.length);
    if (view.done && view.winner) $("stock").appendChild(el("span", "note", bySeat(view.winner, _("won by you"), _("won by {seat}"))));
  }

  /* The middle when no trick lies there: the Trees the cut shows, the turned stock card(s); in play, trump. */
  function drawStock(s, open) {
    var box = clear($("stock")), stock = s.stock || {}, cut = s.cut || {};
    if (s.phase === "cut" && cut.offer && cut.offer.length) {
      box.appendChild(el("span", "note", _("the cut shows")));
      cut.offer.forEach(function (c) { box.appendChild(cardNode(c)); });
    } else if (s.phase === "trump" && (stock.offered || asCards(stock.turned).length)) {
      box.appendChild(el("span", "note", _("turned")));
      (stock.offered ? [stock.offered] : asCards(stock.turned)).forEach(function (c) { box.appendChild(cardNode(c)); });
    } else if ((s.phase === "discard" || s.phase === "lone") && asCards(stock.turned).length) {
      var exposed = asCards(stock.exposed), taken = asCards(stock.taken);
      if (!exposed.length && !taken.length) taken = asCards(stock.turned);
      if (taken.length) {
        box.appendChild(el("span", "note", bySeat(s.forehand, _("You took"), _("{seat} took"))));
        box.appendChild(cardsNode(taken, "small"));
      }
      if (exposed.length) {
        box.appendChild(el("span", "note", _("face up, out of play")));
        box.appendChild(cardsNode(exposed, "small"));
      }
    } else if (s.trump && open && !finished(s)) {
      box.appendChild(el("span", "note", fmt(_("trump {suit}"), {suit: trumpWords(s.trump)})));
    }
  }

  function drawHand(s, hidden, live) {
    var box = clear($("hand")), cards = (s.hand || []).slice(), info = live ? discardInfo(s) : null;
    hidden.forEach(function (p) { if (p.seat === s.seat && cards.indexOf(p.card) < 0) cards.push(p.card); });
    var playing = live && s.your_turn && s.phase === "play", discarding = !!(info && s.your_turn);
    box.className = "hand" + (playing || discarding ? " active" : "") + (absentSeat(s) === s.seat ? " out" : "");
    box.setAttribute("aria-label", discarding ? (info.count === 1 ? _("your hand: click the card to discard")
                                                                   : fmt(_("your hand: pick {n} cards to discard"), {n: info.count}))
                                              : _("your hand"));
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
    if (!cards.length) box.appendChild(el("span", "muted", s.phase === "cut" ? _("The cards are dealt after the cut.") : ""));
  }

  function drawStatus(s, shown, hidden, live) {
    var box = clear($("status")), lead = "", main = "";
    if (s.phase === "play" || !live) {
      var tricks = tricksOf(shown), top = tricks[tricks.length - 1], number = tricks.length;
      if (live && s.trick && Array.isArray(s.trick.cards)) {
        if (s.trick.cards.length) lead = bySeat(s.trick.leader || s.trick.cards[0].seat, _("You led this trick."), _("{seat} led this trick."));
        else if (s.trick.leader) lead = bySeat(s.trick.leader, _("You lead to trick {n}."), _("{seat} leads to trick {n}."),
                                               {n: ((s.tricks_won || {})["N-S"] || 0) + ((s.tricks_won || {})["E-W"] || 0) + 1});
      } else if (top && !top.done) lead = bySeat(top.cards[0].seat, _("You led trick {n}."), _("{seat} led trick {n}."), {n: number});
      else if (top && top.done) lead = bySeat(top.winner, _("You win trick {n}."), _("{seat} wins trick {n}."), {n: number});
    }
    if (!live) main = hidden[0] ? bySeat(hidden[0].seat, _("You are to play…"), _("{seat} is to play…")) : "";
    else if (s.over || s.phase === "over") main = overWords(s);
    else if (s.prompt) main = s.prompt;
    else if (s.phase === "done") main = _("The deal is over.");
    else if (s.your_turn) main = s.phase === "play" ? _("Your turn: play a card.") : _("Your decision.");
    else if (s.to_act) main = fmt(_("{seat} is to act."), {seat: who(s.to_act)});
    if (lead) box.appendChild(el("span", "lead", lead));
    box.appendChild(document.createTextNode(main));
  }

  function drawChoices(s, live) {
    var box = clear($("choices"));
    if (!live || !(s.legal || []).length) return;
    var info = discardInfo(s);
    if (info && info.count > 1) {
      var confirm = el("button", "main", fmt(_("Discard the {n} cards picked ({picked} of {n})"), {n: info.count, picked: T.picked.length}));
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
    if (s.dealer) roles.push(bySeat(s.dealer, _("You deal"), _("{seat} deals")));
    if (s.forehand) roles.push(bySeat(s.forehand, _("you are forehand"), _("{seat} is forehand")));
    if (s.cutter) roles.push(bySeat(s.cutter, _("you cut"), _("{seat} cuts")));
    if (s.deal === 1 && s.draw && typeof s.draw.words === "string") fact(dl, _("The draw"), s.draw.words);
    fact(dl, _("Seats"), roles.length ? roles.join("; ") + "." : "");
    fact(dl, _("Trump"), s.trump ? capital(trumpWords(s.trump)) : _("not made yet"));
    if (s.makers) {
      var makers = fmt(_("{side} make trump"), {side: sideWords(s.makers, s)});
      if (s.lone) makers += "; " + bySeat(s.lone, _("you play alone"), _("{seat} plays alone"));
      else if ((s.lone_passed || []).length >= 2) makers += "; " + _("nobody plays alone");
      fact(dl, _("Makers"), capital(makers) + ".");
    }
    var offered = stock.offered ? [stock.offered] : [], taken = asCards(stock.taken), exposed = asCards(stock.exposed);
    if (s.phase === "trump" && offered.length) fact(dl, _("Turned"), withCards("", offered));
    else if (stock.accepted === true || stock.accepted === false) {
      var said = " — " + (stock.compulsory ? _("refused, but all four are of one suit: forehand took them all") :
                          stock.accepted ? _("accepted: forehand took it") : _("refused"));
      fact(dl, _("Turned"), withCards("", stock.accepted || stock.compulsory ? taken.slice(0, 1) :
                                          exposed.length ? exposed.slice(0, 1) : asCards(stock.turned).slice(0, 1), said));
      if (taken.length && !stock.accepted && !stock.compulsory) fact(dl, _("Forehand took"), withCards("", taken, " " + _("(trump)")));
      if (exposed.length && !stock.compulsory) fact(dl, _("Out of play"), withCards("", exposed, " " + _("(face up)")));
    } else if (asCards(stock.turned).length) fact(dl, _("Turned"), withCards("", asCards(stock.turned)));
    var trees = asCards(cut.taken), seen = asCards(cut.seen);
    if (trees.length) fact(dl, _("The cut"), withCards(bySeat(cut.cutter || s.cutter, _("You took"), _("{seat} took")) + " ", trees));
    if (seen.length) fact(dl, trees.length ? _("Also seen") : _("The cut showed"), withCards("", seen, " " + _("(the stock's last card)")));
    var discard = asCards(s.discard);
    if (discard.length) fact(dl, _("Your discard"), withCards("", discard));
    box.appendChild(dl);
  }

  function drawTricks(s, shown, live) {
    var box = clear($("tricks")), won = {"N-S": 0, "E-W": 0};
    if (live && s.tricks_won) won = s.tricks_won;
    else tricksOf(shown).forEach(function (t) { if (t.done) won[TEAM[t.winner]] += 1; });
    var mine = TEAM[me()];
    [mine, mine === "N-S" ? "E-W" : "N-S"].forEach(function (side) {
      var p = el("p", null, fmt(_("{side}: "), {side: capital(sideWords(side, s))}));
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
    var title = el("h2", null, fmt(_("Deal {n} is over"), {n: s.deal || ""}));
    title.id = "summary-title";
    box.appendChild(title);
    if (summary.words) box.appendChild(el("p", "words", summary.words));
    if (Array.isArray(summary.costly)) {
      if (summary.costly.length) {
        box.appendChild(el("h3", null, _("Your costly decisions")));
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
      } else box.appendChild(el("p", null, _("No costly decision of yours in this deal.")));
    }
    if (s.hands) {
      box.appendChild(el("h3", null, _("The hands")));
      var grid = el("div", "hands");
      var extra = {stock: s.stock_cards || s.hands.stock, discards: s.discards};
      SEATS.concat(["stock", "discards"]).forEach(function (seat) {
        var cards = handCards(SEATS.indexOf(seat) >= 0 ? s.hands[seat] : extra[seat]);
        if (!cards.length) return;
        var cell = el("div");
        cell.setAttribute("data-seat", seat);
        cell.appendChild(el("span", "who", seat === "stock" ? _("The stock") : seat === "discards" ? _("Forehand's discard") :
                                            seat === s.seat ? fmt(_("You ({seat})"), {seat: SEAT_WORD[seat]}) :
                                            SEAT_WORD[seat] + ((s.names || {})[seat] ? " · " + s.names[seat] : "")));
        cell.appendChild(cardsNode(cards, "small"));
        grid.appendChild(cell);
      });
      box.appendChild(grid);
    }
    if (s.score && s.score.tree) {
      box.appendChild(el("h3", null, _("The score")));
      box.appendChild(treeNode(s));
    }
    var bar = el("p", "next-bar");
    if ((s.legal || []).indexOf("next") >= 0) {
      var next = el("button", "main", _("Next deal"));
      next.type = "button";
      next.id = "next-deal";
      next.setAttribute("data-action", "next");
      next.setAttribute("aria-keyshortcuts", "N");
      next.appendChild(el("kbd", "kbd-hint", "N"));
      bar.appendChild(next);
    }
    if (T.game && s.deal) {
      var link = el("a", null, _("Analyse this deal"));
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
    if (!side) return _("The match is over.");
    if (side === TEAM[me()]) return _("You win the match, with your partner!");
    return fmt(_("The match is over: {side} win it."), {side: sideWords(side, s)});
  }
  function figure(dl, term, value) {
    if (value === null || value === undefined) return;
    dl.appendChild(el("dt", null, term));
    dl.appendChild(el("dd", null, value));
  }
  function percent(x) { return percentText(x, 1); }
  function drawOver(s) {
    var box = clear($("over")), review = s.review;
    box.hidden = !(s.over || s.phase === "over");
    if (box.hidden) return;
    var title = el("h2", null, _("The match is over"));
    title.id = "over-title";
    box.appendChild(title);
    var words = el("p", null, overWords(s));
    words.id = "winner";
    box.appendChild(words);
    if (review && typeof review === "object") {
      box.appendChild(el("h3", null, _("Your play, reviewed")));
      var said = el("p", "words" + (review.ready === false ? " muted" : ""), review.words || "");
      said.id = "review-words";
      box.appendChild(said);
      var figures = review.player && typeof review.player === "object" ? review.player : review;
      var dl = el("dl", "figures"), n = function (k) { return typeof figures[k] === "number" ? figures[k] : null; };
      figure(dl, _("deals played"), n("deals") === null ? null : numberText(n("deals")));
      figure(dl, _("decisions"), n("decisions") === null ? null : numberText(n("decisions")));
      figure(dl, _("accuracy"), n("accuracy") === null ? null : n("accuracy") <= 1 ? percent(n("accuracy")) : percent(n("accuracy") / 100));
      figure(dl, _("chance to win given up, a decision"), n("error_rate") === null ? null : percent(n("error_rate")));
      figure(dl, _("chance to win given up, a deal"), n("error_rate_per_deal") === null ? null : percent(n("error_rate_per_deal")));
      var luck = figures.luck;
      if (luck && typeof luck.per_deal === "number")
        figure(dl, _("luck of the cards, a deal"), (luck.per_deal >= 0 ? "+" : "−") + percent(Math.abs(luck.per_deal)) +
               (typeof luck.per_deal_ci95 === "number" ? " ± " + percent(luck.per_deal_ci95) : ""));
      if (dl.firstChild) box.appendChild(dl);
    } else if (typeof review === "string" && review) box.appendChild(el("p", "words", review));
    if (s.drills && T.game) {
      var link = el("a", null, _("Practise your costly decisions as drills"));
      link.id = "drills";
      link.href = pageLink({play: T.game, drills: "1"});
      box.appendChild(el("p")).appendChild(link);
    }
    /* The table's address without a match: the server starts a new one, the last being over. */
    var again = el("a", null, _("Play another match"));
    again.id = "new-match";
    again.href = "/play?token=" + encodeURIComponent(TOKEN);
    box.appendChild(el("p")).appendChild(again);
  }

  function drawLastTrick() {
    var s = T.state, box = clear($("last-trick-box")), last = s && s.last_trick;
    $("last-trick").setAttribute("aria-pressed", T.lastOpen ? "true" : "false");
    box.hidden = !T.lastOpen;
    if (!T.lastOpen) return;
    if (!last || !Array.isArray(last.cards) || !last.cards.length) { box.appendChild(el("p", null, _("No trick has been played yet in this deal."))); return; }
    var winner = last.winner;
    var leader = last.leader || last.cards[0].seat, values = {leader: seatWord(leader), winner: seatWord(winner)};
    var said = leader === me() ? (winner === me() ? _("The last trick, led by you, won by you:") : _("The last trick, led by you, won by {winner}:"))
                               : (winner === me() ? _("The last trick, led by {leader}, won by you:") : _("The last trick, led by {leader}, won by {winner}:"));
    box.appendChild(el("p", null, fmt(said, values)));
    var row = el("p");
    last.cards.forEach(function (p, i) {
      if (i) row.appendChild(document.createTextNode("  "));
      row.appendChild(document.createTextNode(who(p.seat) + " "));
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
