  /* -- a deal entered from one seat: its hand, the cards it saw, then the play as it happened ---- */
  var SEAT = {place: {}, order: []};  /* card → "hand", "turned" or "cut"; the order cards were placed in */
  var SEAT_ROOM = {hand: 5, turned: 4, cut: 1}, SEAT_NAMES = {hand: _("my hand"), turned: _("turned up"), cut: _("seen at the cut")};
  function seatPlaced(where) {
    return SEAT.order.filter(function (c) { return SEAT.place[c] === where; });
  }
  function seatTarget() { return chosenRadio("seat-to", "hand"); }
  function setSeatTarget(where) { chooseRadio("seat-to", where); }
  function seatPut(card) {
    if (SEAT.place[card]) {
      delete SEAT.place[card];
      SEAT.order = SEAT.order.filter(function (c) { return c !== card; });
    } else {
      var where = seatTarget();
      if (seatPlaced(where).length >= SEAT_ROOM[where]) return;
      SEAT.place[card] = where;
      SEAT.order.push(card);
      if (where === "hand" && seatPlaced("hand").length === SEAT_ROOM.hand) setSeatTarget("turned");
    }
    drawSeatSetup();
  }
  function drawSeatSetup() {
    var pool = $("seat-pool");
    pool.textContent = "";
    FACES.cards.forEach(function (c) {
      var b = face(c[0], "button");
      b.type = "button";
      b.className += " pcard" + (SEAT.place[c[0]] ? " placed" : "");
      b.title = SEAT.place[c[0]] ? fmt(_("{place}: click to take it back"), {place: SEAT_NAMES[SEAT.place[c[0]]]})
        : fmt(_("I saw {card}"), {card: cardText(c[0])});
      pool.appendChild(b);
    });
    var places = $("seat-places");
    places.textContent = "";
    ["hand", "turned", "cut"].forEach(function (p) {
      var row = el("div", "place"), cards = p === "hand" ? seatPlaced(p).sort(byPack) : seatPlaced(p);
      row.setAttribute("data-place", p);
      row.appendChild(el("b", "", SEAT_NAMES[p] + " " + cards.length + (p === "hand" ? "/5" : "")));
      cards.forEach(function (c) {
        var b = face(c, "button");
        b.type = "button";
        b.className += " pcard";
        b.title = fmt(_("take {card} back"), {card: cardText(c)});
        row.appendChild(b);
      });
      places.appendChild(row);
    });
    var me = $("seat-me").value, dealer = $("seat-dealer").value, forehand = NEXT[dealer];
    var mine = me === dealer ? _("the dealer") : me === forehand ? _("forehand (you turn up the trump card)") :
      me === PARTNER[forehand] ? _("forehand's partner") : _("the cutter");
    $("seat-roles").textContent = fmt(_("You ({seat}) were {role}; forehand {forehand}, makers {makers}, cutter {cutter}."),
      {seat: me, role: mine, forehand: forehand, makers: TEAM[forehand], cutter: PARTNER[forehand]});
  }
  /* The deal as the seat knew it at the cut: its hand, the stock cards it saw (top first, "-" unseen), the
     Trees the cutter took. Everything after the cut is entered on the board as the recorded line. */
  function seatAbn() {
    var me = $("seat-me").value, dealer = $("seat-dealer").value, turned = seatPlaced("turned");
    var stock = [0, 1, 2, 3].map(function (i) { return turned[i] || "-"; }), cut = seatPlaced("cut");
    if (cut.length) {
      if (turned.length === 4 && turned[3] !== cut[0]) throw new Error(fmt(_("the card seen at the cut is stock card 4, the fourth card turned up: {turned}, not {cut}"),
                                                                             {turned: cardText(turned[3]), cut: cardText(cut[0])}));
      stock[3] = cut[0];
    }
    var hands = [], s = me;
    for (var i = 0; i < 4; i++) { hands.push(s === me ? handText(seatPlaced("hand")) : "-"); s = NEXT[s]; }
    var trees = $("seat-trees").value;
    return '[Event "entered from ' + me + '\'s seat"]\n[Board "1"]\n[Dealer "' + dealer + '"]\n[Deal "' + me + ":" +
      hands.join(" ") + '"]\n[Stock "' + stock.join(" ") + '"]\n' + (trees ? '[Cut "' + trees + '"]\n' : "");
  }
  function seatOpen() {
    showError("");
    var me = $("seat-me").value, text;
    if (seatPlaced("hand").length !== 5) { showError(fmt(_("your hand: click the five cards you were dealt ({n} so far)"), {n: seatPlaced("hand").length})); return; }
    if (!seatPlaced("turned").length) { showError(_("the turned card: choose \u201cturned up\u201d and click the card forehand turned")); return; }
    try { text = seatAbn(); } catch (e) { showError(messageOf(e)); return; }
    $("abn-text").value = text;
    S.entering = {seat: me};
    openText(text, fmt(_("entered from {seat}"), {seat: me})).then(function () { if (!S.root) S.entering = null; });
  }

  /* -- entering the play: each action at the end of the recorded line extends it ------------------- */
  function atLineEnd(path) {
    for (var i = 0; i < path.length; i++) if (path[i] !== 0) return false;
    return !nodeAt(path).children.length;
  }
  /* The record now holds the entered line: the server writes the board with it as ABN. */
  function entrySync() {
    var body = boardBody({tree: {children: S.root.children.map(strip)}}), seq = S.seq;
    return api("POST", "/api/export", body).then(function (answer) {
      if (answer && typeof answer.abn === "string") { S.abn = answer.abn; $("abn-text").value = answer.abn; }
      return seq;
    });
  }
  function entryPlay(action) {
    var node = nodeAt(S.path);
    node.children.push(makeNode(action, true));
    go(S.path.concat([node.children.length - 1]));
    entrySync().catch(function (e) { showError(messageOf(e)); });
  }
  function entryDone() {
    if (!S.entering) return;
    S.entering = null;
    $("entry").hidden = true;
    entrySync().then(function () { return openText(S.abn, S.name); }).catch(function (e) { showError(messageOf(e)); });
  }
  function drawEntry(p) {
    var box = $("entry");
    box.hidden = !S.entering;
    if (!S.entering) return;
    var me = S.entering.seat, n = S.path.length, who = p.to_act, text;
    if (p.phase === "done") text = fmt(_("The play is entered ({n} actions)."), {n: n});
    else if (!atLineEnd(S.path)) text = _("Go to the end of the line to go on entering.");
    else if (who === me) text = fmt(_("What did you ({seat}) do? Click it."), {seat: me});
    else if ((p.options || []).some(function (o) { return o.unseen; })) text = fmt(_("Which card did {seat} play? Click it below."), {seat: who});
    else text = fmt(_("What did {seat} do? Click it below."), {seat: who});
    $("entry-text").textContent = fmt(ngettext("Entering the play as it happened: {n} action so far.",
      "Entering the play as it happened: {n} actions so far.", n), {n: n}) + " " + text;
    if (p.phase === "done" && atLineEnd(S.path)) { entryDone(); return; }
    /* a forced step (the only card, forehand's unseen discard) is entered for the person */
    var options = p.options || [];
    if (atLineEnd(S.path) && options.length === 1 && S.shown === keyOf(lineOf(S.path))) entryPlay(options[0].action);
  }
  function drawUnseen(p) {
    var box = $("choices"), options = (p.options || []).filter(function (o) { return o.unseen; });
    if (!options.length) return false;
    var row = el("div", "unseen-pick");
    row.appendChild(el("span", "", fmt(_("{seat} played:"), {seat: p.to_act})));
    options.forEach(function (o) {
      var b = face(o.action, "button");
      b.type = "button";
      b.setAttribute("data-action", o.action);
      b.title = fmt(_("{seat} played {card}"), {seat: p.to_act, card: cardText(o.action)});
      row.appendChild(b);
    });
    box.appendChild(row);
    return true;
  }

  /* -- the figures with every card open, at a decision of trump making ------------------------------ */
  var OPEN_WORDS = {accept: _("accepting"), refuse: _("refusing"), together: _("playing together"), alone: _("playing alone")};
  function openWords(action) {
    if (OPEN_WORDS[action]) return OPEN_WORDS[action];
    var m = /^discard:(.*)$/.exec(action);
    return m ? fmt(_("discarding {cards}"), {cards: m[1].trim().split(/\s+/).map(cardText).join(" ")}) : action;
  }
  function drawOpenCard(p) {
    var box = $("open-card"), table = $("open-card-table"), options = p.options || [];
    var decision = p.decision && !playing(p), figures = options.filter(function (o) { return o.open; });
    table.textContent = "";
    /* entering the play, or another seat's decision on a board from one seat's view: nothing to rate */
    box.hidden = !decision || !options.length || !!S.entering || !!p.viewer && p.to_act !== p.viewer;
    if (box.hidden) return;
    if (!figures.length) {
      $("open-card-text").textContent = p.viewer
        ? fmt(_("Only {viewer}'s cards are known, so there are no figures with every card open: rate the decision from what {seat} knew."),
              {viewer: p.viewer, seat: p.to_act})
        : fmt(_("Not every card is known: rate the decision from what {seat} knew."), {seat: p.to_act});
      return;
    }
    var best = figures.filter(function (o) { return o.open.best; })[0];
    $("open-card-text").textContent = (best ? fmt(_("If every card were open, {choice} would be best."), {choice: openWords(best.action)}) + " "
      : "") + _("These figures let every player see every card after this choice: a play that hidden cards rarely allow. \u201cRate from what you knew\u201d gives the honest figure.");
    var head = el("tr");
    [["", _("the choice")], [_("tricks"), _("the makers' tricks with every card open")],
     [_("points"), _("the makers' deal points")], [_("to win the match"), _("the makers' chance to win the match after this deal")]]
      .forEach(function (h) { var th = el("th", h[0] ? "" : "l", h[0]); th.title = h[1]; head.appendChild(th); });
    table.appendChild(head);
    figures.forEach(function (o) {
      var tr = el("tr", o.open.best ? "best" : "");
      tr.setAttribute("data-open", o.action);
      var cell = el("td", "l");
      cell.appendChild(actionNode(o.action));
      if (o.open.best) { var star = el("span", "star", "\u2605"); star.title = _("best with every card open"); cell.appendChild(star); }
      tr.appendChild(cell);
      tr.appendChild(el("td", "", String(o.open.tricks)));
      tr.appendChild(el("td", "", (o.open.points > 0 ? "+" : "") + numberText(o.open.points)));
      tr.appendChild(el("td", "", percentText(o.open.match, 1)));
      table.appendChild(tr);
    });
  }
