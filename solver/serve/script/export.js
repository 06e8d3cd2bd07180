  /* -- export ------------------------------------------------------------------------------------ */
  function exportAbn() {
    showError("");
    var body = boardBody({tree: {children: S.root.children.map(strip)}});
    $("export").disabled = true;
    api("POST", "/api/export", body).then(function (answer) {
      $("export").disabled = false;
      var text = answer && typeof answer.abn === "string" ? answer.abn : "";
      $("exported").value = text;
      if (S.download) URL.revokeObjectURL(S.download);
      S.download = URL.createObjectURL(new Blob([text], {type: "text/plain;charset=utf-8"}));
      var link = $("download");
      link.href = S.download;
      var base = (S.name || "board").replace(/^.*[\\/]/, "").replace(/\.(abn|json)$/i, "");
      link.download = (base + "-" + String(S.board || "")).replace(/[^A-Za-z0-9._-]+/g, "_").replace(/_+$/, "") + ".abn";
      link.textContent = fmt(_("download {file}"), {file: link.download});
      link.hidden = false;
      var dropped = answer && answer.dropped || 0;
      $("dropped").textContent = dropped ? fmt(ngettext("{n} variation of a decision left out (the format has no variations of decisions)",
        "{n} variations of a decision left out (the format has no variations of decisions)", dropped), {n: numberText(dropped)}) : "";
    }).catch(function (e) { $("export").disabled = false; showError(messageOf(e)); });
  }

