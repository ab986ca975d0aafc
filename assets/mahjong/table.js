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
