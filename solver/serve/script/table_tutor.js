  /* -- the tutor's question and the hint ------------------------------------------------------------ */
  /* Options ([{action, words, chance, gives_up, mark, best}], best first) as a small table in words;
     the columns are those the options have. */
  function signedPercent(v) { return (v < 0 ? "−" : "+") + percent(Math.abs(v)); }
  var OPTION_COLUMNS = [
    ["chance", _("chance to win the match"), function (v) { return percent(v); }],
    ["gives_up", _("gives up"), function (v) { return v > 0 ? percent(v) : "—"; }],
    ["loss", _("gives up"), function (v) { return v > 0 ? percent(v) : "—"; }],
    ["delta", _("against the best"), function (v) { return v === 0 ? "—" : signedPercent(v); }]
  ];
  function optionsTable(options, best, s) {
    var wrap = el("div", "scroll"), table = el("table", "options");
    var columns = OPTION_COLUMNS.filter(function (c) {
      return options.some(function (o) { return o && typeof o[c[0]] === "number"; });
    });
    if (columns.some(function (c) { return c[0] === "gives_up"; })) columns = columns.filter(function (c) { return c[0] !== "loss"; });
    var head = el("tr");
    head.appendChild(el("th", "l", _("choice")));
    columns.forEach(function (c) { head.appendChild(el("th", null, c[1])); });
    table.appendChild(head);
    options.forEach(function (o) {
      if (!o) return;
      var name = o.action !== undefined ? o.action : o.option, row = el("tr");
      if (o.best === true || (best !== undefined && best !== null && String(name) === String(best))) row.className = "best";
      row.setAttribute("data-action", String(name));
      var cell = el("td", "l", o.words ? capital(String(o.words)) : capital(actionWords(name, s)));
      if (o.mark) {
        var m = el("span", "mark " + (MARK_CLASS[o.mark] || ""), o.mark);
        m.setAttribute("title", MARK_NAME[o.mark] || o.mark);
        cell.appendChild(m);
      }
      row.appendChild(cell);
      columns.forEach(function (c) {
        var v = o[c[0]];
        row.appendChild(el("td", null, typeof v === "number" ? c[2](v) : ""));
      });
      table.appendChild(row);
    });
    wrap.appendChild(table);
    return wrap;
  }

  function openTutor(action, tutor) {
    T.tutor = {action: action, data: tutor};
    var verdict = $("tutor-verdict");
    verdict.textContent = tutor.verdict || fmt(_("The tutor thinks {action} is costly."), {action: actionWords(action, T.state)});
    if (tutor.mark) {
      var m = el("span", "mark " + (MARK_CLASS[tutor.mark] || ""), tutor.mark);
      m.setAttribute("title", MARK_NAME[tutor.mark] || tutor.mark);
      verdict.appendChild(document.createTextNode(" "));
      verdict.appendChild(m);
    }
    var options = clear($("tutor-options"));
    if (Array.isArray(tutor.options) && tutor.options.length) options.appendChild(optionsTable(tutor.options, null, T.state));
    T.focusBack = document.activeElement;
    $("tutor").hidden = false;
    $("tutor-rethink").focus();
  }
  function closeTutor() {
    var action = T.tutor ? T.tutor.action : null, back = T.focusBack;
    $("tutor").hidden = true;
    T.tutor = null;
    T.focusBack = null;
    var target = null;
    if (action && CARD.test(action)) target = $("hand").querySelector('[data-card="' + action + '"]');
    else if (action) target = document.querySelector('#choices [data-action="' + action + '"], #summary [data-action="' + action + '"]');
    if (!target && back && document.body.contains(back)) target = back;
    if (target && !target.disabled) target.focus();
    return action;
  }
  function tutorPlay() {
    var action = closeTutor();
    if (action) act(action, true);
  }
  function tutorHint() {
    closeTutor();
    hint();
  }
  /* Keys while the tutor asks: Escape rethinks, Tab stays inside the dialog. */
  function tutorKey(e) {
    if (e.key === "Escape") { e.preventDefault(); closeTutor(); return; }
    if (e.key === "Tab") {
      var buttons = Array.prototype.slice.call($("tutor").querySelectorAll("button"));
      var i = buttons.indexOf(document.activeElement), n = buttons.length;
      e.preventDefault();
      buttons[(i < 0 ? 0 : i + (e.shiftKey ? n - 1 : 1)) % n].focus();
    }
  }

  /* -- the hint -------------------------------------------------------------------------------------- */
  function hint() {
    var s = T.state;
    if (!s || T.busy || T.hinting || !s.your_turn || !$("tutor").hidden) return;
    T.hinting = true;
    refreshTools();
    showError("");
    var box = clear($("hint-box"));
    box.appendChild(el("p", "muted", _("The tutor is thinking…")));
    request("POST", gamePath("/hint"), {}).then(function (answer) {
      T.hinting = false;
      if (T.state !== s) { clear(box); refreshTools(); return; }  /* the table has moved on */
      if (!answer.ok || !answer.data) {  /* no hint here (a forced choice): said in the hint's place */
        clear(box).appendChild(el("p", null, capital(String(answer.error))));
        refreshTools();
        return;
      }
      drawHint(answer.data, s);
      refreshTools();
    }).catch(function (e) {
      T.hinting = false;
      clear(box);
      showError(messageOf(e));
      refreshTools();
    });
  }
  function drawHint(h, s) {
    var box = clear($("hint-box"));
    T.hint = h;
    var verdict = el("p", "verdict", h.verdict || (h.best ? fmt(_("The tutor would {action}."), {action: actionWords(h.best, s)}) : _("No advice here.")));
    verdict.id = "hint-verdict";
    box.appendChild(verdict);
    if (Array.isArray(h.options) && h.options.length) box.appendChild(optionsTable(h.options.slice(0, 4), h.best, s));
    markHinted(h.best);
  }
  function markHinted(best) {
    Array.prototype.forEach.call(document.querySelectorAll(".hinted"), function (x) { x.classList.remove("hinted"); });
    if (!best) return;
    var words = String(best).split(/\s+/), targets = [];
    if (CARD.test(best)) targets = [$("hand").querySelector('[data-card="' + best + '"]')];
    else if (words[0] === "discard") targets = words.slice(1).map(function (c) { return $("hand").querySelector('[data-card="' + c + '"]'); });
    else targets = Array.prototype.slice.call(document.querySelectorAll('#choices [data-action="' + best + '"], #summary [data-action="' + best + '"]'));
    targets.forEach(function (t) { if (t) t.classList.add("hinted"); });
  }
  function clearHint() {
    T.hint = null;
    clear($("hint-box"));
    markHinted(null);
  }
