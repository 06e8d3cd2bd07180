  /* -- drills as a quiz ----------------------------------------------------------------------- */
  /* A board with a drill (the "drill" of /api/open) asks its decision at the end of its recorded line.
     The first choice or card clicked there is the answer: graded, not played, so that the board stays
     at the decision (to rate it, or to play on). Answers are kept per board of the file open. */
  var QUIZ = {boards: null, answers: {}, asked: {}};
  /* The question of each kind of drill (for a card, with the trick it is in). */
  var QUIZ_QUESTIONS = {turn: _("Drill {n} of {count}: {seat} to accept or refuse."),
                        discard: _("Drill {n} of {count}: {seat}'s discard."),
                        alone: _("Drill {n} of {count}: {seat}'s lone play."),
                        lead: _("Drill {n} of {count}: {seat}'s lead (trick {trick})."),
                        follow: _("Drill {n} of {count}: {seat}'s card, following (trick {trick}).")};
  var QUIZ_VERDICTS = {"?!": _("an inaccuracy"), "?": _("a mistake"), "??": _("a blunder")};

  function drillOf(index) {
    var b = S.boards[index];
    return b && b.drill && Array.isArray(b.drill.options) ? b.drill : null;
  }
  function drillIndices() {
    return S.boards.map(function (b, i) { return i; }).filter(function (i) { return !!drillOf(i); });
  }
  function quizAnswers() {
    if (QUIZ.boards !== S.boards) {  /* another file opened: a new score */
      QUIZ.boards = S.boards;
      QUIZ.answers = {};
      QUIZ.asked = {};
    }
    return QUIZ.answers;
  }
  /* Where a board opens: a drill at its decision (the end of its recorded line), another board at its start. */
  function quizStart(index) {
    if (!drillOf(index)) return [];
    var path = [], n = S.root;
    while (n.children.length && n.children[0].recorded) { n = n.children[0]; path.push(0); }
    return path;
  }
  function atDrillPoint() {
    var key = drillOf(S.index) ? keyOf(S.boards[S.index].line || []) : null;
    return key !== null && keyOf(lineOf(S.path)) === key && S.shown === key;
  }
  /* An option as a set of cards (a discard, in any order, with or without "discard:"), else its word. */
  function optionKey(text) {
    var words = String(text).trim().replace(/^discard:/i, "").trim().split(/\s+/).map(function (w) {
      return w.toUpperCase().replace(/^10/, "T");
    });
    if (words.length && words.every(function (w) { return CARD.test(w); })) return words.sort(byPack).join(" ");
    return String(text).trim().toLowerCase();
  }
  function drillOption(drill, action) {
    var key = optionKey(action);
    return drill.options.filter(function (o) { return optionKey(o.option) === key; })[0] || null;
  }
  /* The hook of play(): true when the action was taken as the drill's answer (and so not played). */
  function quizAnswer(action) {
    if (!atDrillPoint()) return false;
    var answers = quizAnswers(), drill = drillOf(S.index);
    if (answers[S.index]) return false;  /* answered: the board plays as any board */
    var o = drillOption(drill, action);
    if (!o) return false;
    answers[S.index] = {option: o.option, right: !o.mark};
    drawQuiz();
    return true;
  }

  function lossText(drill, delta) {
    var loss = Math.abs(delta);
    return drill.objective === "net" ? fmt(_("{points} net points"), {points: numberText(loss, 2)})
                                     : fmt(_("{share} of the chance to win the match"), {share: percentText(loss, 1)});
  }
  function deltaCell(drill, delta) {
    if (drill.objective === "net") return (delta < 0 ? "−" : "+") + numberText(Math.abs(delta), 2);
    return (delta < 0 ? "−" : "") + percentText(Math.abs(delta), 1);
  }
  /* A message into box: its {option} and {answer} as the options' cards, the rest as text. */
  function fillOptions(box, text, nodes) {
    text.split(/(\{option\}|\{answer\})/).forEach(function (part) {
      if (part === "{option}" || part === "{answer}") box.appendChild(nodes[part.slice(1, -1)]());
      else if (part) box.appendChild(document.createTextNode(part));
    });
  }
  function verdictNode(drill, given) {
    var o = drillOption(drill, given.option), best = drillOption(drill, drill.answer), box = el("p"), said;
    var gap = best.delta - o.delta;  /* against the answer, which a tie in the natural order puts below the top */
    box.id = "quiz-verdict";
    box.className = given.right ? "right" : "wrong";
    box.setAttribute("data-option", o.option);
    box.setAttribute("data-right", given.right ? "true" : "false");
    if (o.option === drill.answer) said = _("{option}: the best answer.");
    else if (!o.mark && gap <= 0) said = _("{option}: right, within the noise of the best: as good as {answer}.");
    else if (!o.mark) said = fmt(_("{option}: right, within the noise of the best ({loss} less than {answer})."), {loss: lossText(drill, gap)});
    else said = fmt(_("{option}: {verdict} ({mark}), {loss} less than {answer}."),
                    {verdict: QUIZ_VERDICTS[o.mark] || o.mark, mark: o.mark, loss: lossText(drill, gap)});
    fillOptions(box, said, {option: function () { return optionNode(o.option); },
                            answer: function () { return optionNode(drill.answer); }});
    return box;
  }
  function optionsTable(drill, given) {
    var table = el("table"), head = el("tr");
    table.id = "quiz-options";
    head.appendChild(el("th", "l", _("option")));
    head.appendChild(el("th", "", "Δ " + (drill.objective === "net" ? UNIT.net : UNIT.match)));  /* the notation of base.js */
    head.appendChild(el("th", "l", ""));
    table.appendChild(head);
    drill.options.slice().sort(function (a, b) { return b.delta - a.delta; }).forEach(function (o) {
      var tr = el("tr", o.option === drill.answer ? "best answer" : ""), cell = el("td", "l opt");
      tr.setAttribute("data-option", o.option);
      cell.appendChild(optionNode(o.option));
      if (o.mark) cell.appendChild(el("span", "mark " + (MARK_CLASS[o.mark] || ""), o.mark));
      tr.appendChild(cell);
      tr.appendChild(el("td", "delta", deltaCell(drill, o.delta)));
      var labels = [];
      if (o.option === drill.answer) labels.push(_("★ the answer"));
      if (o.option === given.option) { labels.push(_("your answer")); tr.className += " yours"; }
      if (o.option === drill.chosen) { labels.push(_("the game's choice")); tr.className += " chosen"; }
      tr.appendChild(el("td", "l labels", labels.join(", ")));
      table.appendChild(tr);
    });
    return table;
  }
  function scoreText() {
    var answers = quizAnswers(), keys = Object.keys(answers);
    var right = keys.filter(function (k) { return answers[k].right; }).length;
    return keys.length ? fmt(_("{right} of {count} right"), {right: right, count: keys.length}) : _("no drill answered yet");
  }
  /* The question, in the words of the position at the drill's decision (kept for the board's other points). */
  function questionText(drill) {
    if (!atDrillPoint() || !S.pos) return QUIZ.asked[S.index] || "";
    var all = drillIndices(), at = all.indexOf(S.index) + 1, trick = (S.pos.tricks || []).length + 1;
    var values = {n: at, count: all.length, seat: S.pos.to_act || "?", trick: trick, kind: drill.kind};
    QUIZ.asked[S.index] = fmt(QUIZ_QUESTIONS[drill.kind] || _("Drill {n} of {count}: {seat}'s {kind}."), values);
    return QUIZ.asked[S.index];
  }
  /* The panel, drawn with each position: the question, then once answered the verdict and the options. */
  function drawQuiz() {
    var box = $("quiz"), drill = drillOf(S.index);
    box.hidden = !drill;
    if (!drill) return;
    var given = quizAnswers()[S.index], body = $("quiz-body");
    $("quiz-question").textContent = questionText(drill) + (given ? "" : " " + _("What do you choose?"));
    body.textContent = "";
    if (given) {
      body.appendChild(verdictNode(drill, given));
      var scroll = el("div", "scroll quiz-table");
      scroll.appendChild(optionsTable(drill, given));
      body.appendChild(scroll);
      var notes = el("div", "quiz-notes");
      (drill.notes || []).forEach(function (t) { notes.appendChild(el("p", "", t)); });
      body.appendChild(notes);
    } else if (!atDrillPoint()) {
      var back = el("button", "", _("back to the drill's decision"));
      back.type = "button";
      back.id = "quiz-back";
      back.addEventListener("click", function () { go(quizStart(S.index)); });
      body.appendChild(el("span", "muted", _("The drill asks at the end of the recorded line.") + " "));
      body.appendChild(back);
    } else body.appendChild(el("p", "muted", _("Click a choice or a card: it is graded, not played.")));
    $("quiz-score").textContent = scoreText();
    $("quiz-next").disabled = drillIndices().length < 2;
  }
  function nextDrill() {
    var all = drillIndices();
    if (!all.length) return;
    var later = all.filter(function (i) { return i > S.index; });
    loadBoard(later.length ? later[0] : all[0]);
  }
  $("quiz-next").addEventListener("click", nextDrill);

