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
  function deltaText(r, f) {
    if (typeof f.delta !== "number") return "—";
    if (f.delta === 0 && !f.delta_ci95) return "—";
    if (r.objective === "net") return signed(f.delta, 3) + (f.delta_ci95 ? " ± " + f.delta_ci95.toFixed(3) : "");
    var shown = Math.round(1000 * f.delta) ? signed(100 * f.delta, 1) + "%" : "0.0%";
    return shown + (f.delta_ci95 ? " ± " + (100 * f.delta_ci95).toFixed(1) + "%" : "");
  }
  /* The columns of `altbaumer rate`: the deciding side's figures (hidden/display.py, columns). */
  function rateColumns(r) {
    var options = r.options || [], ci = function (f, k) { return (f.ci95 || {})[k]; };
    var hasTricks = options.some(function (o) { return o.for_decider && typeof o.for_decider.tricks === "number"; });
    var win = r.maker ? "P(3+)" : "P(set)", obj = r.objective;
    var deal = [];
    if (hasTricks) deal.push(["tricks", function (f) { return typeof f.tricks === "number" ? f.tricks.toFixed(2) : "—"; }]);
    deal.push([win, function (f) { return obj === "make" ? withCi(pct(f.p_win), ci(f, "p_win"), 100, 1, "%") : pct(f.p_win); }]);
    deal.push(["P(5)", function (f) { return obj === "march" ? withCi(pct(f.p_all), ci(f, "p_all"), 100, 1, "%") : pct(f.p_all); }]);
    if (obj !== "match") {
      return deal.concat([["P(0)", function (f) { return pct(f.p_none); }],
                          ["points", function (f) { return signed(f.points, 2); }],
                          ["net", function (f) { return obj === "net" ? withCi(signed(f.net, 3), ci(f, "net"), 1, 3, "") : signed(f.net, 3); }]]);
    }
    return [["P(match)", function (f) { return withCi(pct(f.equity), ci(f, "equity"), 100, 1, "%"); }],
            ["P(round)", function (f) { return pct(f.p_round); }]].concat(deal);
  }
  function worldsText(r) {
    var n = function (x) { return typeof x === "number" ? x.toLocaleString("en") : "?"; };
    if (r.play === "realistic") return n(r.worlds) + " sampled worlds played out, every seat from its own knowledge";
    if (r.play === "endgame") return n(r.worlds) + " worlds, the last tricks solved as a game of hidden cards, every card from its player's knowledge";
    if (r.weighting) return n(r.worlds) + " worlds drawn by the cards played from " + n(r.weighting.weighed) + " weighed";
    if (r.exact) return (r.worlds > 1 ? "all " : "") + n(r.worlds) + " world" + (r.worlds === 1 ? "" : "s") + " (exact)";
    if (r.inference) return n(r.worlds) + " worlds drawn by inference from " + n(r.inference.drawn);
    return n(r.worlds) + " sampled worlds of " + n(r.total_worlds);
  }
  function legendText(r) {
    var team = TEAM[r.seat] || "", parts = [], match = r.objective === "match";
    if (match) parts.push("P(match), P(round): the chances that " + team + " win the match and the round in play after this deal");
    if (r.maker) parts.push((match ? "P(3+), P(5)" : "P(3+), P(5), P(0)") + ": the makers take " + (match ? "3 or more, all five" : "3 or more, all five, none"));
    else { parts.push("P(set): the makers held to 2 or fewer"); parts.push(match ? "P(5): the defenders take all five" : "P(5), P(0): the defenders take all five, none"); }
    parts.push("Δ: what the option gives up against the top one in " + (UNIT[r.objective] || r.objective) + ", on the same worlds");
    return parts.join("; ");
  }
  function drawRating(r) {
    var table = $("rating"), notes = $("rating-notes");
    table.textContent = "";
    notes.textContent = "";
    var columns = rateColumns(r), options = r.options || [];
    var caption = el("caption", "l", (r.seat || "?") + " (" + (r.maker ? "maker" : "defender") + ") decides " +
      (TITLES[r.decision] || r.decision || "") + " — " + worldsText(r) + (typeof r.seconds === "number" ? ", " + r.seconds.toFixed(2) + " s" : ""));
    table.appendChild(caption);
    var head = el("tr");
    head.appendChild(el("th", "l", "option"));
    columns.forEach(function (c) { head.appendChild(el("th", "", c[0])); });
    head.appendChild(el("th", "", "Δ " + (UNIT[r.objective] || r.objective || "")));
    table.appendChild(head);
    options.forEach(function (o) {
      var f = o.for_decider || o, tr = el("tr", o.best && r.verdict !== false ? "best" : "");
      tr.setAttribute("data-option", o.option);
      var cell = el("td", "l opt");
      cell.appendChild(optionNode(o.option));
      if (o.mark) {
        var m = el("span", "mark " + (MARK_CLASS[o.mark] || ""), o.mark);
        m.title = MARK_NAME[o.mark] || "";
        cell.appendChild(m);
      }
      if (o.best && r.verdict !== false) { var star = el("span", "star", "★"); star.title = "best"; cell.appendChild(star); }
      if (r.chosen && o.option === r.chosen) cell.appendChild(el("span", "chosen-mark", " ◆"));
      tr.appendChild(cell);
      columns.forEach(function (c) { tr.appendChild(el("td", "", c[1](f))); });
      tr.appendChild(el("td", "delta", deltaText(r, f)));
      table.appendChild(tr);
    });
    var lines = [];
    if (r.objective === "match" && r.state) {
      lines.push(r.state_assumed ? "score not known: rated as the first deal of a match (" + r.state.text + ")"
                                 : "score before the deal: " + r.state.text);
    }
    lines.push(legendText(r));
    if (r.verdict === false) lines.push("no verdict: the figures stand without ★ or marks");
    if (r.complete === false) lines.push("interrupted: partial result over the worlds solved so far");
    if (r.double_dummy && r.double_dummy.options) {
      var key = r.objective === "match" ? "equity" : "net";
      lines.push("double dummy (every player sees all cards after the decision): " +
        (r.double_dummy.best ? "★ " + r.double_dummy.best.split(" ").map(cardText).join(" ") + "; " : "") +
        r.double_dummy.options.map(function (o) {
          var f = o.for_decider || o;
          return String(o.option).split(" ").map(cardText).join(" ") + " " + (key === "equity" ? pct(f.equity) : signed(f.net, 3));
        }).join(", "));
    }
    if (r.chosen && r.mark) lines.push("chosen " + r.chosen + ": " + (MARK_NAME[r.mark] || r.mark) + " (" + r.mark + ")");
    lines.forEach(function (t) { notes.appendChild(el("p", "", t)); });
  }

