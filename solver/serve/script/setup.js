  /* -- setting up a deal ---------------------------------------------------------------------- */
  var SETUP = {place: {}, order: []};  /* card → "N".."W" or "stock"; the stock's order of placing */
  var PLACES = ["N", "E", "S", "W", "stock"], ROOM = {N: 5, E: 5, S: 5, W: 5, stock: 4};
  /* A place in words: a seat's letter, or the stock. */
  function placeName(where) { return where === "stock" ? _("stock") : where; }
  function placed(where) {
    if (where === "stock") return SETUP.order.filter(function (c) { return SETUP.place[c] === "stock"; });
    return Object.keys(SETUP.place).filter(function (c) { return SETUP.place[c] === where; }).sort(byPack);
  }
  /* The radio button chosen in group `name` (else `fallback`), and choosing one: the set-ups' "place into". */
  function chosenRadio(name, fallback) {
    var r = document.querySelector('input[name="' + name + '"]:checked');
    return r ? r.value : fallback;
  }
  function chooseRadio(name, value) {
    var r = document.querySelector('input[name="' + name + '"][value="' + value + '"]');
    if (r) r.checked = true;
  }
  function target() { return chosenRadio("setup-to", "N"); }
  function setTarget(where) { chooseRadio("setup-to", where); }
  function setupPut(card) {
    if (SETUP.place[card]) { delete SETUP.place[card]; SETUP.order = SETUP.order.filter(function (c) { return c !== card; }); drawSetup(); return; }
    var where = target();
    if (placed(where).length >= ROOM[where]) {
      var free = PLACES.filter(function (p) { return placed(p).length < ROOM[p]; });
      if (!free.length) return;
      where = free[0];
      setTarget(where);
    }
    SETUP.place[card] = where;
    SETUP.order.push(card);
    if (placed(where).length >= ROOM[where]) {
      var next = PLACES.filter(function (p) { return placed(p).length < ROOM[p]; })[0];
      if (next) setTarget(next);
    }
    drawSetup();
  }
  function drawSetup() {
    var pool = $("setup-pool");
    pool.textContent = "";
    FACES.cards.forEach(function (c) {
      var b = face(c[0], "button");
      b.type = "button";
      b.className += " pcard" + (SETUP.place[c[0]] ? " placed" : "");
      b.title = SETUP.place[c[0]] ? fmt(_("in {place}: click to take it back"), {place: placeName(SETUP.place[c[0]])}) : _("place into the chosen hand");
      pool.appendChild(b);
    });
    var places = $("setup-places");
    places.textContent = "";
    PLACES.forEach(function (p) {
      var row = el("div", "place"), cards = placed(p);
      row.setAttribute("data-place", p);
      row.appendChild(el("b", "", placeName(p) + " " + cards.length + "/" + ROOM[p]));
      cards.forEach(function (c) {
        var b = face(c, "button");
        b.type = "button";
        b.className += " pcard";
        b.title = fmt(_("take {card} back"), {card: cardText(c)});
        row.appendChild(b);
      });
      places.appendChild(row);
    });
    var dealer = $("setup-dealer").value, forehand = NEXT[dealer];
    $("setup-roles").textContent = fmt(_("forehand {forehand}, makers {makers}, cutter {cutter}"),
                                       {forehand: forehand, makers: TEAM[forehand], cutter: PARTNER[forehand]});
  }
  function setupFill() {
    var free = FACES.cards.map(function (c) { return c[0]; }).filter(function (c) { return !SETUP.place[c]; });
    for (var i = free.length - 1; i > 0; i--) {  /* Fisher–Yates with the browser's generator */
      var j = Math.floor(Math.random() * (i + 1)), t = free[i]; free[i] = free[j]; free[j] = t;
    }
    PLACES.forEach(function (p) {
      while (placed(p).length < ROOM[p] && free.length) { var c = free.pop(); SETUP.place[c] = p; SETUP.order.push(c); }
    });
    drawSetup();
  }
  function handText(cards) {
    return FACES.suits.map(function (s) {
      return cards.filter(function (c) { return suitOf(c) === s[0]; }).sort(byPack).map(function (c) { return c.slice(0, -1); }).join("");
    }).join(".");
  }
  /* ABN of the set-up deal: the hands from N in play order (N, W, S, E), the stock top first. */
  function setupAbn() {
    var dealer = $("setup-dealer").value, seats = ["N", "W", "S", "E"];
    return '[Dealer "' + dealer + '"]\n[Deal "N:' + seats.map(function (s) { return handText(placed(s)); }).join(" ") +
      '"]\n[Stock "' + placed("stock").join(" ") + '"]\n' + ($("setup-trees").value ? '[Cut "' + $("setup-trees").value + '"]\n' : "");
  }

