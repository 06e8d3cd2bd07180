  /* -- the rules page: its way back to the table keeps the page's token (the match goes on where it was) -- */
  document.getElementById("back-to-table").href =
    "/play?token=" + encodeURIComponent(new URLSearchParams(location.search).get("token") || "");
