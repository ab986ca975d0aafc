// Turn alerts and sounds (issue 34: 13). A game table renders one hidden #turn-signal element
// (tilerooms/table/alerts.py) whose data attributes say what this viewer sees now:
//   data-turn="1"   it is my turn            data-claim="1"  a mahjong claim is offered to me
//   data-move       changes with a discard / placement      data-call  changes with a call
//   data-win="1"    a win is shown           data-reduced="1" the table's 애니메이션 줄이기
// When my turn or a claim starts while the tab is hidden, the title flashes "● 내 차례" until the
// tab is visible again (a steady title with reduced motion) and a phone vibrates once (never with
// reduced motion). Sounds play only after the first click, tap or key on the page (browsers
// block audio before one) and never while muted (the header's toggle, kept in localStorage).
(function () {
  var MUTE_KEY = "tilerooms_muted";
  var SOUNDS = ["turn", "move", "call", "win"];
  var last = null; // the signal's values at the previous look: changes are events
  var unlocked = false;
  var audio = {};
  var flash = null; // {base, timer}: the title while it flashes

  function muted() {
    try { return localStorage.getItem(MUTE_KEY) === "1"; } catch (e) { return false; }
  }
  function hidden() {
    return document.hidden === true || document.visibilityState === "hidden";
  }
  function reducedMotion(signal) {
    var asked = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    return asked || (signal && signal.getAttribute("data-reduced") === "1");
  }
  function english(signal) {
    var page = signal && signal.closest("[lang]"); // the shell's box says the page's language
    return !!page && page.getAttribute("lang") === "en";
  }

  // -- sound -------------------------------------------------------------------------------------
  function unlock() {
    if (unlocked) return;
    unlocked = true;
    SOUNDS.forEach(function (name) {
      var a = new Audio("/sounds/" + name + ".wav");
      a.preload = "auto";
      audio[name] = a;
    });
  }
  ["pointerdown", "keydown", "touchstart"].forEach(function (type) {
    window.addEventListener(type, unlock, { capture: true, passive: true });
  });
  function play(name) {
    if (!unlocked || muted() || !audio[name]) return;
    var a = audio[name];
    try { a.currentTime = 0; } catch (e) { /* not loaded yet: plays from the start anyway */ }
    var played = a.play();
    if (played && played.catch) played.catch(function () {});
  }

  // -- mute toggle -------------------------------------------------------------------------------
  // The header's button holds both faces (.sound-on, .sound-off shut by default, each with its own
  // label); one style rule picks the face, so no element React renders is touched here.
  var style = document.createElement("style");
  var shown = null;
  function showMute() {
    var on = muted();
    if (on === shown) return;
    shown = on;
    style.textContent = on
      ? ".sound-toggle .sound-on { display: none !important; } .sound-toggle .sound-off { display: inline-flex !important; }"
      : "";
  }
  function toggleMute() {
    try { localStorage.setItem(MUTE_KEY, muted() ? "0" : "1"); } catch (e) { /* private mode: stays as it is */ }
    showMute();
  }
  (document.head || document.documentElement).appendChild(style);
  showMute();

  // -- title and vibration -----------------------------------------------------------------------
  function stopFlash() {
    if (!flash) return;
    clearInterval(flash.timer);
    document.title = flash.base;
    flash = null;
  }
  function alertHidden(signal) {
    if (!hidden()) return;
    var mark = english(signal) ? "● Your turn" : "● 내 차례";
    var reduced = reducedMotion(signal);
    var base = flash ? flash.base : document.title;
    stopFlash();
    flash = { base: base, timer: null };
    if (reduced) {
      document.title = mark + " · " + base; // steady: no blinking
    } else {
      var on = true;
      document.title = mark;
      flash.timer = setInterval(function () {
        on = !on;
        document.title = on ? mark : base;
      }, 1000);
      if (navigator.vibrate) {
        try { navigator.vibrate([160, 80, 160]); } catch (e) { /* not allowed: fine */ }
      }
    }
  }
  document.addEventListener("visibilitychange", function () {
    if (!hidden()) stopFlash();
  });

  // -- the signal --------------------------------------------------------------------------------
  function read(signal) {
    if (!signal) return null;
    return {
      turn: signal.getAttribute("data-turn") === "1",
      claim: signal.getAttribute("data-claim") === "1",
      move: signal.getAttribute("data-move") || "",
      call: signal.getAttribute("data-call") || "",
      win: signal.getAttribute("data-win") === "1",
    };
  }
  var page = location.pathname;
  function look() {
    showMute();
    var signal = document.getElementById("turn-signal");
    var now = read(signal);
    if (location.pathname !== page) { page = location.pathname; last = null; } // another room: no news yet
    if (!now) return; // between a board and its final screen: the last values are kept
    var before = last;
    last = now;
    if (!before) return; // a table just appeared: what it shows first is no news
    var mine = (now.turn && !before.turn) || (now.claim && !before.claim);
    if (mine) alertHidden(signal);
    if (!now.turn && !now.claim && flash && !hidden()) stopFlash();
    // one sound a look, the most telling first
    if (now.win && !before.win) play("win");
    else if (now.call && now.call !== before.call) play("call");
    else if (mine) play("turn");
    else if (now.move !== before.move && now.move) play("move");
  }
  setInterval(look, 200);
  window.tileroomsAlerts = { toggleMute: toggleMute, muted: muted };
})();
