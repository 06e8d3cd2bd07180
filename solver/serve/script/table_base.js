  /* -- the table page (altbaumer play): constants, words, helpers, the API ---------------------- */
  var FACES = __FACES__;
  var SEATS = ["N", "E", "S", "W"];
  var NEXT = {N: "W", W: "S", S: "E", E: "N"};  /* play goes anticlockwise: N, W, S, E */
  var TEAM = {N: "N-S", S: "N-S", E: "E-W", W: "E-W"};
  var SEAT_WORD = {N: "North", E: "East", S: "South", W: "West"};
  var SIDE_WORD = {"N-S": "North and South", "E-W": "East and West"};
  var RANK_WORD = {A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", "9": "nine"};
  var SUIT_WORD = {C: "clubs", S: "spades", H: "hearts", D: "diamonds"};
  var CARD = /^[AKQJT9][CSHD]$/;
  var PARTNER = {N: "S", S: "N", E: "W", W: "E"};
  var LETTER = {accept: "A", refuse: "R", together: "T", take: "T", alone: "G", next: "N"};
  var MARK_CLASS = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"};
  var MARK_NAME = {"?!": "an inaccuracy", "?": "a mistake", "??": "a blunder"};
  var FACE = {}, SUIT = {};
  FACES.cards.forEach(function (c) { FACE[c[0]] = c; });
  FACES.suits.forEach(function (s) { SUIT[s[0]] = s; });
  var QUERY = new URLSearchParams(location.search);
  var TOKEN = QUERY.get("token") || "";
  var STORE = {autoplay: "altbaumer.play.autoplay", delay: "altbaumer.play.delay"};

  /* The page's state: the match as last drawn (state), the request or showing under way (busy), the
     cards picked for a compulsory discard, the card shown before the server's answer (ahead). */
  var T = {game: QUERY.get("game"), state: null, busy: true, picked: [], ahead: null, lastOpen: false,
           hint: null, hinting: false, tutor: null, focusBack: null, delay: 600, drawn: 0, told: {}, reviewTimer: null, refocus: false};

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
  function showError(message) { $("error").textContent = message ? String(message) : ""; }
  function messageOf(e) { return e && e.message ? e.message : String(e); }
  function capital(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : text; }
  function stored(key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } }
  function store(key, value) { try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ } }

  /* -- words -------------------------------------------------------------------------------------- */
  /* A card in words, as its button is named: "Queen of clubs, the Big Tree", "ten of hearts". */
  function cardWords(code) {
    if (code === "QC") return "Queen of clubs, the Big Tree";
    if (code === "JC") return "Jack of clubs, the Little Tree";
    if (!CARD.test(code)) return String(code);
    return RANK_WORD[code.charAt(0)] + " of " + SUIT_WORD[code.charAt(1)];
  }
  /* The card in a sentence: "the nine of spades", "the Big Tree (the Queen of clubs)". */
  function cardPhrase(code) {
    if (code === "QC") return "the Big Tree (the Queen of clubs)";
    if (code === "JC") return "the Little Tree (the Jack of clubs)";
    return "the " + cardWords(code);
  }
  function listWords(items) {
    if (items.length < 2) return items.join("");
    return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
  }
  function me() { return T.state ? T.state.seat : "S"; }
  /* Who a seat is, in a sentence: "you" for the person, else the seat's compass word. */
  function who(seat, capitalised) {
    var word = seat === me() ? "you" : (SEAT_WORD[seat] || String(seat));
    return capitalised ? capital(word) : word;
  }
  function sideWords(side, s) {
    var named = s && s.teams && s.teams[side];
    return (SIDE_WORD[side] || side) + (named ? " (" + named + ")" : "");
  }
  function trumpWords(letter) {
    return SUIT[letter] ? SUIT[letter][1] + " " + SUIT_WORD[letter] : String(letter);
  }
  /* An action in words: a card, a discard, or a decision (the state's label when it has one). */
  function actionWords(action, s) {
    action = String(action);
    if (CARD.test(action)) return cardWords(action);
    var words = action.split(/\s+/);
    if (words[0] === "discard") return "discard the " + listWords(words.slice(1).map(cardWords));
    if (words[0] === "take" && words.length === 2) return "take the " + cardWords(words[1]).replace(/^.*, the /, "") + " only";
    var label = null;
    ((s && s.choices) || []).forEach(function (c) { if (c.action === action) label = c.label; });
    if (label) return label;
    var plain = {accept: "accept", refuse: "refuse", alone: "go alone", together: "play together", take: "take the Trees",
                 leave: "leave the Trees", next: "next deal"};
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

  /* -- the rules the showing needs: a trick's winner (rules.md, Winning a trick) --------------------- */
  var TRUMP_ORDER = "AKTQJ9", PLAIN_ORDER = "ATKQJ9";
  function isTrump(c, trump) { return c === "QC" || c === "JC" || c.charAt(1) === trump; }
  function trumpRank(c) { return c === "QC" ? -2 : c === "JC" ? -1 : TRUMP_ORDER.indexOf(c.charAt(0)); }
  /* The seat whose card wins ``cards`` ([{seat, card}], in play order). */
  function trickWinner(cards, trump) {
    var best = null;
    cards.forEach(function (p) {
      if (!best) { best = p; return; }
      var a = best.card, b = p.card, ta = isTrump(a, trump), tb = isTrump(b, trump);
      if (tb && (!ta || trumpRank(b) < trumpRank(a))) best = p;
      else if (!ta && !tb && b.charAt(1) === a.charAt(1) && PLAIN_ORDER.indexOf(b.charAt(0)) < PLAIN_ORDER.indexOf(a.charAt(0))) best = p;
    });
    return best ? best.seat : null;
  }
  function trickSize(s) { return s && s.lone ? 3 : 4; }
  /* This deal's tricks from its cards played: [{cards, done, winner}]. */
  function tricksOf(played, s) {
    var size = trickSize(s), out = [];
    for (var i = 0; i < played.length; i += size) {
      var cards = played.slice(i, i + size), done = cards.length === size;
      out.push({cards: cards, done: done, winner: done ? trickWinner(cards, s.trump) : null});
    }
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

  /* -- the API ------------------------------------------------------------------------------------- */
  /* The answer as {ok, status, data}: the tutor's 409 is an answer, not a failure. */
  function request(method, path, body) {
    var options = {method: method, headers: {"Authorization": "token " + TOKEN}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(path, options).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        return {ok: response.ok, status: response.status, data: data,
                error: data && typeof data.error === "string" ? data.error : (text || response.statusText || "HTTP " + response.status)};
      });
    });
  }
  function api(method, path, body) {
    return request(method, path, body).then(function (answer) {
      if (!answer.ok) throw new Error(answer.error);
      return answer.data;
    });
  }
  function gamePath(tail) { return "/api/play/" + encodeURIComponent(T.game) + (tail || ""); }
  function pageLink(extra) {
    var q = new URLSearchParams();
    q.set("token", TOKEN);
    Object.keys(extra).forEach(function (k) { q.set(k, extra[k]); });
    return "/?" + q.toString();
  }
