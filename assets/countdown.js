// Turn clocks: every element with data-deadline (server epoch ms) shows the seconds left.
// data-now is the server's clock when the view was made; the offset to this browser's clock is
// taken when a new data-now value is first seen, so a skewed client clock does not matter.
(function () {
  var seen = new WeakMap();
  function tick() {
    var nodes = document.querySelectorAll("[data-deadline]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var deadline = Number(el.getAttribute("data-deadline"));
      var serverNow = Number(el.getAttribute("data-now"));
      if (!deadline || !serverNow) { el.textContent = ""; continue; }
      var mark = seen.get(el);
      if (!mark || mark.serverNow !== serverNow || mark.deadline !== deadline) {
        var offset = mark && mark.serverNow === serverNow ? mark.offset : serverNow - Date.now();
        mark = { serverNow: serverNow, deadline: deadline, offset: offset, total: deadline - (Date.now() + offset) };
        seen.set(el, mark);
      }
      var leftMs = Math.max(0, deadline - (Date.now() + mark.offset));
      var left = Math.ceil(leftMs / 1000);
      // the ring: share of the turn left (the turn's length as first seen on this page)
      var total = Number(el.getAttribute("data-total")) || mark.total;
      if (total > 0) el.style.setProperty("--p", String(Math.min(100, (leftMs / total) * 100)));
      // seconds in the page's language (the shell sets lang="en" for English)
      var page = el.closest("[lang]");
      var unit = page && page.getAttribute("lang") === "en" ? " s" : "초";
      var text = left >= 60 ? Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") : left + unit;
      if (el.textContent !== text) el.textContent = text;
      el.setAttribute("data-urgent", left <= 10 ? "true" : "false");
    }
  }
  setInterval(tick, 250);
})();
