  /* -- shared by the analysis board and the table: the cards' faces, the seats, the token, the API -- */
  var FACES = __FACES__;
  var SEATS = ["N", "E", "S", "W"], TEAM = {N: "N-S", S: "N-S", E: "E-W", W: "E-W"};
  var NEXT = {N: "W", W: "S", S: "E", E: "N"};  /* play goes anticlockwise: N, W, S, E */
  var PARTNER = {N: "S", S: "N", E: "W", W: "E"};
  var MARK_CLASS = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"};
  var FACE = {};
  FACES.cards.forEach(function (c) { FACE[c[0]] = c; });
  var QUERY = new URLSearchParams(location.search);
  var TOKEN = QUERY.get("token") || "";

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function showError(message) { $("error").textContent = message ? String(message) : ""; }
  function messageOf(e) { return e && e.message ? e.message : String(e); }

  /* The answer as {ok, status, data, error}: a refusal the page handles (the tutor's 409) is an answer. */
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
  /* The answer's data, or the server's one line as the error. */
  function api(method, path, body) {
    return request(method, path, body).then(function (answer) {
      if (!answer.ok) throw new Error(answer.error);
      return answer.data;
    });
  }
