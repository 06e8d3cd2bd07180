  var FACES = __FACES__;
  var SEATS = ["N", "E", "S", "W"], TEAM = {N: "N-S", S: "N-S", E: "E-W", W: "E-W"};
  var NEXT = {N: "W", W: "S", S: "E", E: "N"};  /* play goes anticlockwise: N, W, S, E */
  var PARTNER = {N: "S", S: "N", E: "W", W: "E"};
  var CARD = /^(?:[AKQJT9]|10)[CSHD]$/;
  var FACE = {}, ORDER = {};
  FACES.cards.forEach(function (c, i) { FACE[c[0]] = c; ORDER[c[0]] = i; });
  var TITLES = {turn: "accept or refuse", discard: "the discard", alone: "playing alone", play: "the card to play",
                card: "the card to play"};
  var UNIT = {match: "P(match)", net: "net", make: "P(3+)", march: "P(5)"};
  var MARK_CLASS = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"};
  var MARK_NAME = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"};
  var TOKEN = new URLSearchParams(location.search).get("token") || "";

  var S = {abn: null, name: null, boards: [], board: null, label: "", root: null, path: [], cache: {},
           seq: 0, index: 0, shown: null, pos: null, picked: [], job: null, events: null, poll: null, download: null};

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function showError(message) { $("error").textContent = message ? String(message) : ""; }
  function messageOf(e) { return e && e.message ? e.message : String(e); }

  /* -- the API ------------------------------------------------------------------------ */
  function api(method, path, body) {
    var options = {method: method, headers: {"Authorization": "token " + TOKEN}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(path, options).then(function (response) {
      return response.text().then(function (text) {
        var data = null;
        try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
        if (!response.ok) {
          var said = data && typeof data.error === "string" ? data.error : (text || response.statusText);
          throw new Error(said || ("HTTP " + response.status));
        }
        return data;
      });
    });
  }
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
        box.appendChild(face(c));
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

