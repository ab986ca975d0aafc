// Board shortcuts: a key press clicks the button bound to it (bindings from #key-bindings,
// saved per browser). Typing in a text field, or arrows on a focused list (the replay's hand
// selector), never trigger a shortcut.
(function () {
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var target = e.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) return;
    var holder = document.getElementById("key-bindings");
    if (!holder) return;
    var map;
    try { map = JSON.parse(holder.getAttribute("data-keys") || "{}"); } catch (err) { return; }
    var key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    var id = map[key];
    if (!id) return;
    var button = document.getElementById(id);
    if (!button || button.disabled) return;
    e.preventDefault();
    button.click();
  });
})();
