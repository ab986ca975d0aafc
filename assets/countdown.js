// Turn clocks (issue 34: 1): every element with data-deadline (the server's epoch ms) shows the
// seconds left by the server's clock, not this device's: now_server = Date.now() + offset, the
// offset measured against the server's GET /_clock (its URL in the page shell's data-clock,
// tilerooms/web/server_clock.py). A few samples at load, when the tab comes back, when the device's
// clock jumps or the machine slept; the sample with the shortest round trip wins (its error is at
// most half that trip). So a reload, a sleeping tab or a phone clock minutes wrong still shows the
// deadline the server enforces. data-start (the clock's start, server ms), when given, sizes the ring.
(function () {
  var SAMPLES = 4;
  var REMEASURE_MS = 10 * 60 * 1000; // a device's clock drifts: look again now and then
  var JUMP_MS = 1000; // the wall clock moved against the monotonic one by more: measure again
  var KEY = "tr-clock"; // sessionStorage: the last offset (a reload shows the clock at once) and ring sizes
  var clock = { offset: null, wallMinusMono: 0, measuredAt: 0, busy: false };
  var totals = {}; // deadline -> the clock's length as first seen (the ring's 100 %) when no data-start

  // the offset of the sample with the shortest round trip; samples: {sent, received, server}
  function bestOffset(samples) {
    var best = null;
    for (var i = 0; i < samples.length; i++) {
      var s = samples[i];
      var trip = s.received - s.sent;
      if (trip < 0 || !(s.server > 0)) continue;
      // the server read its clock somewhere in the trip: its middle is the best guess
      if (!best || trip < best.trip) best = { trip: trip, offset: s.server - (s.sent + trip / 2) };
    }
    return best;
  }

  function load() {
    try {
      var saved = JSON.parse(sessionStorage.getItem(KEY) || "{}");
      if (typeof saved.offset === "number") clock.offset = saved.offset;
      totals = saved.totals || {};
    } catch (e) { /* private mode or junk: measure afresh */ }
  }

  function save() {
    var now = Date.now() + (clock.offset || 0);
    for (var d in totals) if (Number(d) < now) delete totals[d]; // past clocks
    try { sessionStorage.setItem(KEY, JSON.stringify({ offset: clock.offset, totals: totals })); } catch (e) { /* full or denied */ }
  }

  function measure() {
    var holder = document.querySelector("[data-clock]");
    var url = holder && holder.getAttribute("data-clock");
    if (!url) { if (clock.offset === null) clock.offset = 0; return; } // a page without the shell: the device's clock
    if (clock.busy) return;
    clock.busy = true;
    var samples = [];
    var done = function () {
      var best = bestOffset(samples);
      if (best) clock.offset = best.offset;
      else if (clock.offset === null) clock.offset = 0; // no answer at all: this device's clock is all we have
      clock.wallMinusMono = Date.now() - performance.now();
      clock.measuredAt = performance.now();
      clock.busy = false;
      save();
      tick();
    };
    var ask = function () {
      if (samples.length >= SAMPLES) return done();
      var sent = Date.now();
      // an answer that never comes must not stop the clock being measured again
      var limit = window.AbortSignal && AbortSignal.timeout ? AbortSignal.timeout(5000) : undefined;
      fetch(url, { cache: "no-store", signal: limit })
        .then(function (r) { return r.text(); })
        .then(function (text) {
          samples.push({ sent: sent, received: Date.now(), server: Number(text) });
          ask();
        })
        .catch(done);
    };
    ask();
  }

  function text(left, el) {
    // seconds in the page's language (the shell sets lang="en" for English)
    var page = el.closest("[lang]");
    var unit = page && page.getAttribute("lang") === "en" ? " s" : "초";
    return left >= 60 ? Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") : left + unit;
  }

  function tick() {
    var nodes = document.querySelectorAll("[data-deadline]");
    if (!nodes.length) return;
    if (clock.offset === null || !clock.measuredAt) measure();
    else if (Math.abs(Date.now() - performance.now() - clock.wallMinusMono) > JUMP_MS) measure(); // clock set, or slept
    else if (performance.now() - clock.measuredAt > REMEASURE_MS) measure();
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var deadline = Number(el.getAttribute("data-deadline"));
      // nothing rather than a false time: no clock, or the server's time not known yet
      if (!deadline || clock.offset === null) { if (el.textContent) el.textContent = ""; continue; }
      var now = Date.now() + clock.offset;
      var leftMs = Math.max(0, deadline - now);
      var left = Math.ceil(leftMs / 1000);
      // the ring: the share of the clock left, of its full length when known, else as first seen
      var start = Number(el.getAttribute("data-start"));
      var total = start > 0 && start < deadline ? deadline - start : totals[deadline];
      if (!total) { total = totals[deadline] = leftMs; save(); }
      if (total > 0) el.style.setProperty("--p", String(Math.min(100, (leftMs / total) * 100)));
      var shown = text(left, el);
      if (el.textContent !== shown) el.textContent = shown;
      el.setAttribute("data-urgent", left <= 10 ? "true" : "false");
    }
  }

  // the server's now for other scripts (null until measured); bestOffset for the unit test
  window.trClock = { serverNow: function () { return clock.offset === null ? null : Date.now() + clock.offset; }, bestOffset: bestOffset };
  load();
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") measure(); });
  window.addEventListener("online", measure);
  window.addEventListener("pageshow", function (e) { if (e.persisted) measure(); });
  setInterval(tick, 250);
})();
