// The replay page's autoplay timer and move list (tilerooms/pages/replay/page.py): while #replay-ticker
// says data-playing="true", it is clicked every data-ms milliseconds (the server answers the
// step); the move list keeps the current line in view inside its own box.
(function () {
  var last = 0;
  var shown = null;
  var shownIn = 0;  // the list's height then: a list that grew or shrank (a phone's move list opened) looks again
  setInterval(function () {
    var ticker = document.getElementById("replay-ticker");
    if (ticker && ticker.getAttribute("data-playing") === "true") {
      var ms = parseInt(ticker.getAttribute("data-ms") || "1000", 10);
      var now = Date.now();
      if (!last) last = now;
      else if (now - last >= ms) { last = now; ticker.click(); }
    } else {
      last = 0;
    }
    var current = document.querySelector("#replay-moves .rp-move[data-current='true']");
    var list = current && current.parentElement;
    if (current && (current !== shown || list.clientHeight !== shownIn)) {
      shown = current;
      shownIn = list.clientHeight;
      var top = current.offsetTop;  // the list is positioned: offsets are inside it
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
  }, 100);
})();
