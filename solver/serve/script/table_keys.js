  /* -- the keys ------------------------------------------------------------------------------------ */
  /* 1-9: the n-th card of the hand when a card is to be played or discarded, else the n-th choice;
     letters for the choices (A accept, R refuse, T together or take, G go alone, N next deal);
     D discards the cards picked, H hint, U or Backspace take back, L last trick, Escape closes. The keys of inputs stay theirs. */
  function handClick(code) {
    var s = T.state;
    if (!s || T.busy || !$("tutor").hidden) return;
    var info = s.your_turn ? discardInfo(s) : null;
    if (info) {
      if (!info.cards[code]) return;
      if (info.count === 1) {
        var action = info.actions.filter(function (a) { return a.split(/\s+/)[1] === code; })[0];
        if (action) act(action);
        return;
      }
      var i = T.picked.indexOf(code);
      if (i >= 0) T.picked.splice(i, 1);
      else if (T.picked.length < info.count) T.picked.push(code);
      drawState(s, 0);
      var again = $("hand").querySelector('[data-card="' + code + '"]');
      if (again) again.focus();
      return;
    }
    if (s.phase === "play" && (s.legal || []).indexOf(code) >= 0) act(code);
  }
  function confirmDiscard() {
    var action = T.state ? pickedDiscard(T.state) : null;
    if (action) act(action);
  }
  function choiceButtons() {
    return Array.prototype.slice.call(document.querySelectorAll("#choices button[data-action], #summary button[data-action]"));
  }
  function numberKey(n) {
    if (!T.state || T.busy) return;
    if ($("hand").classList.contains("active")) {
      var card = $("hand").querySelectorAll("button.card")[n - 1];
      if (card && !card.disabled) handClick(card.getAttribute("data-card"));
      return;
    }
    var b = choiceButtons()[n - 1];
    if (b && !b.disabled) act(b.getAttribute("data-action"));
  }
  function letterAction(letter) {
    var s = T.state;
    if (!s) return null;
    return (s.legal || []).filter(function (a) { return LETTER[a] === letter; })[0] || null;
  }

  document.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (!$("tutor").hidden) { tutorKey(e); return; }
    var t = e.target, tag = t && t.tagName;
    if ((tag === "INPUT" && t.type !== "checkbox") || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) return;
    var key = e.key;
    if (key === "Escape") {
      if (T.lastOpen) toggleLast(false);
      else if ($("hint-box").firstChild) clearHint();
      return;
    }
    if (key === "Backspace") { e.preventDefault(); undo(); return; }
    if (!key || key.length !== 1) return;
    var k = key.toUpperCase();
    if (/^[1-9]$/.test(k)) { e.preventDefault(); numberKey(parseInt(k, 10)); return; }
    if (k === "H") { e.preventDefault(); hint(); return; }
    if (k === "U") { e.preventDefault(); undo(); return; }
    if (k === "D" && $("discard-confirm")) { e.preventDefault(); confirmDiscard(); return; }
    if (k === "L") { e.preventDefault(); if (!$("last-trick").disabled || T.lastOpen) toggleLast(); return; }
    var action = letterAction(k);
    if (action) { e.preventDefault(); act(action); }
  });
