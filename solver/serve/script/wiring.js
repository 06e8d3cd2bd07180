  /* -- wiring ----------------------------------------------------------------------------------- */
  var KEYS = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", ArrowUp: "up", ArrowDown: "down",
              Backspace: "undo"};
  document.addEventListener("keydown", function (e) {
    var what = KEYS[e.key];
    if (!what || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var t = e.target, tag = t && t.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) return;
    if (!S.root || $("board").hidden) return;
    e.preventDefault();
    MOVES[what]();
  });
  Object.keys(MOVES).forEach(function (what) {
    $(what).addEventListener("click", function () { if (S.root) MOVES[what](); });
  });
  $("table").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("[data-action]") : null;
    if (b) { play(b.getAttribute("data-action")); return; }
    var pick = e.target.closest ? e.target.closest("[data-pick]") : null;
    if (pick && S.pos) {
      var c = pick.getAttribute("data-pick"), i = S.picked.indexOf(c);
      if (i >= 0) S.picked.splice(i, 1); else S.picked.push(c);
      drawPosition(S.pos, S.shown);
    }
  });
  $("choices").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("button[data-action]") : null;
    if (b) play(b.getAttribute("data-action"));
  });
  $("moves").addEventListener("click", function (e) {
    var m = e.target.closest ? e.target.closest("[data-path]") : null;
    if (!m) return;
    var text = m.getAttribute("data-path");
    go(text ? text.split(".").map(function (x) { return parseInt(x, 10); }) : []);
  });
  $("board-select").addEventListener("change", function (e) { loadBoard(parseInt(e.target.value, 10)); });
  $("rate").addEventListener("click", rate);
  $("cancel").addEventListener("click", cancel);
  $("export").addEventListener("click", exportAbn);
  $("deal").addEventListener("click", function () {
    showError("");
    var seed = $("seed").value.trim(), body = seed ? {seed: parseInt(seed, 10)} : {};
    api("POST", "/api/deal", body).then(function (answer) {
      $("seed").value = String(answer.seed);
      S.entering = null;
      return openText(answer.abn, "deal --seed " + answer.seed);
    }).catch(function (e) { showError(messageOf(e)); });
  });
  $("open").addEventListener("click", function () { S.entering = null; openText($("abn-text").value, null); });
  $("setup-pool").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("[data-card]") : null;
    if (b) setupPut(b.getAttribute("data-card"));
  });
  $("setup-places").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("[data-card]") : null;
    if (b) setupPut(b.getAttribute("data-card"));
  });
  $("setup-dealer").addEventListener("change", drawSetup);
  $("setup-fill").addEventListener("click", setupFill);
  $("setup-clear").addEventListener("click", function () { SETUP.place = {}; SETUP.order = []; setTarget("N"); drawSetup(); });
  $("setup-open").addEventListener("click", function () {
    var text = setupAbn();
    $("abn-text").value = text;
    S.entering = null;
    openText(text, _("set-up deal"));
  });
  drawSetup();
  ["seat-pool", "seat-places"].forEach(function (id) {
    $(id).addEventListener("click", function (e) {
      var b = e.target.closest ? e.target.closest("[data-card]") : null;
      if (b) seatPut(b.getAttribute("data-card"));
    });
  });
  ["seat-me", "seat-dealer"].forEach(function (id) { $(id).addEventListener("change", drawSeatSetup); });
  $("seat-clear").addEventListener("click", function () { SEAT.place = {}; SEAT.order = []; setSeatTarget("hand"); drawSeatSetup(); });
  $("seat-open").addEventListener("click", seatOpen);
  $("entry-done").addEventListener("click", entryDone);
  $("rate-knew").addEventListener("click", rate);
  drawSeatSetup();

  if (!TOKEN) {
    showError(_("this address has no token: open the address the server printed (…/?token=…)"));
    return;
  }
  $("play-link").href = "/play?token=" + encodeURIComponent(TOKEN);
  $("rules-link").href = "/rules?token=" + encodeURIComponent(TOKEN);
  // "Analyse this deal" and the drills of a match at the table (/play) open here with ?play=ID&deal=N or &drills=1.
  var asked = new URLSearchParams(location.search), opening = new URLSearchParams();
  ["play", "deal", "drills"].forEach(function (key) { if (asked.get(key)) opening.set(key, asked.get(key)); });
  api("GET", "/api/start" + (opening.toString() ? "?" + opening.toString() : "")).then(function (start) {
    if (start && typeof start.abn === "string") {
      $("new-box").open = false;
      return openText(start.abn, start.name);
    }
    $("new-box").open = true;
  }).catch(function (e) { $("new-box").open = true; showError(messageOf(e)); });
