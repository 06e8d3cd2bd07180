  /* -- acting, showing the cards played, taking back, the start ------------------------------------ */
  /* Say a card played (and, when it ends a trick, who wins it) in the live region. */
  function tell(s, played, i) {
    var p = played[i];
    if (!p) return;
    announce(bySeat(p.seat, _("You play {card}."), _("{seat} plays {card}."), {card: cardPhrase(p.card)}));
    if (p.winner) announce(bySeat(p.winner, _("You win the trick."), _("{seat} wins the trick.")));
  }
  function tellState(s) {
    var key;
    if (finished(s)) {
      key = "end " + s.deal;
      if (!T.told[key]) {
        T.told[key] = true;
        announce(_("The deal is over.") + (s.summary && s.summary.words ? " " + s.summary.words : ""));
        if (s.over || s.phase === "over") announce(overWords(s));
      }
    } else if (s.your_turn && s.phase !== "play" && s.prompt) {
      key = "ask " + s.deal + " " + s.phase + " " + s.prompt;
      if (!T.told[key]) { T.told[key] = true; announce(s.prompt); }
    }
  }

  /* The person's own card, shown at once while the server answers. */
  function showAhead(code) {
    var trick = $("trick"), slot = trick.querySelector(".slot-bottom");
    if (trick.classList.contains("done")) {
      Array.prototype.forEach.call(trick.querySelectorAll(".slot"), function (x) { clear(x); x.classList.remove("won"); });
      trick.classList.remove("done");
    }
    clear($("stock"));
    clear(slot).appendChild(cardNode(code));
    var b = $("hand").querySelector('[data-card="' + code + '"]');
    if (b) b.parentNode.removeChild(b);
  }
  function freeze() {
    Array.prototype.forEach.call(document.querySelectorAll("#hand button, #choices button, #summary button"),
                                 function (b) { b.disabled = true; });
  }

  /* Post ``action``; the tutor may ask first (409). ``forced``: the page's own auto-play, already busy. */
  function act(action, confirm, forced) {
    var s = T.state;
    if (!s || (T.busy && !forced) || !$("tutor").hidden) return;
    showError("");
    clearHint();
    var active = document.activeElement;
    T.refocus = !!(active && active.closest && active.closest("#hand, #choices, #summary, #tutor"));
    var ahead = null;
    if (CARD.test(action) && s.phase === "play") {
      ahead = {seat: s.seat, card: action};
      showAhead(action);
    }
    setBusy(true);
    freeze();
    var body = {action: action};
    if (confirm) body.confirm = true;
    request("POST", gamePath(), body).then(function (answer) {
      if (answer.ok && answer.data) return receive(answer.data, ahead).then(finish);
      drawState(T.state, 0);
      setBusy(false);
      if (answer.status === 409 && answer.data && answer.data.tutor) openTutor(action, answer.data.tutor);
      else showError(answer.error);
    }).catch(function (e) {
      drawState(T.state, 0);
      setBusy(false);
      showError(messageOf(e));
    });
  }

  /* The new state after an action: its cards played since the state drawn last are shown one at a time. */
  function receive(s, ahead) {
    var old = T.state, played = Array.isArray(s.played) ? s.played : [], from = 0;
    if (old && old.deal === s.deal && Array.isArray(old.played) && old.played.length <= played.length) from = old.played.length;
    T.state = s;
    T.picked = [];
    if (ahead && played[from] && played[from].seat === ahead.seat && played[from].card === ahead.card) {
      tell(s, played, from);  /* on the table already */
      from += 1;
    }
    return show(s, from);
  }
  function show(s, from) {
    var played = Array.isArray(s.played) ? s.played : [], n = played.length, i = Math.min(from, n);
    return new Promise(function (resolve, reject) {
      function step() {
        if (i >= n) { drawState(s, 0); resolve(); return; }
        T.timer = setTimeout(function () {
          try {
            i += 1;
            drawState(s, n - i);
            tell(s, played, i - 1);
            step();
          } catch (e) { reject(e); }
        }, T.delay);
      }
      drawState(s, n - i);
      step();
    });
  }
  /* A state is drawn: ready, unless the forced card plays itself. */
  function finish(noAuto) {
    var s = T.state;
    if (s) tellState(s);
    watchReview(s);
    if (s && !noAuto && $("autoplay").checked && forcedCard(s)) {
      T.timer = setTimeout(function () { act(s.legal[0], false, true); }, T.delay);
      return;
    }
    setBusy(false);
    if (T.refocus) {
      T.refocus = false;
      focusPlay();
    }
  }
  /* After a choice made from the keyboard's focus, the focus goes to what can be chosen next. */
  function focusPlay() {
    var target = $("hand").querySelector("button.card:not(:disabled)") || document.querySelector("#choices button:not(:disabled)") ||
                 document.querySelector("#summary button:not(:disabled)");
    if (target && (!document.activeElement || document.activeElement === document.body)) target.focus({preventScroll: true});
  }
  /* After the match the review is worked out on the server: asked for again until it is ready. */
  function watchReview(s) {
    if (!s || !(s.over || s.phase === "over") || !s.review || s.review.ready !== false || T.reviewTimer) return;
    T.reviewTimer = setTimeout(function () {
      T.reviewTimer = null;
      if (T.busy || T.state !== s) { watchReview(T.state); return; }
      api("GET", gamePath()).then(function (next) {
        if (T.busy || T.state !== s) return;
        T.state = next;
        drawState(next, 0);
        watchReview(next);
      }).catch(function (e) { showError(messageOf(e)); });
    }, 2000);
  }
  function forcedCard(s) {
    return s.phase === "play" && s.your_turn && Array.isArray(s.legal) && s.legal.length === 1 && CARD.test(s.legal[0]);
  }

  function undo() {
    var s = T.state;
    if (!s || T.busy || !s.can_undo || s.over || !$("tutor").hidden) return;
    showError("");
    clearHint();
    setBusy(true);
    request("POST", gamePath("/undo"), {}).then(function (answer) {
      if (answer.ok && answer.data) {
        T.state = answer.data;
        T.picked = [];
        drawState(answer.data, 0);
        announce(_("Taken back."));
      } else showError(answer.error);
      finish(true);
    }).catch(function (e) { showError(messageOf(e)); finish(true); });
  }

  function toggleLast(open) {
    T.lastOpen = open === undefined ? !T.lastOpen : !!open;
    drawLastTrick();
  }

  /* -- settings: speed and auto-play --------------------------------------------------------------- */
  function initSettings() {
    var asked = QUERY.get("delay"), saved = stored(STORE.delay), delay = 600;
    if (asked !== null && /^\d+$/.test(asked)) delay = parseInt(asked, 10);
    else if (saved !== null && /^\d+$/.test(saved)) delay = parseInt(saved, 10);
    T.delay = delay;
    var speed = $("speed");
    if (!Array.prototype.some.call(speed.options, function (o) { return o.value === String(delay); })) {
      var o = el("option", null, fmt(_("{n} ms"), {n: delay}));
      o.value = String(delay);
      speed.appendChild(o);
    }
    speed.value = String(delay);
    $("autoplay").checked = stored(STORE.autoplay) === "1";
  }

  /* -- the start ------------------------------------------------------------------------------------ */
  function start() {
    if (!TOKEN) {
      showError(_("this address has no token: open the address the server printed (…/play?token=…)"));
      setBusy(false);
      return;
    }
    setBusy(true);
    var fresh = !T.game;
    var made = fresh ? api("POST", "/api/play", {}).then(function (answer) {
      T.game = answer.game;
      var q = new URLSearchParams(location.search);
      q.set("game", answer.game);
      history.replaceState(null, "", location.pathname + "?" + q.toString() + location.hash);
    }) : Promise.resolve();
    made.then(function () { return api("GET", gamePath()); }).then(function (s) {
      T.state = s;
      /* A new match shows the bots' first cards one at a time; a reload shows the table as it is. */
      return show(s, fresh ? 0 : (s.played || []).length);
    }).then(function () { finish(); }).catch(function (e) {
      showError(messageOf(e));
      setBusy(false);
    });
  }
