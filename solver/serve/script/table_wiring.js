  /* -- the buttons and the start ----------------------------------------------------------------------- */
  $("hand").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("button[data-card]") : null;
    if (b && !b.disabled) handClick(b.getAttribute("data-card"));
  });
  $("choices").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("button") : null;
    if (!b || b.disabled) return;
    if (b.id === "discard-confirm") confirmDiscard();
    else if (b.hasAttribute("data-action")) act(b.getAttribute("data-action"));
  });
  $("summary").addEventListener("click", function (e) {
    var b = e.target.closest ? e.target.closest("button[data-action]") : null;
    if (b && !b.disabled) act(b.getAttribute("data-action"));
  });
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("last-trick").addEventListener("click", function () { toggleLast(); });
  $("tutor-play").addEventListener("click", tutorPlay);
  $("tutor-rethink").addEventListener("click", closeTutor);
  $("tutor-hint").addEventListener("click", tutorHint);
  $("autoplay").addEventListener("change", function () {
    store(STORE.autoplay, $("autoplay").checked ? "1" : "0");
    if ($("autoplay").checked && T.state && !T.busy && forcedCard(T.state)) {
      setBusy(true);
      finish();
    }
  });
  $("speed").addEventListener("change", function () {
    var v = parseInt($("speed").value, 10);
    T.delay = isNaN(v) || v < 0 ? 600 : v;
    store(STORE.delay, String(T.delay));
  });

  /* The rules page, with this page's token, as the other addresses the page builds. */
  $("rules-link").href = "/rules?token=" + encodeURIComponent(TOKEN);

  initSettings();
  start();
