  /* -- the tree of variations ------------------------------------------------------------ */
  function makeNode(action, recorded) { return {action: action, children: [], recorded: !!recorded, last: 0}; }
  function treeFrom(line) {
    var root = makeNode(null, true), at = root;
    (line || []).forEach(function (a) { var n = makeNode(a, true); at.children.push(n); at = n; });
    return root;
  }
  /* A tree the server gives (a board's own variations, with their marks and commentary): its main line
     is the recorded line; null when it is no tree. */
  function treeOf(given) {
    if (!given || !Array.isArray(given.children)) return null;
    function copy(n, main) {
      if (!n || typeof n.action !== "string" || !Array.isArray(n.children)) throw new Error("not a tree");
      var out = makeNode(n.action, main);
      if (n.mark) out.mark = String(n.mark);
      if (n.comment) out.comment = String(n.comment);
      out.children = n.children.map(function (c, i) { return copy(c, main && i === 0); });
      return out;
    }
    try {
      var root = makeNode(null, true);
      root.children = given.children.map(function (c, i) { return copy(c, i === 0); });
      return root;
    } catch (e) { return null; }
  }
  function nodeAt(path) {
    var n = S.root;
    for (var i = 0; i < path.length; i++) n = n.children[path[i]];
    return n;
  }
  function lineOf(path) {
    var n = S.root, out = [];
    for (var i = 0; i < path.length; i++) { n = n.children[path[i]]; out.push(n.action); }
    return out;
  }
  function keyOf(line) { return JSON.stringify(line); }
  /* A node as the API takes it: its action, its mark and commentary from the file, its children. */
  function strip(node) {
    var out = {action: node.action, children: node.children.map(strip)};
    if (node.mark) out.mark = node.mark;
    if (node.comment) out.comment = node.comment;
    return out;
  }

  function go(path) {
    S.path = path.slice();
    var n = S.root;
    for (var i = 0; i < path.length; i++) { n.last = path[i]; n = n.children[path[i]]; }
    drawMoves();
    showPosition();
  }
  function forwardPath(from) {
    var n = nodeAt(from);
    if (!n.children.length) return null;
    var i = n.last < n.children.length ? n.last : 0;
    return from.concat([i]);
  }
  var MOVES = {
    next: function () { var p = forwardPath(S.path); if (p) go(p); },
    prev: function () { if (S.path.length) go(S.path.slice(0, -1)); },
    first: function () { if (S.path.length) go([]); },
    last: function () {
      var p = S.path, q;
      while ((q = forwardPath(p))) p = q;
      if (p.length !== S.path.length) go(p);
    },
    up: function () { sibling(-1); },
    down: function () { sibling(1); },
    undo: function () {
      if (!S.path.length) return;
      var node = nodeAt(S.path), parentPath = S.path.slice(0, -1), parent = nodeAt(parentPath);
      if (!node.children.length && !node.recorded) {
        var i = S.path[S.path.length - 1];
        parent.children.splice(i, 1);
        parent.last = 0;
        go(parentPath);
      } else go(parentPath);
    }
  };
  function sibling(step) {
    if (!S.path.length) return;
    var parent = nodeAt(S.path.slice(0, -1)), i = S.path[S.path.length - 1] + step;
    if (i < 0 || i >= parent.children.length) return;
    go(S.path.slice(0, -1).concat([i]));
  }
  function play(action) {
    if (!S.pos || S.shown !== keyOf(lineOf(S.path))) return;  /* the board shows another point: wait */
    if (quizAnswer(action)) return;
    if (S.entering && atLineEnd(S.path)) { entryPlay(action); return; }
    var node = nodeAt(S.path), i;
    for (i = 0; i < node.children.length; i++) if (node.children[i].action === action) break;
    if (i === node.children.length) node.children.push(makeNode(action, false));
    go(S.path.concat([i]));
  }

  /* -- the move list ---------------------------------------------------------------------- */
  /* ctx: the cards played before a move and the trick's size (three once someone plays alone). */
  function advance(ctx, action) {
    if (CARD.test(action)) return {cards: ctx.cards + 1, size: ctx.size};
    if (action === "alone") return {cards: ctx.cards, size: 3};
    return ctx;
  }
  function moveEl(node, path, ctx, first) {
    var m = el("span", "move" + (node.recorded ? " rec" : " off"));
    m.setAttribute("data-path", path.join("."));
    m.setAttribute("role", "button");
    if (CARD.test(node.action)) {
      var trick = Math.floor(ctx.cards / ctx.size) + 1, place = ctx.cards % ctx.size;
      if (place === 0) m.appendChild(el("span", "num", trick + "."));
      else if (first) m.appendChild(el("span", "num", trick + "…"));
    }
    m.appendChild(actionNode(node.action));
    if (node.mark) m.appendChild(el("span", "mark " + (MARK_CLASS[node.mark] || ""), node.mark));
    if (node.comment) m.title = node.comment;
    if (path.join(".") === S.path.join(".")) m.className += " current";
    return m;
  }
  /* The continuation of `node` (at `path`): its main child, then the other children as variations
     in brackets, then the main child's continuation, as a PGN viewer writes them. */
  function put(out, e) {  /* one space between the moves of a line, none inside its brackets */
    if (out.childNodes.length) out.appendChild(document.createTextNode(" "));
    out.appendChild(e);
  }
  function drawLine(node, path, ctx, out, first, depth) {
    while (node.children.length) {
      var main = node.children[0], mainPath = path.concat([0]);
      put(out, moveEl(main, mainPath, ctx, first));
      for (var i = 1; i < node.children.length; i++) {
        var v = el("span", "var" + (depth === 0 ? " depth-1" : ""));
        var vPath = path.concat([i]), child = node.children[i];
        put(v, moveEl(child, vPath, ctx, true));
        drawLine(child, vPath, advance(ctx, child.action), v, false, depth + 1);
        put(out, v);
      }
      first = node.children.length > 1;
      ctx = advance(ctx, main.action);
      node = main;
      path = mainPath;
    }
  }
  function drawMoves() {
    var box = $("moves");
    box.textContent = "";
    drawLine(S.root, [], {cards: 0, size: 4}, box, true, 0);
    var current = box.querySelector(".move.current");
    if (current) {
      var top = current.offsetTop, bottom = top + current.offsetHeight;
      if (top < box.scrollTop) box.scrollTop = top - 4;
      else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight + 4;
    }
    var node = nodeAt(S.path), parent = S.path.length ? nodeAt(S.path.slice(0, -1)) : null;
    var i = S.path.length ? S.path[S.path.length - 1] : 0;
    $("first").disabled = $("prev").disabled = !S.path.length;
    $("next").disabled = $("last").disabled = !node.children.length;
    $("up").disabled = !parent || i === 0;
    $("down").disabled = !parent || i >= parent.children.length - 1;
    $("undo").disabled = !S.path.length;
    var main = 0, n = S.root;
    while (n.children.length && n.children[0].recorded) { n = n.children[0]; main++; }
    var off = S.path.length && !node.recorded;
    $("where").textContent = off ? fmt(_("move {n} (variation)"), {n: S.path.length})
      : fmt(_("move {n} of {count}"), {n: S.path.length, count: main});
    $("where").title = fmt(ngettext("{n} move recorded", "{n} moves recorded", main), {n: main});
  }

