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
    $("rate-status").textContent = "starting…";
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
    if (job.stage) parts.push(job.stage);
    if (total) parts.push((job.done || 0).toLocaleString("en") + " of " + total.toLocaleString("en") + (job.unit ? " " + job.unit : ""));
    if (typeof job.seconds === "number") parts.push(job.seconds.toFixed(1) + " s");
    if (job.state !== "running") parts.unshift(job.state);
    $("rate-status").textContent = parts.join(" · ");
    if (ended(job)) {
      $("rate").disabled = false;
      $("cancel").disabled = true;
      if (job.state === "done") {
        if (total) bar.value = total; else { bar.max = 1; bar.value = 1; }
        if (job.result) drawRating(job.result);
      } else if (job.state === "failed") {
        showError(job.error || "the rating failed");
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
  function pct(x) { return typeof x === "number" ? (100 * x).toFixed(1) + "%" : "—"; }
  function signed(x, digits) { return typeof x === "number" ? (x >= 0 ? "+" : "") + x.toFixed(digits) : "—"; }
  function withCi(text, half, scale, digits, unit) {
    return typeof half === "number" && half ? text + " ± " + (scale * half).toFixed(digits) + unit : text;
  }
  /* What an option gives up against the top one, with its 95% interval (hidden/display.py, gives_up_text). */
  function givesUpText(r, f) {
    if (typeof f.delta !== "number" || (f.delta === 0 && !f.delta_ci95)) return "—";
    var given = Math.max(0, -f.delta);
    if (r.objective === "net") return given.toFixed(3) + (f.delta_ci95 ? " ± " + f.delta_ci95.toFixed(3) : "");
    return (100 * given).toFixed(1) + "%" + (f.delta_ci95 ? " ± " + (100 * f.delta_ci95).toFixed(1) + "%" : "");
  }
  /* The columns of `altbaumer rate`: the deciding side's figures, head in words, in notation, and figure
     (hidden/display.py, columns). */
  function rateColumns(r) {
    var options = r.options || [], ci = function (f, k) { return (f.ci95 || {})[k]; };
    var hasTricks = options.some(function (o) { return o.for_decider && typeof o.for_decider.tricks === "number"; });
    var obj = r.objective, match = obj === "match";
    var win = r.maker ? ["to make 3 tricks", "P(3+)"] : ["to hold them to 2", "P(set)"];
    var deal = [];
    if (hasTricks) deal.push(["tricks on average", "tricks", function (f) { return typeof f.tricks === "number" ? f.tricks.toFixed(2) : "—"; }]);
    deal.push([(match ? "" : "chance ") + win[0], win[1], function (f) { return obj === "make" ? withCi(pct(f.p_win), ci(f, "p_win"), 100, 1, "%") : pct(f.p_win); }]);
    deal.push(["to take all five", "P(5)", function (f) { return obj === "march" ? withCi(pct(f.p_all), ci(f, "p_all"), 100, 1, "%") : pct(f.p_all); }]);
    if (!match) {
      return deal.concat([["to take none", "P(0)", function (f) { return pct(f.p_none); }],
                          ["points", "points", function (f) { return signed(f.points, 2); }],
                          ["net points", "net", function (f) { return obj === "net" ? withCi(signed(f.net, 3), ci(f, "net"), 1, 3, "") : signed(f.net, 3); }]]);
    }
    return [["chance to win the match", "P(match)", function (f) { return withCi(pct(f.equity), ci(f, "equity"), 100, 1, "%"); }],
            ["to win the round", "P(round)", function (f) { return pct(f.p_round); }]].concat(deal);
  }
  function thousands(x) { return typeof x === "number" ? x.toLocaleString("en") : "?"; }
  /* Where the figures come from, in words (hidden/display.py, worlds_text). */
  var PLAYED = {realistic: "each played to the end by players who see only their own cards",
                endgame: "the last tricks solved as a game in which every player sees only their own cards",
                dd: "each solved with every card open"};
  function dealsText(r) {
    var of = thousands(r.worlds) + " deal" + (r.worlds === 1 ? "" : "s") + " of the unseen cards";
    if (r.inference) return of + " drawn by how well they explain forehand's choices from " + thousands(r.inference.drawn) + " that fit what you know";
    if (r.weighting) return of + " drawn by how well they explain the cards the others played from " + thousands(r.weighting.weighed) + " that fit what you know";
    if (r.exact || (r.play === "endgame" && r.double_dummy && r.double_dummy.exact)) {
      return r.worlds === 1 ? "the one deal of the unseen cards that fits what you know"
                            : "all " + thousands(r.worlds) + " deals of the unseen cards that fit what you know";
    }
    return thousands(r.worlds) + " of the " + thousands(r.total_worlds) + " deals of the unseen cards that fit what you know";
  }
  function worldsText(r) { return "from " + dealsText(r) + ", " + (PLAYED[r.play] || PLAYED.dd); }
  /* What the heads mean in the notation (hidden/display.py, legend). */
  function legendText(r) {
    var team = TEAM[r.seat] || "", parts = [], match = r.objective === "match", first = match ? "" : "chance ";
    var side = r.maker ? "makers" : "defenders";
    if (match) parts.push("chance to win the match = P(match) and to win the round = P(round), the round in play, after this deal");
    if ((r.options || []).some(function (o) { return o.for_decider && typeof o.for_decider.tricks === "number"; })) parts.push("tricks on average = tricks");
    parts.push(r.maker ? first + "to make 3 tricks = P(3+), 3 or more" : first + "to hold them to 2 = P(set), the makers held to 2 or fewer");
    parts.push("to take all five = P(5)" + (match ? "" : "; to take none = P(0)"));
    if (!match) parts.push("points: the " + side + "' points a deal; net points = net, the " + side + "' points less the " + (r.maker ? "defenders" : "makers") + "'");
    parts.push("gives up = -Δ " + (UNIT[r.objective] || r.objective) + ", against the top option on the same deals, ± its 95% interval");
    return "the figures are the " + side + "' (" + team + "): " + parts.join("; ");
  }
  /* The figures if every card were open, beside a realistic rating (hidden/display.py, open_cards). */
  var OPEN_CARDS = "If every card were open";
  var OPEN_CARDS_NOTE = "The line \"" + OPEN_CARDS + "\" gives each option as if every player saw every card after " +
    "this choice: a play that hidden cards rarely allow, shown to compare";
  var GOALS = {match: ["win the match", "win the match"], make: ["make 3 tricks", "hold the makers to 2 tricks"],
               march: ["take all five tricks", "stop the makers taking all five"]};
  function chanceWords(r) {
    var yours = r.maker ? "your" : "your side's";
    return r.objective === "net" ? yours + " net points a deal" : yours + " chance to " + (GOALS[r.objective] || GOALS.match)[r.maker ? 0 : 1];
  }
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
    if (dd.verdict === false || !best) verdict = "no advice on so few deals";
    else if (r.verdict !== false && dd.best === r.best) verdict = "the same advice";
    else verdict = "other advice: " + (best.words || optionText(best.option));
    var deals = dd.exact ? "all " + thousands(dd.worlds) + " deals" : thousands(dd.worlds) + " deal" + (dd.worlds === 1 ? "" : "s");
    return OPEN_CARDS + " (" + deals + "), " + chanceWords(dd) + ": " +
      dd.options.map(function (o) { return optionText(o.option) + " " + objectiveFigure(dd, o); }).join(", ") + " — " + verdict;
  }
  function drawRating(r) {
    var table = $("rating"), notes = $("rating-notes");
    table.textContent = "";
    notes.textContent = "";
    $("rating-advice").textContent = r.advice || "";
    var columns = rateColumns(r), options = r.options || [], verdict = r.verdict !== false;
    var caption = el("caption", "l", (r.seat || "?") + " (" + (r.maker ? "maker" : "defender") + ") decides " +
      (TITLES[r.decision] || r.decision || "") + " — " + worldsText(r) + (typeof r.seconds === "number" ? "; " + r.seconds.toFixed(2) + " s" : ""));
    table.appendChild(caption);
    var head = el("tr");
    head.appendChild(el("th", "l", "option"));
    function th(words, notation) { var h = el("th", "", words); h.title = notation; head.appendChild(h); }
    columns.forEach(function (c) { th(c[0], c[1]); });
    th("gives up", "Δ " + (UNIT[r.objective] || r.objective || ""));
    table.appendChild(head);
    options.forEach(function (o) {
      var f = o.for_decider || o, best = o.best && verdict, tr = el("tr", best ? "best" : "");
      tr.setAttribute("data-option", o.option);
      var cell = el("td", "l opt");
      cell.appendChild(optionNode(o.option));
      if (o.mark) {
        var m = el("span", "mark " + (MARK_CLASS[o.mark] || ""), o.mark);
        m.title = MARK_NAME[o.mark] || "";
        cell.appendChild(m);
      }
      if (best) { var star = el("span", "star", "★"); star.title = "the advice"; cell.appendChild(star); }
      if (r.chosen && o.option === r.chosen) cell.appendChild(el("span", "chosen-mark", " ◆"));
      tr.appendChild(cell);
      columns.forEach(function (c) { tr.appendChild(el("td", "", c[2](f))); });
      tr.appendChild(el("td", "delta", givesUpText(r, f)));
      table.appendChild(tr);
    });
    var lines = [];
    if (r.objective === "match" && r.state) {
      lines.push(r.state_assumed ? "score not known: rated as the first deal of a match (" + r.state.text + ")"
                                 : "score before the deal: " + r.state.text);
    }
    lines.push(legendText(r));
    if (!verdict) lines.push("no verdict: the figures stand without ★ or marks");
    if (r.complete === false) lines.push("interrupted: partial result over the worlds solved so far");
    if (r.chosen && r.chosen_advice) lines.push("the recorded choice ◆: " + r.chosen_advice);
    else if (r.chosen && verdict) {
      var chosen = options.filter(function (o) { return o.option === r.chosen; })[0];
      var said = "the recorded choice ◆, " + (chosen && chosen.words ? chosen.words : r.chosen);
      if (r.chosen === r.best) lines.push(said + ", is the advice");
      else if (r.mark) lines.push(said + ": " + (MARK_NAME[r.mark] === "inaccuracy" ? "an " : "a ") + (MARK_NAME[r.mark] || r.mark) + " (" + r.mark + ")");
    }
    lines.forEach(function (t) { notes.appendChild(el("p", "", t)); });
    if (r.double_dummy && r.double_dummy.options) {
      notes.appendChild(el("p", "open-cards", openCardsText(r)));
      var more = el("details"), summary = el("summary", "", "What “" + OPEN_CARDS + "” means");
      more.appendChild(summary);
      more.appendChild(el("p", "", OPEN_CARDS_NOTE + "."));
      notes.appendChild(more);
    }
  }
  /* The deals field in words, for the play chosen: its default is the rater's (the placeholder), all of them when
     few enough fit, and realistic play plays out the first of them until the ranking settles (RATING: the server's). */
  var RATING = __RATING__;
  function describeDeals() {
    var field = $("rate-samples"), typed = parseInt(field.value, 10);
    var n = typed >= 2 ? typed : parseInt(field.placeholder, 10);
    var deals = n.toLocaleString("en") + " deals of the unseen cards that fit what you know (all of them when no more than " + thousands(RATING.exact_limit) + " fit), ";
    if ($("rate-play").value === "dd") { $("rate-deals").textContent = deals + "each solved with every card open."; return; }
    var first = Math.min(n, RATING.settle_after), most = Math.min(n, RATING.effort);
    $("rate-deals").textContent = deals + "solved with every card open, and the first " +
      (first === most ? thousands(first) : thousands(first) + " to " + thousands(most)) +
      " of them played to the end by players who see only their own cards, until the advice is settled.";
  }
  $("rate-play").addEventListener("change", describeDeals);
  $("rate-samples").addEventListener("input", describeDeals);
  describeDeals();
