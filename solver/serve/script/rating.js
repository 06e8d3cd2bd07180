  /* -- rating ---------------------------------------------------------------------------------- */
  function rateOptions() {
    var o = {play: $("rate-play").value};
    var samples = $("rate-samples").value.trim(), seed = $("rate-seed").value.trim(), score = $("rate-score").value.trim();
    if (samples) o.samples = parseInt(samples, 10);
    if (seed) o.seed = parseInt(seed, 10);
    if (score) o.score = score;
    return o;
  }
  function stopFollowing() {
    if (S.events) { S.events.close(); S.events = null; }
    if (S.poll) { clearTimeout(S.poll); S.poll = null; }
  }
  function rate() {
    stopFollowing();
    showError("");
    var body = boardBody(rateOptions());
    body.line = lineOf(S.path);
    $("rating").textContent = "";
    $("rating-notes").textContent = "";
    $("rate-status").textContent = _("starting…");
    $("progress").value = 0;
    $("rate").disabled = true;
    api("POST", "/api/rate", body).then(function (answer) {
      S.job = {id: answer.job, line: body.line};
      $("cancel").disabled = false;
      follow(answer.job);
    }).catch(function (e) {
      $("rate").disabled = false;
      $("rate-status").textContent = "";
      showError(messageOf(e));
    });
  }
  /* The job's state, stage and unit are words of the API (English): said here in the page's language. */
  var JOB_STATES = {running: _("running"), queued: _("queued"), done: _("done"), failed: _("failed"),
                    cancelled: _("cancelled")};
  var JOB_STAGES = {starting: _("starting"), rating: _("rating"), "playing out": _("playing out"),
                    inferring: _("inferring"), cancelling: _("cancelling")};
  function jobProgress(job, total) {
    var values = {done: numberText(job.done || 0), total: numberText(total), worth: numberText(job.worth || 0)};
    if (job.unit === "worlds") return fmt(_("{done} of {total} worlds"), values);
    if (job.unit === "playouts") return fmt(_("{done} of {total} playouts"), values);
    if (job.stage === "inferring" && typeof job.worth === "number") return fmt(_("{done} of {total} worlds weighed, worth {worth}"), values);
    return fmt(_("{done} of {total}"), values) + (job.unit ? " " + job.unit : "");
  }
  function ended(job) { return job && job.state && job.state !== "running" && job.state !== "queued"; }
  function follow(id) {
    var url = "/api/jobs/" + encodeURIComponent(id) + "/events?token=" + encodeURIComponent(TOKEN);
    var finished = false, source;
    try { source = new EventSource(url); } catch (e) { pollJob(id); return; }
    S.events = source;
    function onEvent(ev) {
      var job;
      try { job = JSON.parse(ev.data); } catch (e) { return; }
      jobUpdate(id, job);
      if (ended(job)) { finished = true; source.close(); if (S.events === source) S.events = null; }
    }
    source.onmessage = onEvent;
    source.onerror = function () {
      source.close();
      if (S.events === source) S.events = null;
      if (!finished && S.job && S.job.id === id) pollJob(id);
    };
  }
  /* Without events: the job every 300 ms until it ends (one chain of polls at a time). */
  function pollJob(id) {
    if (!S.job || S.job.id !== id || S.job.polling) return;
    S.job.polling = true;
    (function once() {
      S.poll = null;
      api("GET", "/api/jobs/" + encodeURIComponent(id)).then(function (job) {
        jobUpdate(id, job);
        if (!ended(job) && S.job && S.job.id === id) S.poll = setTimeout(once, 300);
      }).catch(function (e) {
        showError(messageOf(e));
        $("rate").disabled = false;
        $("cancel").disabled = true;
      });
    })();
  }
  function jobUpdate(id, job) {
    if (!S.job || S.job.id !== id || !job) return;
    if (S.job.state && ended(S.job)) return;  /* a late event after the end */
    S.job.state = job.state;
    var bar = $("progress"), total = typeof job.total === "number" ? job.total : null;
    if (total && total > 0) { bar.max = total; bar.value = Math.min(job.done || 0, total); }
    else if (job.state === "running") bar.removeAttribute("value");
    var parts = [];
    if (job.stage) parts.push(JOB_STAGES[job.stage] || job.stage);
    if (total) parts.push(jobProgress(job, total));
    if (typeof job.seconds === "number") parts.push(fmt(_("{seconds} s"), {seconds: numberText(job.seconds, 1)}));
    if (job.state !== "running") parts.unshift(JOB_STATES[job.state] || job.state);
    $("rate-status").textContent = parts.join(" · ");
    if (ended(job)) {
      $("rate").disabled = false;
      $("cancel").disabled = true;
      if (job.state === "done") {
        if (total) bar.value = total; else { bar.max = 1; bar.value = 1; }
        if (job.result) drawRating(job.result);
      } else if (job.state === "failed") {
        showError(job.error || _("the rating failed"));
      }
    }
  }
  function cancel() {
    if (!S.job) return;
    var id = S.job.id;
    $("cancel").disabled = true;
    /* The answer may still say running (cancelling): the events or the polling bring the end. */
    api("DELETE", "/api/jobs/" + encodeURIComponent(id)).then(function (job) {
      if (job) jobUpdate(id, job);
      if (!S.events && !ended(S.job)) pollJob(id);
    }).catch(function (e) { showError(messageOf(e)); });
  }
  function pct(x) { return typeof x === "number" ? percentText(x, 1) : "—"; }
  function signed(x, digits) { return typeof x === "number" ? (x >= 0 ? "+" : "") + numberText(x || 0, digits) : "—"; }
  /* A figure and the half-width of its 95% interval, a share (digits null) or a number with digits decimals. */
  function withCi(text, half, digits) {
    if (typeof half !== "number" || !half) return text;
    return text + " ± " + (digits === null ? percentText(half, 1) : numberText(half, digits));
  }
  /* What an option gives up against the top one, with its 95% interval (hidden/display.py, gives_up_text). */
  function givesUpText(r, f) {
    if (typeof f.delta !== "number" || (f.delta === 0 && !f.delta_ci95)) return "—";
    var given = Math.max(0, -f.delta);
    if (r.objective === "net") return numberText(given, 3) + (f.delta_ci95 ? " ± " + numberText(f.delta_ci95, 3) : "");
    return percentText(given, 1) + (f.delta_ci95 ? " ± " + percentText(f.delta_ci95, 1) : "");
  }
  /* The columns of `altbaumer rate`: the deciding side's figures, head in words, in notation, and figure
     (hidden/display.py, columns). */
  function rateColumns(r) {
    var options = r.options || [], ci = function (f, k) { return (f.ci95 || {})[k]; };
    var hasTricks = options.some(function (o) { return o.for_decider && typeof o.for_decider.tricks === "number"; });
    var obj = r.objective, match = obj === "match";
    var win;
    if (r.maker) win = [match ? _("to make 3 tricks") : _("chance to make 3 tricks"), "P(3+)"];
    else win = [match ? _("to hold them to 2") : _("chance to hold them to 2"), "P(set)"];
    var deal = [];
    if (hasTricks) deal.push([_("tricks on average"), "tricks", function (f) { return typeof f.tricks === "number" ? numberText(f.tricks, 2) : "—"; }]);
    deal.push([win[0], win[1], function (f) { return obj === "make" ? withCi(pct(f.p_win), ci(f, "p_win"), null) : pct(f.p_win); }]);
    deal.push([_("to take all five"), "P(5)", function (f) { return obj === "march" ? withCi(pct(f.p_all), ci(f, "p_all"), null) : pct(f.p_all); }]);
    if (!match) {
      return deal.concat([[_("to take none"), "P(0)", function (f) { return pct(f.p_none); }],
                          [_("points"), "points", function (f) { return signed(f.points, 2); }],
                          [_("net points"), "net", function (f) { return obj === "net" ? withCi(signed(f.net, 3), ci(f, "net"), 3) : signed(f.net, 3); }]]);
    }
    return [[_("chance to win the match"), "P(match)", function (f) { return withCi(pct(f.equity), ci(f, "equity"), null); }],
            [_("to win the round"), "P(round)", function (f) { return pct(f.p_round); }]].concat(deal);
  }
  function thousands(x) { return typeof x === "number" ? numberText(x) : "?"; }
  /* Where the figures come from, in words (hidden/display.py, worlds_text). */
  var PLAYED = {realistic: _("each played to the end by players who see only their own cards"),
                endgame: _("the last tricks solved as a game in which every player sees only their own cards"),
                dd: _("each solved with every card open")};
  function dealsText(r) {
    var values = {n: thousands(r.worlds), drawn: thousands((r.inference || {}).drawn),
                  weighed: thousands((r.weighting || {}).weighed), total: thousands(r.total_worlds)};
    if (r.inference) {
      return fmt(ngettext("{n} deal of the unseen cards drawn by how well they explain forehand's choices from {drawn} that fit what you know",
                          "{n} deals of the unseen cards drawn by how well they explain forehand's choices from {drawn} that fit what you know", r.worlds), values);
    }
    if (r.weighting) {
      return fmt(ngettext("{n} deal of the unseen cards drawn by how well they explain the cards the others played from {weighed} that fit what you know",
                          "{n} deals of the unseen cards drawn by how well they explain the cards the others played from {weighed} that fit what you know", r.worlds), values);
    }
    if (r.exact || (r.play === "endgame" && r.double_dummy && r.double_dummy.exact)) {
      return r.worlds === 1 ? _("the one deal of the unseen cards that fits what you know")
                            : fmt(_("all {n} deals of the unseen cards that fit what you know"), values);
    }
    return fmt(_("{n} of the {total} deals of the unseen cards that fit what you know"), values);
  }
  function worldsText(r) { return fmt(_("from {deals}, {played}"), {deals: dealsText(r), played: PLAYED[r.play] || PLAYED.dd}); }
  /* What the heads mean in the notation (hidden/display.py, legend). */
  function legendText(r) {
    var team = TEAM[r.seat] || "", parts = [], match = r.objective === "match";
    if (match) parts.push(_("chance to win the match = P(match) and to win the round = P(round), the round in play, after this deal"));
    if ((r.options || []).some(function (o) { return o.for_decider && typeof o.for_decider.tricks === "number"; })) parts.push(_("tricks on average = tricks"));
    if (r.maker) parts.push(match ? _("to make 3 tricks = P(3+), 3 or more") : _("chance to make 3 tricks = P(3+), 3 or more"));
    else parts.push(match ? _("to hold them to 2 = P(set), the makers held to 2 or fewer") : _("chance to hold them to 2 = P(set), the makers held to 2 or fewer"));
    parts.push(match ? _("to take all five = P(5)") : _("to take all five = P(5); to take none = P(0)"));
    if (!match) {
      parts.push(r.maker ? _("points: the makers' points a deal; net points = net, the makers' points less the defenders'")
                         : _("points: the defenders' points a deal; net points = net, the defenders' points less the makers'"));
    }
    parts.push(fmt(_("gives up = -Δ {unit}, against the top option on the same deals, ± its 95% interval"), {unit: UNIT[r.objective] || r.objective}));
    return fmt(r.maker ? _("the figures are the makers' ({team}): {legend}") : _("the figures are the defenders' ({team}): {legend}"),
               {team: team, legend: parts.join("; ")});
  }
  /* The figures if every card were open, beside a realistic rating (hidden/display.py, open_cards). */
  var OPEN_CARDS = _("If every card were open");
  var OPEN_CARDS_NOTE = fmt(_("The line \"{name}\" gives each option as if every player saw every card after this choice: a play that hidden cards rarely allow, shown to compare."),
                            {name: OPEN_CARDS});
  /* Whose chance of what, by objective: the maker's and the defender's (hidden/advice.py, chance_words). */
  var CHANCES = {match: [_("your chance to win the match"), _("your side's chance to win the match")],
                 make: [_("your chance to make 3 tricks"), _("your side's chance to hold the makers to 2 tricks")],
                 march: [_("your chance to take all five tricks"), _("your side's chance to stop the makers taking all five")],
                 net: [_("your net points a deal"), _("your side's net points a deal")]};
  function chanceWords(r) { return (CHANCES[r.objective] || CHANCES.match)[r.maker ? 0 : 1]; }
  function objectiveFigure(r, o) {
    var f = o.for_decider || o;
    if (r.objective === "net") return signed(f.net, 3);
    if (r.objective === "make") return pct(f.p_win);
    if (r.objective === "march") return pct(r.maker ? f.p_all : 1 - o.p_march);
    return pct(f.equity);
  }
  function optionText(option) { return String(option).split(" ").map(cardText).join(" "); }
  function openCardsText(r) {
    var dd = r.double_dummy, best = null, verdict;
    (dd.options || []).forEach(function (o) { if (o.option === dd.best) best = o; });
    if (dd.verdict === false || !best) verdict = _("no advice on so few deals");
    else if (r.verdict !== false && dd.best === r.best) verdict = _("the same advice");
    else verdict = fmt(_("other advice: {option}"), {option: best.words || optionText(best.option)});
    var deals = dd.exact ? fmt(_("all {n} deals"), {n: thousands(dd.worlds)})
                         : fmt(ngettext("{n} deal", "{n} deals", dd.worlds), {n: thousands(dd.worlds)});
    return fmt(_("{name} ({deals}), {chance}: {figures} — {verdict}"), {name: OPEN_CARDS, deals: deals, chance: chanceWords(dd),
      figures: dd.options.map(function (o) { return optionText(o.option) + " " + objectiveFigure(dd, o); }).join(", "), verdict: verdict});
  }
  /* The marks' names, and as a verdict (hidden/advice.py); the symbols stay. */
  var RATE_MARK_WORDS = {"?!": _("inaccuracy"), "?": _("mistake"), "??": _("blunder")};
  var RATE_MARK_VERDICTS = {"?!": _("an inaccuracy"), "?": _("a mistake"), "??": _("a blunder")};
  function drawRating(r) {
    var table = $("rating"), notes = $("rating-notes");
    table.textContent = "";
    notes.textContent = "";
    $("rating-advice").textContent = r.advice || "";
    var columns = rateColumns(r), options = r.options || [], verdict = r.verdict !== false;
    var said = {seat: r.seat || "?", decision: TITLES[r.decision] || r.decision || "", deals: worldsText(r)};
    var caption = el("caption", "l", fmt(r.maker ? _("{seat} (maker) decides {decision} — {deals}") : _("{seat} (defender) decides {decision} — {deals}"), said) +
      (typeof r.seconds === "number" ? "; " + fmt(_("{seconds} s"), {seconds: numberText(r.seconds, 2)}) : ""));
    table.appendChild(caption);
    var head = el("tr");
    head.appendChild(el("th", "l", _("option")));
    function th(words, notation) { var h = el("th", "", words); h.title = notation; head.appendChild(h); }
    columns.forEach(function (c) { th(c[0], c[1]); });
    th(_("gives up"), "Δ " + (UNIT[r.objective] || r.objective || ""));
    table.appendChild(head);
    options.forEach(function (o) {
      var f = o.for_decider || o, best = o.best && verdict, tr = el("tr", best ? "best" : "");
      tr.setAttribute("data-option", o.option);
      var cell = el("td", "l opt");
      cell.appendChild(optionNode(o.option));
      if (o.mark) {
        var m = el("span", "mark " + (MARK_CLASS[o.mark] || ""), o.mark);
        m.title = RATE_MARK_WORDS[o.mark] || "";
        cell.appendChild(m);
      }
      if (best) { var star = el("span", "star", "★"); star.title = _("the advice"); cell.appendChild(star); }
      if (r.chosen && o.option === r.chosen) cell.appendChild(el("span", "chosen-mark", " ◆"));
      tr.appendChild(cell);
      columns.forEach(function (c) { tr.appendChild(el("td", "", c[2](f))); });
      tr.appendChild(el("td", "delta", givesUpText(r, f)));
      table.appendChild(tr);
    });
    var lines = [];
    if (r.objective === "match" && r.state) {
      lines.push(fmt(r.state_assumed ? _("score not known: rated as the first deal of a match ({score})")
                                     : _("score before the deal: {score}"), {score: r.state.text}));
    }
    lines.push(legendText(r));
    if (!verdict) lines.push(_("no verdict: the figures stand without ★ or marks"));
    if (r.complete === false) lines.push(_("interrupted: partial result over the worlds solved so far"));
    if (r.chosen && r.chosen_advice) lines.push(fmt(_("the recorded choice ◆: {advice}"), {advice: r.chosen_advice}));
    else if (r.chosen && verdict) {
      var chosen = options.filter(function (o) { return o.option === r.chosen; })[0];
      var choice = {choice: chosen && chosen.words ? chosen.words : r.chosen, verdict: RATE_MARK_VERDICTS[r.mark] || r.mark, mark: r.mark};
      if (r.chosen === r.best) lines.push(fmt(_("the recorded choice ◆, {choice}, is the advice"), choice));
      else if (r.mark) lines.push(fmt(_("the recorded choice ◆, {choice}: {verdict} ({mark})"), choice));
    }
    lines.forEach(function (t) { notes.appendChild(el("p", "", t)); });
    if (r.double_dummy && r.double_dummy.options) {
      notes.appendChild(el("p", "open-cards", openCardsText(r)));
      var more = el("details"), summary = el("summary", "", fmt(_("What “{name}” means"), {name: OPEN_CARDS}));
      more.appendChild(summary);
      more.appendChild(el("p", "", OPEN_CARDS_NOTE));
      notes.appendChild(more);
    }
  }
  /* The deals field in words, for the play chosen: its default is the rater's (the placeholder), all of them when
     few enough fit, and realistic play plays out the first of them until the ranking settles (RATING: the server's). */
  var RATING = __RATING__;
  function describeDeals() {
    var field = $("rate-samples"), typed = parseInt(field.value, 10);
    var n = typed >= 2 ? typed : parseInt(field.placeholder, 10);
    var first = Math.min(n, RATING.settle_after), most = Math.min(n, RATING.effort);
    var values = {n: numberText(n), limit: thousands(RATING.exact_limit), first: thousands(first), most: thousands(most)};
    var text;
    if ($("rate-play").value === "dd") {
      text = _("{n} deals of the unseen cards that fit what you know (all of them when no more than {limit} fit), each solved with every card open.");
    } else if (first === most) {
      text = _("{n} deals of the unseen cards that fit what you know (all of them when no more than {limit} fit), solved with every card open, and the first {first} of them played to the end by players who see only their own cards, until the advice is settled.");
    } else {
      text = _("{n} deals of the unseen cards that fit what you know (all of them when no more than {limit} fit), solved with every card open, and the first {first} to {most} of them played to the end by players who see only their own cards, until the advice is settled.");
    }
    $("rate-deals").textContent = fmt(text, values);
  }
  $("rate-play").addEventListener("change", describeDeals);
  $("rate-samples").addEventListener("input", describeDeals);
  describeDeals();
