// restoretrace report: the page's data, inline or in data/*.js files loaded when needed.
// Every chunk is a statement push(["KIND", N, 'JSON']) — the same text inline or in a file —
// parsed with JSON.parse on first use. The page opens from file://, where fetch fails, so a
// missing chunk is loaded by inserting a script element with its src (the CSP allows 'self', nothing else).
// Node rows (a big report's) are HTML that Swift rendered and escaped; every other string
// reaches the DOM through textContent.
var RestoretraceData = (function () {
  "use strict";
  var raw = Object.create(null), parsed = Object.create(null), waiting = Object.create(null);
  var loading = Object.create(null);

  function receive(item) {
    var key = item[0] + ":" + item[1];
    raw[key] = item[2];
    var list = waiting[key];
    delete waiting[key];
    if (list) list.forEach(function (cb) { cb(get(item[0], item[1])); });
  }
  var early = window.restoretraceData;
  window.restoretraceData = { push: function () { for (var i = 0; i < arguments.length; i++) receive(arguments[i]); } };
  if (Array.isArray(early)) early.forEach(receive);

  function get(kind, n) {
    var key = kind + ":" + n;
    if (key in parsed) return parsed[key];
    if (!(key in raw)) return undefined;
    // Node rows and findings are texts joined by NUL (HTML never holds one); the rest is JSON.
    var texts = kind.indexOf("rows-") === 0 || kind === "diags";
    parsed[key] = texts ? raw[key].split("\u0000") : JSON.parse(raw[key]);
    delete raw[key];
    return parsed[key];
  }
  function pad(n) { var s = String(n); while (s.length < 4) s = "0" + s; return s; }
  function fileOf(kind, n) {
    if (kind === "timeline" || kind === "nodes") return "data/" + kind + ".js";
    var stem = kind === "diags" ? "diagnostics" : kind === "events" ? "events" : "nodes-" + kind.slice(5);
    return "data/" + stem + "-" + pad(n) + ".js";
  }

  // Calls back with the chunk once it is here; onError when its file cannot be loaded.
  function need(kind, n, cb, onError) {
    var have = get(kind, n);
    if (have !== undefined) { cb(have); return; }
    var key = kind + ":" + n;
    (waiting[key] = waiting[key] || []).push(cb);
    if (loading[key]) return;
    loading[key] = true;
    var s = document.createElement("script");
    s.src = fileOf(kind, n);
    s.onerror = function () {
      delete loading[key];
      if (onError) onError(new Error("could not load " + s.src + " (is the report's data folder beside index.html?)"));
    };
    s.onload = function () { s.parentNode.removeChild(s); };
    document.head.appendChild(s);
  }

  // Calls back once every listed [kind, n] is here, with them in order.
  function needAll(list, cb, onError) {
    var left = list.length, out = new Array(list.length);
    if (!left) { cb(out); return; }
    list.forEach(function (item, i) {
      need(item[0], item[1], function (v) { out[i] = v; if (--left === 0) cb(out); }, onError);
    });
  }

  // The chunk (1-based) holding item `at`, given each chunk's first item.
  function chunkOf(starts, at) {
    var lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid; else hi = mid - 1;
    }
    return lo + 1;
  }

  // Data files start loading once the page is shown: scripts added before the load event would
  // hold it (and a first paint that waits for it) until they are in.
  function afterLoad(f) {
    if (document.readyState === "complete") f();
    else window.addEventListener("load", function () { f(); });
  }

  return { need: need, needAll: needAll, get: get, chunkOf: chunkOf, afterLoad: afterLoad };
})();
