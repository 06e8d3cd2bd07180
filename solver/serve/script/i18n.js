  /* -- the page's words in its language: the scripts' catalogue and the language's plural rule, from the
     server; numbers and percentages by the browser's Intl in the same language (the CLDR, as Babel) -- */
  var I18N = __I18N__;
  function pluralIndex(n) { return Number(__PLURAL_RULE__); }
  /* The text of a message id in the page's language (the id itself, English, when it has none). */
  function _(id) {
    var text = I18N.messages[id];
    return typeof text === "string" && text ? text : id;
  }
  /* The form of a message that n asks for. */
  function ngettext(singular, plural, n) {
    var forms = I18N.messages[singular];
    if (Array.isArray(forms) && forms[pluralIndex(n)]) return forms[pluralIndex(n)];
    return n === 1 ? singular : plural;
  }
  /* A message's {name} placeholders filled from values. */
  function fmt(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : all;
    });
  }
  function percentText(x, digits) {
    var d = digits === undefined ? 1 : digits;
    return new Intl.NumberFormat(I18N.lang, {style: "percent", minimumFractionDigits: d, maximumFractionDigits: d}).format(x);
  }
  function numberText(x, digits) {
    var d = digits || 0;
    return new Intl.NumberFormat(I18N.lang, {minimumFractionDigits: d, maximumFractionDigits: d}).format(x);
  }
  /* The chooser in #lang-choice: the choice is kept in a cookie the server reads, and the page reloads in it. */
  function drawLanguageChoice() {
    var box = document.getElementById("lang-choice");
    if (!box) return;
    var select = document.createElement("select");
    select.id = "lang";
    select.setAttribute("aria-label", _("Language"));
    Object.keys(I18N.names).forEach(function (code) {
      var option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = I18N.names[code];
      option.selected = code === I18N.lang;
      select.appendChild(option);
    });
    select.addEventListener("change", function () {
      document.cookie = I18N.cookie + "=" + select.value + "; path=/; max-age=31536000; SameSite=Strict";
      location.reload();
    });
    box.appendChild(select);
  }
  drawLanguageChoice();
