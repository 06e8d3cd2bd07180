  /* -- the table page (altbaumer play): constants, words, helpers, the API ---------------------- */
  var SEAT_WORD = {N: _("North"), E: _("East"), S: _("South"), W: _("West")};
  var SIDE_WORD = {"N-S": _("North and South"), "E-W": _("East and West")};
  /* A card's name by its rank, the suit's word put in: bare (a button's name) and in a sentence. */
  var RANK_WORD = {A: _("ace of {suit}"), K: _("king of {suit}"), Q: _("queen of {suit}"), J: _("jack of {suit}"),
                   T: _("ten of {suit}"), "9": _("nine of {suit}")};
  var RANK_PHRASE = {A: _("the ace of {suit}"), K: _("the king of {suit}"), Q: _("the queen of {suit}"),
                     J: _("the jack of {suit}"), T: _("the ten of {suit}"), "9": _("the nine of {suit}")};
  var SUIT_WORD = {C: _("clubs"), S: _("spades"), H: _("hearts"), D: _("diamonds")};
  var CARD = /^[AKQJT9][CSHD]$/;
  var LETTER = {accept: "A", refuse: "R", together: "T", take: "T", alone: "G", next: "N"};
  var MARK_NAME = {"?!": _("an inaccuracy"), "?": _("a mistake"), "??": _("a blunder")};
  var SUIT = {};
  FACES.suits.forEach(function (s) { SUIT[s[0]] = s; });
  var STORE = {autoplay: "altbaumer.play.autoplay", delay: "altbaumer.play.delay"};

  /* The page's state: the match as last drawn (state), the request or showing under way (busy), the
     cards picked for a compulsory discard, the card shown before the server's answer (ahead). */
  var T = {game: QUERY.get("game"), state: null, busy: true, picked: [], ahead: null, lastOpen: false,
           hint: null, hinting: false, tutor: null, focusBack: null, delay: 600, drawn: 0, told: {}, reviewTimer: null, refocus: false};

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function capital(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : text; }
  function stored(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } }
  function store(key, value) { try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ } }

  /* -- words -------------------------------------------------------------------------------------- */
  /* A card in words, as its button is named: "Queen of clubs, the Big Tree", "ten of hearts". */
  function cardWords(code) {
    if (code === "QC") return _("Queen of clubs, the Big Tree");
    if (code === "JC") return _("Jack of clubs, the Little Tree");
    if (!CARD.test(code)) return String(code);
    return fmt(RANK_WORD[code.charAt(0)], {suit: SUIT_WORD[code.charAt(1)]});
  }
  /* The card in a sentence: "the nine of spades", "the Big Tree (the Queen of clubs)". */
  function cardPhrase(code) {
    if (code === "QC") return _("the Big Tree (the Queen of clubs)");
    if (code === "JC") return _("the Little Tree (the Jack of clubs)");
    if (!CARD.test(code)) return String(code);
    return fmt(RANK_PHRASE[code.charAt(0)], {suit: SUIT_WORD[code.charAt(1)]});
  }
  function listWords(items) {
    if (items.length < 2) return items.join("");
    return fmt(_("{list} and {last}"), {list: items.slice(0, -1).join(", "), last: items[items.length - 1]});
  }
  function me() { return T.state ? T.state.seat : "S"; }
  /* Who a seat is, as a label: "You" for the person, else the seat's compass word. (In a sentence
     the person and the others have sentences of their own: the verb's form differs by language.) */
  function who(seat) {
    return seat === me() ? _("You") : (SEAT_WORD[seat] || String(seat));
  }
  function seatWord(seat) { return SEAT_WORD[seat] || String(seat); }
  /* One of two sentences: the person's (``mine``), or another seat's with its word for {seat}. */
  function bySeat(seat, mine, theirs, values) {
    var v = {seat: seatWord(seat)};
    Object.keys(values || {}).forEach(function (k) { v[k] = values[k]; });
    return fmt(seat === me() ? mine : theirs, v);
  }
  function sideWords(side, s) {
    var named = s && s.teams && s.teams[side];
    return named ? fmt(_("{side} ({names})"), {side: SIDE_WORD[side] || side, names: named}) : (SIDE_WORD[side] || side);
  }
  function trumpWords(letter) {
    return SUIT[letter] ? SUIT[letter][1] + " " + SUIT_WORD[letter] : String(letter);
  }
  /* An action in words: a card, a discard, or a decision (the state's label when it has one). */
  function actionWords(action, s) {
    action = String(action);
    if (CARD.test(action)) return cardWords(action);
    var words = action.split(/\s+/);
    if (words[0] === "discard") return fmt(_("discard the {cards}"), {cards: listWords(words.slice(1).map(cardWords))});
    if (words[0] === "take" && words.length === 2) {
      if (words[1] === "QC") return _("take the Big Tree only");
      if (words[1] === "JC") return _("take the Little Tree only");
      return fmt(_("take {card} only"), {card: cardPhrase(words[1])});
    }
    var label = null;
    ((s && s.choices) || []).forEach(function (c) { if (c.action === action) label = c.label; });
    if (label) return label;
    var plain = {accept: _("accept"), refuse: _("refuse"), alone: _("go alone"), together: _("play together"),
                 take: _("take the Trees"), leave: _("leave the Trees"), next: _("next deal")};
    return plain[action] || action;
  }

  /* -- cards -------------------------------------------------------------------------------------- */
  function cardNode(code, tag) {
    var f = FACE[code], e = el(tag || "span", "card " + (f ? f[2] : ""));
    e.setAttribute("data-card", code);
    e.appendChild(el("span", "r", f ? f[3] : code));
    e.appendChild(el("span", "s", f ? SUIT[code.charAt(1)][1] : ""));
    if (tag !== "button") e.setAttribute("role", "img");
    e.setAttribute("aria-label", cardWords(code));
    return e;
  }
  function cardsNode(codes, cls) {
    var box = el("span", "cards " + (cls || ""));
    codes.forEach(function (c, i) { if (i) box.appendChild(document.createTextNode(" ")); box.appendChild(cardNode(c)); });
    return box;
  }

  /* -- the tricks of the cards shown: the server marks the card that closes a trick with its winner -- */
  /* This deal's tricks from its cards played: [{cards, done, winner}]. */
  function tricksOf(played) {
    var out = [], cards = [];
    played.forEach(function (p) {
      cards.push(p);
      if (p.winner) { out.push({cards: cards, done: true, winner: p.winner}); cards = []; }
    });
    if (cards.length) out.push({cards: cards, done: false, winner: null});
    return out;
  }

  /* -- busy and ready ------------------------------------------------------------------------------ */
  function setBusy(busy) {
    T.busy = busy;
    document.body.dataset.state = busy ? "busy" : "ready";
    refreshTools();
  }
  function announce(text) {
    if (!text) return;
    var box = $("announce");
    box.appendChild(el("p", null, text));
    while (box.childNodes.length > 12) box.removeChild(box.firstChild);
  }

  /* -- addresses ------------------------------------------------------------------------------------- */
  function gamePath(tail) { return "/api/play/" + encodeURIComponent(T.game) + (tail || ""); }
  function pageLink(extra) {
    var q = new URLSearchParams();
    q.set("token", TOKEN);
    Object.keys(extra).forEach(function (k) { q.set(k, extra[k]); });
    return "/?" + q.toString();
  }
