// restoretrace report: the callback timeline (filters, pages, coder contents) and node links.
// Every string from the trace reaches the page through textContent, never innerHTML.
(function () {
  "use strict";
  var PAGE = 500;
  // "decided …" links shown in an event's row before the rest fold into "decided N more".
  var DECIDED_SHOWN = 5;
  var $ = function (id) { return document.getElementById(id); };
  var D = RestoretraceData;

  var page;
  try {
    page = JSON.parse($("data").textContent);
  } catch (e) {
    $("timeline-status").textContent = "The trace data in this page could not be read: " + e.message;
    return;
  }
  // The timeline index: per event its launch, phase, name and path as numbers into tables.
  var index = null, cols = [], total = 0, starts = [1];
  var anchors = {};
  var sharedKeys = {};
  // Event seq → [row anchor, locator] of the nodes whose fate it decided (lost or skipped there).
  var decided = {};
  var state = { launch: "", phase: "", callback: "", path: "", text: "", page: 0, open: {} };
  var matches = [];
  var haystacks = null;
  var renderToken = 0;

  // As VisibleText.escapingControls does on the Swift side: control characters, the line
  // separators and the bidirectional overrides shown as \u{XX}. Raw, an override in a name
  // reversed what followed it on screen ("invoice\u{202E}fdp.exe" read as "invoiceexe.pdf").
  // And the invisible ones a name can hide in: a zero-width space, the direction marks, a BOM.
  var CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g;
  function visible(text) {
    return text.replace(CONTROLS, function (c) { return "\\u{" + c.charCodeAt(0).toString(16).toUpperCase() + "}"; });
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = visible(String(text));
    return node;
  }
  function str(v) { return v === undefined || v === null ? "" : String(v); }
  function nameOf(e) { return str(e.callback || e.event || "?"); }
  function group(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  function status(text) { $("timeline-status").textContent = text; }
  function failed(err) { status("The timeline data could not be loaded: " + err.message); }

  // Filter choices come from the data itself, sorted so the page is the same every time.
  function fill(select, values) {
    values.forEach(function (v) {
      var o = el("option", null, v);
      o.value = v;
      select.appendChild(o);
    });
  }
  function distinct(column, label) {
    var seen = Object.create(null), out = [];
    for (var i = 0; i < total; i++) {
      var v = cols[i * 4 + column];
      if (v < 0 || seen[v]) continue;
      seen[v] = true;
      out.push(label(v));
    }
    return out;
  }
  function start(ix) {
    index = ix;
    cols = ix.columns || [];
    total = ix.events || 0;
    starts = ix.chunks && ix.chunks.length ? ix.chunks : [1];
    decided = ix.decided || {};
    if (ix.anchors) anchors = ix.anchors;
    if (ix.sharedKeys) sharedKeys = ix.sharedKeys;
    fill($("f-launch"), distinct(0, String).sort(function (a, b) { return a - b; }));
    fill($("f-phase"), distinct(1, function (v) { return ix.phases[v]; }));
    fill($("f-callback"), distinct(2, function (v) { return ix.names[v]; }).sort());
    var paths = ix.paths.slice().sort();
    var list = $("paths");
    paths.slice(0, 2000).forEach(function (p) { var o = el("option"); o.value = visible(p); list.appendChild(o); });
    // A big report's path links need its node index (data/nodes.js) first.
    if (page.rows) D.need("nodes", 0, applyFilters, failed); else applyFilters();
  }

  // The event at 0-based position i, when its chunk is here.
  function eventAt(i) {
    var c = D.chunkOf(starts, i + 1), chunk = D.get("events", c);
    return chunk ? chunk[i + 1 - starts[c - 1]] : undefined;
  }
  function chunksFor(positions) {
    var seen = Object.create(null), out = [];
    positions.forEach(function (i) {
      var c = D.chunkOf(starts, i + 1);
      if (!seen[c]) { seen[c] = true; out.push(["events", c]); }
    });
    return out;
  }
  function allChunks() { return starts.map(function (s, i) { return ["events", i + 1]; }); }

  // The event's keys and values as they read, one per line: searched as JSON text, a value
  // holding \ or " (written \\ and \" there) was never found.
  function words(v, out) {
    if (v === null || v === undefined) return out;
    if (typeof v !== "object") { out.push(String(v)); return out; }
    if (Array.isArray(v)) { v.forEach(function (x) { words(x, out); }); return out; }
    Object.keys(v).forEach(function (k) { out.push(k); words(v[k], out); });
    return out;
  }
  function haystack(i) {
    if (!haystacks) haystacks = new Array(total);
    if (haystacks[i] === undefined) {
      // Both forms: the JSON text (a query with its punctuation, "main" in quotes, null) and the
      // values as they read (a value holding \ or ").
      // And the values as they are shown (a name holding a control or an override reads
      // \u{202E} on the page, and a search for what is shown must find it).
      var e = eventAt(i), w = words(e, []).join("\n"), shown = visible(w);
      haystacks[i] = (JSON.stringify(e) + "\n" + w + (shown === w ? "" : "\n" + shown)).toLowerCase();
    }
    return haystacks[i];
  }

  function applyFilters() {
    if (!index) return;
    var token = ++renderToken;
    var path = state.path.toLowerCase(), text = state.text.toLowerCase();
    var launch = state.launch === "" ? -1 : Number(state.launch);
    var phase = state.phase === "" ? -1 : index.phases.indexOf(state.phase);
    var name = state.callback === "" ? -1 : index.names.indexOf(state.callback);
    var pathOK = null;
    if (path) pathOK = index.paths.map(function (p) {
      return p.toLowerCase().indexOf(path) >= 0 || visible(p).toLowerCase().indexOf(path) >= 0;
    });
    function filter() {
      if (token !== renderToken) return;
      matches = [];
      for (var i = 0; i < total; i++) {
        var k = i * 4;
        if (launch >= 0 && cols[k] !== launch) continue;
        if (phase >= 0 && cols[k + 1] !== phase) continue;
        if (state.callback && cols[k + 2] !== name) continue;
        if (pathOK && (cols[k + 3] < 0 || !pathOK[cols[k + 3]])) continue;
        if (text && haystack(i).indexOf(text) < 0) continue;
        matches.push(i);
      }
      state.page = 0;
      render();
    }
    if (!text) { filter(); return; }
    // Searching coder contents needs every chunk: load them, then filter.
    status("Searching: loading the trace's " + group(starts.length) + " data chunks…");
    D.needAll(allChunks(), filter, failed);
  }

  // Typed coder values: {"string":…}, {"int":…}, {"array":[…]}, {"dictionary":{…}}, {"ref":…}, ….
  function typeOf(v) {
    if (v && typeof v === "object" && !Array.isArray(v)) {
      var keys = Object.keys(v).filter(function (k) { return k !== "system"; });
      if (keys.length === 1) return keys[0];
    }
    return typeof v;
  }
  function valueNode(v) {
    var t = typeOf(v), inner = v && typeof v === "object" ? v[t] : v;
    if (t === "array" && Array.isArray(inner)) {
      var wrap = el("span");
      wrap.appendChild(document.createTextNode("( "));
      inner.forEach(function (item, i) {
        if (i) wrap.appendChild(document.createTextNode(", "));
        wrap.appendChild(valueNode(item));
      });
      wrap.appendChild(document.createTextNode(" )"));
      return wrap;
    }
    if (t === "dictionary" && inner && typeof inner === "object") {
      var d = el("span");
      d.appendChild(document.createTextNode("{ "));
      Object.keys(inner).sort().forEach(function (k, i) {
        if (i) d.appendChild(document.createTextNode("; "));
        d.appendChild(document.createTextNode(visible(k) + " = "));
        d.appendChild(valueNode(inner[k]));
      });
      d.appendChild(document.createTextNode(" }"));
      return d;
    }
    if (t === "ref") {
      var anchor = anchorForKey(str(inner));
      var a = el(anchor ? "a" : "code", null, "→ " + str(inner));
      if (anchor) a.href = "#" + anchor;
      return a;
    }
    if (t === "string") return el("code", null, JSON.stringify(str(inner)));
    if (t === "date") return el("code", null, isoFromReference(inner));
    if (t === "data") return el("code", null, "<" + str(inner).length + " base64 chars>");
    return el("code", null, typeof inner === "object" ? JSON.stringify(inner) : str(inner));
  }
  function isoFromReference(seconds) {
    var d = new Date((Number(seconds) + 978307200) * 1000);
    return isNaN(d.getTime()) ? str(seconds) : d.toISOString().replace("T", " ").replace(/\.\d+Z$/, " +0000");
  }
  // A reference names an archive key: the node's row is found by the path of the event that
  // encoded that key, among the events already loaded.
  function anchorForKey(key) {
    var own = sharedAnchor("preservation", key) || sharedAnchor("restoration", key);
    if (own) return own;
    for (var c = 1; c <= starts.length; c++) {
      var chunk = D.get("events", c) || [];
      for (var j = 0; j < chunk.length; j++) {
        var e = chunk[j];
        if (e.key === key && e.path) return anchorFor("preservation", e.path) || anchorFor("restoration", e.path);
      }
    }
    return null;
  }
  // The row of the node with this archive key, when its path is shared with a sibling's.
  function sharedAnchor(side, key) {
    var map = sharedKeys[side];
    return key && map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : null;
  }
  // A node's row: by its archive key among siblings sharing a path, else by the path.
  function anchorFor(side, path, key) {
    var own = sharedAnchor(side, key);
    if (own) return own;
    var map = anchors[side];
    if (map && Object.prototype.hasOwnProperty.call(map, path)) return map[path];
    return window.RestoretraceNodes ? RestoretraceNodes.anchorForPath(side === "preservation" ? "p" : "r", path) : null;
  }

  function resultText(r) {
    if (r === undefined) return "";
    if (r === null) return "nil";
    if (r === true) return "YES";
    if (r === false) return "NO";
    if (typeof r === "object" && r["class"]) return str(r["class"]);
    return typeof r === "object" ? JSON.stringify(r) : str(r);
  }

  function coderRow(e) {
    var tr = el("tr", "coder"), td = el("td");
    td.colSpan = 6;
    var table = el("table"), head = el("tr");
    ["Key", "Type", "Value"].forEach(function (h) { head.appendChild(el("th", null, h)); });
    var thead = el("thead"); thead.appendChild(head); table.appendChild(thead);
    var body = el("tbody"), keys = Object.keys(e.coder || {});
    if (!keys.length) {
      var none = el("tr"), c = el("td", "muted", "The coder is empty.");
      c.colSpan = 3; none.appendChild(c); body.appendChild(none);
    }
    keys.forEach(function (k) {
      var v = e.coder[k], row = el("tr"), keyCell = el("td");
      keyCell.appendChild(el("code", null, k));
      if (v && v.system) { keyCell.appendChild(document.createTextNode(" ")); keyCell.appendChild(el("span", "badge", "UIKit")); }
      row.appendChild(keyCell);
      row.appendChild(el("td", "type", typeOf(v)));
      var valueCell = el("td"); valueCell.appendChild(valueNode(v)); row.appendChild(valueCell);
      body.appendChild(row);
    });
    table.appendChild(body);
    td.appendChild(table);
    if (e.key) td.appendChild(el("div", "small muted", "Archive key: " + str(e.key)));
    tr.appendChild(td);
    return tr;
  }

  function row(i) {
    var e = eventAt(i) || {}, seq = e.seq !== undefined ? e.seq : i + 1;
    var tr = el("tr", "ev" + (e.event ? " system" : "") + (e.result === "crashed" ? " crashed" : ""));
    tr.tabIndex = 0;
    tr.setAttribute("data-seq", String(seq));
    tr.appendChild(el("td", "num", seq));
    var lp = el("td");
    lp.appendChild(document.createTextNode(str(e.launch) + " "));
    lp.appendChild(el("span", "phase " + str(e.phase).replace(/[^a-z]/g, ""), str(e.phase)));
    tr.appendChild(lp);
    tr.appendChild(el("td", "mono", nameOf(e)));
    tr.appendChild(el("td", null, str(e.receiver)));
    var pathCell = el("td");
    if (e.path) {
      var target = anchorFor(e.phase === "restoration" ? "restoration" : "preservation", e.path, e.key);
      var link = el(target ? "a" : "span", "mono", e.path);
      if (target) link.href = "#" + target;
      pathCell.appendChild(link);
    } else if (e.session) {
      // A scene-based app's events name their scene session, not a node: several windows'
      // identical callbacks told apart (the text search finds it too).
      pathCell.appendChild(el("span", "mono session", "session " + e.session));
    }
    // One event can decide thousands of nodes (an unidentified container's children): past a
    // few, the rest open on demand; all of them made one row 39,000 px tall (r19 report hunt).
    var decidedHere = decided[String(seq)] || [];
    function decidedLink(node, into) {
      var back = el("a", "small decided-node", "decided " + node[1]);
      back.href = "#" + node[0];
      into.appendChild(document.createTextNode(" "));
      into.appendChild(back);
    }
    decidedHere.slice(0, DECIDED_SHOWN).forEach(function (node) { decidedLink(node, pathCell); });
    if (decidedHere.length > DECIDED_SHOWN) {
      var more = el("details", "small decided-more");
      more.appendChild(el("summary", null, "decided " + (decidedHere.length - DECIDED_SHOWN) + " more"));
      more.addEventListener("toggle", function fill() {
        more.removeEventListener("toggle", fill);
        decidedHere.slice(DECIDED_SHOWN).forEach(function (node) { decidedLink(node, more); });
      });
      pathCell.appendChild(more);
    }
    tr.appendChild(pathCell);
    tr.appendChild(el("td", "mono", resultText(e.result)));
    if (e.coder && typeof e.coder === "object") {
      tr.setAttribute("aria-expanded", state.open[seq] ? "true" : "false");
      tr.title = "Enter or click to show the coder";
    }
    return tr;
  }

  function render(then) {
    var token = ++renderToken;
    var first = state.page * PAGE, end = Math.min(matches.length, first + PAGE);
    var shown = matches.slice(first, end);
    D.needAll(chunksFor(shown), function () {
      if (token !== renderToken) return;
      var body = $("events"), frag = document.createDocumentFragment();
      shown.forEach(function (i) {
        var tr = row(i);
        frag.appendChild(tr);
        if (tr.getAttribute("aria-expanded") === "true") frag.appendChild(coderRow(eventAt(i)));
      });
      body.textContent = "";
      body.appendChild(frag);
      var pages = Math.max(1, Math.ceil(matches.length / PAGE));
      $("pager").hidden = pages <= 1;
      $("page-info").textContent = "Page " + (state.page + 1) + " of " + pages;
      $("page-prev").disabled = state.page === 0;
      $("page-next").disabled = state.page >= pages - 1;
      status(matches.length
        ? "Showing " + group(first + 1) + "–" + group(end) + " of " + group(matches.length) + " matching events (" + group(total) + " in the trace)."
        : "No event matches these filters (" + group(total) + " in the trace).");
      document.body.setAttribute("data-timeline", "rendered");
      if (then) then();
    }, failed);
  }

  function toggle(tr) {
    if (!tr.hasAttribute("aria-expanded")) return;
    var seq = tr.getAttribute("data-seq"), open = tr.getAttribute("aria-expanded") !== "true";
    state.open[seq] = open;
    tr.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      tr.parentNode.insertBefore(coderRow(eventAt(Number(seq) - 1)), tr.nextSibling);
    } else if (tr.nextSibling && tr.nextSibling.className === "coder") {
      tr.parentNode.removeChild(tr.nextSibling);
    }
  }

  $("events").addEventListener("click", function (ev) {
    if (ev.target.closest("a")) return;
    var tr = ev.target.closest("tr.ev");
    if (tr) toggle(tr);
  });
  $("events").addEventListener("keydown", function (ev) {
    var tr = ev.target.closest("tr.ev");
    if (!tr || ev.target !== tr) return;
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); toggle(tr); }
    var step = ev.key === "ArrowDown" ? "nextElementSibling" : ev.key === "ArrowUp" ? "previousElementSibling" : null;
    if (step) {
      ev.preventDefault();
      var next = tr[step];
      while (next && !next.classList.contains("ev")) next = next[step];
      if (next) next.focus();
    }
  });

  // One pending change per field: with one timer for all, a change typed in Path within 150 ms
  // of one in Search dropped the Search change.
  var timers = {};
  function bind(id, key, delay) {
    var input = $(id);
    input.addEventListener("input", function () {
      clearTimeout(timers[key]);
      timers[key] = setTimeout(function () { state[key] = input.value; applyFilters(); }, delay);
    });
  }
  bind("f-launch", "launch", 0);
  bind("f-phase", "phase", 0);
  bind("f-callback", "callback", 0);
  bind("f-path", "path", 150);
  bind("f-text", "text", 200);
  $("filters").addEventListener("submit", function (ev) { ev.preventDefault(); });
  // The filters emptied, what was typed and not yet applied dropped with them.
  function clearFilters() {
    Object.keys(timers).forEach(function (key) { clearTimeout(timers[key]); });
    ["f-launch", "f-phase", "f-callback", "f-path", "f-text"].forEach(function (id) { $(id).value = ""; });
    state.launch = state.phase = state.callback = state.path = state.text = "";
  }
  $("filters").addEventListener("reset", function () {
    // After the form has emptied its fields (the event comes before).
    setTimeout(function () { clearFilters(); applyFilters(); }, 0);
  });
  $("page-prev").addEventListener("click", function () { if (state.page > 0) { state.page--; render(); } });
  $("page-next").addEventListener("click", function () { state.page++; render(); });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target.tagName;
    if (ev.key === "/" && t !== "INPUT" && t !== "SELECT" && t !== "TEXTAREA") { ev.preventDefault(); $("f-text").focus(); }
  });

  // Jump from the replay verdict (or a node's "decided at") to its event.
  document.addEventListener("click", function (ev) {
    var link = ev.target.closest("[data-seq-link]");
    if (!link || !index) return;
    ev.preventDefault();
    // Not the form's reset: its handler filters again a tick later, back to page 1, and the
    // jump to any event past the first page never showed it.
    clearFilters();
    matches = [];
    for (var i = 0; i < total; i++) matches.push(i);
    var seq = Number(link.getAttribute("data-seq-link"));
    state.page = Math.max(0, Math.floor((seq - 1) / PAGE));
    render(function () {
      var tr = document.querySelector('tr.ev[data-seq="' + seq + '"]');
      if (tr) { tr.scrollIntoView({ block: "center" }); tr.focus(); tr.classList.add("flash"); }
    });
  });

  // A node anchor (#node-…): show its row (a big report's tables render it first) and ring the
  // node in the drawing.
  function showTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    document.querySelectorAll(".svg-frame g.node.hit").forEach(function (g) { g.classList.remove("hit"); });
    if (id.indexOf("node-") !== 0) return;
    var g = document.getElementById("g" + id);
    if (g) g.classList.add("hit");
    if (!document.getElementById(id) && window.RestoretraceNodes) RestoretraceNodes.reveal(id);
  }
  window.addEventListener("hashchange", showTarget);
  showTarget();

  // A big report's further findings: HTML Swift rendered and escaped, appended chunk by chunk.
  var more = $("more-diags");
  if (more) more.addEventListener("click", function () {
    var n = Number(more.getAttribute("data-chunks")), list = [];
    for (var c = 1; c <= n; c++) list.push(["diags", c]);
    more.disabled = true;
    D.needAll(list, function (chunks) {
      chunks.forEach(function (items) { $("diags").insertAdjacentHTML("beforeend", items.join("")); });
      more.parentNode.removeChild(more);
    }, function (err) { more.textContent = err.message; });
  });

  var fit = $("svg-fit");
  fit.addEventListener("click", function () {
    var on = $("svg-frame").classList.toggle("fit");
    fit.setAttribute("aria-pressed", on ? "true" : "false");
  });

  status("Loading the timeline…");
  D.afterLoad(function () { D.need("timeline", 0, start, failed); });
})();
