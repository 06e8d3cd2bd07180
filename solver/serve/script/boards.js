  /* -- boards -------------------------------------------------------------------------------- */
  function openText(abn, name) {
    showError("");
    var body = {abn: abn};
    if (name) body.name = name;
    return api("POST", "/api/open", body).then(function (answer) {
      var boards = answer && answer.boards || [];
      if (!boards.length) throw new Error(_("no board in the text"));
      S.abn = abn;
      S.name = name || null;
      S.boards = boards;
      var select = $("board-select");
      select.textContent = "";
      boards.forEach(function (b, i) {
        var o = el("option", "", boardLabel(b));
        o.value = String(i);
        select.appendChild(o);
      });
      select.parentNode.hidden = boards.length < 2;
      $("source").textContent = name ? name : "";
      $("new-box").open = false;
      return loadBoard(0);
    }).catch(function (e) { showError(messageOf(e)); });
  }
  /* A board's label in words: the server's "board 3" (its tag, or "board" alone) in the page's language. */
  function boardLabel(b) {
    var label = b.label || "", m = /^board (.+)$/.exec(label);
    if (m) return fmt(_("board {board}"), {board: m[1]});
    if (label === "board") return _("board");
    return label || fmt(_("board {board}"), {board: b.board});
  }
  /* The main line's first `count` moves: the board opens at the decision the record leaves (docs/serve.md). */
  function openingPath(count) {
    var path = [], n = S.root;
    while (path.length < (count || 0) && n.children.length) { n = n.children[0]; path.push(0); }
    return path;
  }
  function loadBoard(index) {
    var b = S.boards[index], tag = b.board === null || b.board === undefined ? "" : String(b.board);
    /* a tag two boards share (drills of several players: "drill 1" each) names the first: the place instead */
    var shared = S.boards.some(function (o, i) { return i !== index && String(o.board) === tag; });
    S.board = !tag || shared ? String(index + 1) : tag;
    S.index = index;
    $("quiz").hidden = true;
    S.label = b.label ? boardLabel(b) : "";
    S.cache = {};
    S.root = treeOf(b.tree) || treeFrom(b.line || []);
    S.path = [];
    S.pos = null;
    S.shown = null;
    $("board-select").value = String(index);
    $("exported").value = "";
    $("dropped").textContent = "";
    $("download").hidden = true;
    document.title = (S.label ? S.label + " — " : "") + _("altbaumer — analysis board");
    $("board").hidden = false;
    drawMoves();
    var seq = ++S.seq;
    return position([]).then(function (p) {
      if (seq !== S.seq) return;
      /* the record as the server reads it: its tree when it gives one, else its recorded line */
      S.root = treeOf(p.tree) || treeOf(b.tree) || (Array.isArray(p.recorded) ? treeFrom(p.recorded) : S.root);
      go(drillOf(index) ? quizStart(index) : openingPath(b.start));
    }, function (e) { showError(messageOf(e)); });
  }

