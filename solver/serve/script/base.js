  var CARD = /^(?:[AKQJT9]|10)[CSHD]$/;
  var ORDER = {};
  FACES.cards.forEach(function (c, i) { ORDER[c[0]] = i; });
  var TITLES = {turn: "accept or refuse", discard: "the discard", alone: "playing alone", play: "the card to play",
                card: "the card to play"};
  var UNIT = {match: "P(match)", net: "net", make: "P(3+)", march: "P(5)"};
  var MARK_NAME = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"};

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
      box.appendChild(document.createTextNode("discard "));
      m[1].trim().split(/\s+/).forEach(function (c, i) {
        if (i) box.appendChild(document.createTextNode(" "));
        box.appendChild(c === "-" ? el("span", "muted", "(not seen)") : face(c));
      });
      return box;
    }
    box.textContent = action;
    return box;
  }
  function optionNode(option) {
    var box = el("span", "opt"), parts = String(option).trim().split(/\s+/);
    if (parts.every(function (p) { return CARD.test(p); })) {
      parts.forEach(function (c, i) { if (i) box.appendChild(document.createTextNode(" ")); box.appendChild(face(c)); });
    } else box.textContent = String(option);
    return box;
  }

