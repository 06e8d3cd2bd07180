  var CARD = /^(?:[AKQJT9]|10)[CSHD]$/;
  var ORDER = {};
  FACES.cards.forEach(function (c, i) { ORDER[c[0]] = i; });
  var TITLES = {turn: _("accept or refuse"), discard: _("the discard"), alone: _("playing alone"),
                play: _("the card to play"), card: _("the card to play")};
  var UNIT = {match: _("P(match)"), net: _("net"), make: "P(3+)", march: "P(5)"};
  var MARK_NAME = {"?!": _("inaccuracy"), "?": _("mistake"), "??": _("blunder")};

  var S = {abn: null, name: null, boards: [], board: null, label: "", root: null, path: [], cache: {},
           seq: 0, index: 0, shown: null, pos: null, picked: [], job: null, events: null, poll: null, download: null,
           entering: null};

  function boardBody(extra) {
    var body = {abn: S.abn, board: S.board};
    if (S.name) body.name = S.name;
    Object.keys(extra || {}).forEach(function (k) { body[k] = extra[k]; });
    return body;
  }

  /* -- cards ---------------------------------------------------------------------------- */
  function face(code, tag) {
    var f = FACE[code], e = el(tag || "span", "c " + (f ? f[2] : ""), f ? f[1] : code);
    e.setAttribute("data-card", code);
    return e;
  }
  function cardText(code) { var f = FACE[code]; return f ? f[1] : code; }
  function suitOf(code) { return code.slice(-1); }
  function byPack(a, b) { return (ORDER[a] === undefined ? 99 : ORDER[a]) - (ORDER[b] === undefined ? 99 : ORDER[b]); }
  /* An action as the move list and the buttons say it, its cards as coloured cards. */
  function actionNode(action, tag) {
    var box = el(tag || "span", "act");
    if (CARD.test(action)) { box.appendChild(face(action)); return box; }
    var m = /^discard:(.*)$/.exec(action);
    if (m) {
      /* the sentence's words around its cards: "{cards}" marks where the cards stand */
      var said = _("discard {cards}").split("{cards}");
      if (said[0]) box.appendChild(document.createTextNode(said[0]));
      m[1].trim().split(/\s+/).forEach(function (c, i) {
        if (i) box.appendChild(document.createTextNode(" "));
        box.appendChild(c === "-" ? el("span", "muted", _("(not seen)")) : face(c));
      });
      if (said[1]) box.appendChild(document.createTextNode(said.slice(1).join("")));
      return box;
    }
    box.textContent = ACTION_WORDS[action] || action;
    return box;
  }
  /* The named actions of a line in words (the action itself stays the API's word). */
  var ACTION_WORDS = {accept: _("accept"), refuse: _("refuse"), alone: _("alone"), together: _("together")};
  function optionNode(option) {
    var box = el("span", "opt"), parts = String(option).trim().split(/\s+/);
    if (parts.every(function (p) { return CARD.test(p); })) {
      parts.forEach(function (c, i) { if (i) box.appendChild(document.createTextNode(" ")); box.appendChild(face(c)); });
    } else box.textContent = String(option);
    return box;
  }

