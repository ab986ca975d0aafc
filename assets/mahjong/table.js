// Swipe up on a hand tile discards it (spec §9: tap selects, a second tap or a swipe up discards).
// The tile's own hidden "swipe" button carries the server event, so all logic stays in Python.
(function () {
  var start = null;
  document.addEventListener("pointerdown", function (e) {
    var tile = e.target.closest && e.target.closest(".mj-hand-slot");
    start = tile ? { slot: tile, x: e.clientX, y: e.clientY, t: Date.now() } : null;
  }, true);
  document.addEventListener("pointerup", function (e) {
    if (!start) return;
    var dy = e.clientY - start.y, dx = Math.abs(e.clientX - start.x);
    var slot = start.slot;
    start = null;
    if (dy < -40 && dx < 60) {
      var button = slot.querySelector("[data-mj-swipe]");
      if (button) { e.preventDefault(); button.click(); }
    }
  }, true);
  document.addEventListener("pointercancel", function () { start = null; }, true);
})();

// A call's large text ("퐁!", #mj-announce) shows about a second, then hides (also with reduced
// motion, where it has no animation): each new announcement (its data-key) is shown afresh.
(function () {
  function arm() {
    var el = document.getElementById("mj-announce");
    if (!el || el.getAttribute("data-armed") === el.getAttribute("data-key")) return;
    var key = el.getAttribute("data-key");
    el.setAttribute("data-armed", key);
    el.removeAttribute("data-done");
    setTimeout(function () { if (el.getAttribute("data-armed") === key) el.setAttribute("data-done", "true"); }, 1400);
  }
  new MutationObserver(arm).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-key"] });
  arm();
})();
