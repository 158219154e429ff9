// restoretrace report: the callback timeline (filters, pages, coder contents) and node links.
// Every string from the trace reaches the page through textContent, never innerHTML.
(function () {
  "use strict";
  var PAGE = 500;
  var $ = function (id) { return document.getElementById(id); };

  var data;
  try {
    data = JSON.parse($("data").textContent);
  } catch (e) {
    $("timeline-status").textContent = "The trace data in this page could not be read: " + e.message;
    return;
  }
  var events = Array.isArray(data.events) ? data.events : [];
  var anchors = data.anchors || {};
  // Event seq → [row anchor, locator] of the nodes whose fate it decided (lost or skipped there).
  var decided = data.decided || {};
  var state = { launch: "", phase: "", callback: "", path: "", text: "", page: 0, open: {} };
  var matches = [];
  var haystacks = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function str(v) { return v === undefined || v === null ? "" : String(v); }
  function nameOf(e) { return str(e.callback || e.event || "?"); }
  function group(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

  // Filter choices come from the data itself, sorted so the page is the same every time.
  function fill(select, values) {
    values.forEach(function (v) {
      var o = el("option", null, v);
      o.value = v;
      select.appendChild(o);
    });
  }
  function distinct(f) {
    var seen = Object.create(null), out = [];
    events.forEach(function (e) { var v = f(e); if (v !== "" && !seen[v]) { seen[v] = true; out.push(v); } });
    return out;
  }
  fill($("f-launch"), distinct(function (e) { return str(e.launch); }).sort(function (a, b) { return a - b; }));
  var phaseOrder = ["launch", "preservation", "termination", "restoration"];
  fill($("f-phase"), distinct(function (e) { return str(e.phase); }).sort(function (a, b) { return phaseOrder.indexOf(a) - phaseOrder.indexOf(b); }));
  fill($("f-callback"), distinct(nameOf).sort());
  var paths = distinct(function (e) { return str(e.path); }).sort();
  var list = $("paths");
  paths.slice(0, 2000).forEach(function (p) { var o = el("option"); o.value = p; list.appendChild(o); });

  function haystack(i) {
    if (!haystacks) haystacks = new Array(events.length);
    if (haystacks[i] === undefined) haystacks[i] = JSON.stringify(events[i]).toLowerCase();
    return haystacks[i];
  }

  function applyFilters() {
    var text = state.text.toLowerCase(), path = state.path.toLowerCase();
    matches = [];
    for (var i = 0; i < events.length; i++) {
      var e = events[i];
      if (state.launch && str(e.launch) !== state.launch) continue;
      if (state.phase && str(e.phase) !== state.phase) continue;
      if (state.callback && nameOf(e) !== state.callback) continue;
      if (path && str(e.path).toLowerCase().indexOf(path) < 0) continue;
      if (text && haystack(i).indexOf(text) < 0) continue;
      matches.push(i);
    }
    state.page = 0;
    render();
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
        d.appendChild(document.createTextNode(k + " = "));
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
  var keyToPath = null;
  function anchorForKey(key) {
    if (!keyToPath) {
      keyToPath = Object.create(null);
      events.forEach(function (e) { if (e.key && e.path) keyToPath[e.key] = e.path; });
    }
    var p = keyToPath[key];
    var side = anchors.restoration || {};
    return p ? ((anchors.preservation || {})[p] || side[p]) : null;
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
    var e = events[i], seq = e.seq !== undefined ? e.seq : i + 1;
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
      var side = e.phase === "restoration" ? anchors.restoration : anchors.preservation;
      var target = side && side[e.path];
      var link = el(target ? "a" : "span", "mono", e.path);
      if (target) link.href = "#" + target;
      pathCell.appendChild(link);
    }
    (decided[String(seq)] || []).forEach(function (node) {
      var back = el("a", "small decided-node", "decided " + node[1]);
      back.href = "#" + node[0];
      pathCell.appendChild(document.createTextNode(" "));
      pathCell.appendChild(back);
    });
    tr.appendChild(pathCell);
    tr.appendChild(el("td", "mono", resultText(e.result)));
    if (e.coder && typeof e.coder === "object") {
      tr.setAttribute("aria-expanded", state.open[seq] ? "true" : "false");
      tr.title = "Enter or click to show the coder";
    }
    return tr;
  }

  function render() {
    var body = $("events"), frag = document.createDocumentFragment();
    var start = state.page * PAGE, end = Math.min(matches.length, start + PAGE);
    for (var k = start; k < end; k++) {
      var i = matches[k], tr = row(i);
      frag.appendChild(tr);
      if (tr.getAttribute("aria-expanded") === "true") frag.appendChild(coderRow(events[i]));
    }
    body.textContent = "";
    body.appendChild(frag);
    var pages = Math.max(1, Math.ceil(matches.length / PAGE));
    $("pager").hidden = pages <= 1;
    $("page-info").textContent = "Page " + (state.page + 1) + " of " + pages;
    $("page-prev").disabled = state.page === 0;
    $("page-next").disabled = state.page >= pages - 1;
    $("timeline-status").textContent = matches.length
      ? "Showing " + group(start + 1) + "–" + group(end) + " of " + group(matches.length) + " matching events (" + group(events.length) + " in the trace)."
      : "No event matches these filters (" + group(events.length) + " in the trace).";
    document.body.setAttribute("data-timeline", "rendered");
  }

  function toggle(tr) {
    if (!tr.hasAttribute("aria-expanded")) return;
    var seq = tr.getAttribute("data-seq"), open = tr.getAttribute("aria-expanded") !== "true";
    state.open[seq] = open;
    tr.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      var i = matches.filter(function (m) { var e = events[m]; return String(e.seq !== undefined ? e.seq : m + 1) === seq; })[0];
      tr.parentNode.insertBefore(coderRow(events[i]), tr.nextSibling);
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

  var timer = null;
  function bind(id, key, delay) {
    var input = $(id);
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { state[key] = input.value; applyFilters(); }, delay);
    });
  }
  bind("f-launch", "launch", 0);
  bind("f-phase", "phase", 0);
  bind("f-callback", "callback", 0);
  bind("f-path", "path", 150);
  bind("f-text", "text", 200);
  $("filters").addEventListener("submit", function (ev) { ev.preventDefault(); });
  $("filters").addEventListener("reset", function () {
    setTimeout(function () {
      state.launch = state.phase = state.callback = state.path = state.text = "";
      applyFilters();
    }, 0);
  });
  $("page-prev").addEventListener("click", function () { if (state.page > 0) { state.page--; render(); } });
  $("page-next").addEventListener("click", function () { state.page++; render(); });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target.tagName;
    if (ev.key === "/" && t !== "INPUT" && t !== "SELECT" && t !== "TEXTAREA") { ev.preventDefault(); $("f-text").focus(); }
  });

  // Jump from the replay verdict to the divergent event.
  document.addEventListener("click", function (ev) {
    var link = ev.target.closest("[data-seq-link]");
    if (!link) return;
    ev.preventDefault();
    $("filters").reset();
    state.launch = state.phase = state.callback = state.path = state.text = "";
    applyFilters();
    var seq = Number(link.getAttribute("data-seq-link"));
    var pos = matches.findIndex(function (m) { return (events[m].seq || m + 1) === seq; });
    if (pos >= 0) { state.page = Math.floor(pos / PAGE); render(); }
    var tr = document.querySelector('tr.ev[data-seq="' + seq + '"]');
    if (tr) { tr.scrollIntoView({ block: "center" }); tr.focus(); tr.classList.add("flash"); }
  });

  // A node anchor (#node-…): show its row and ring the node in the drawing.
  function showTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    document.querySelectorAll(".svg-frame g.node.hit").forEach(function (g) { g.classList.remove("hit"); });
    if (id.indexOf("node-") !== 0) return;
    var g = document.getElementById("g" + id);
    if (g) g.classList.add("hit");
  }
  window.addEventListener("hashchange", showTarget);
  showTarget();

  var fit = $("svg-fit");
  fit.addEventListener("click", function () {
    var on = $("svg-frame").classList.toggle("fit");
    fit.setAttribute("aria-pressed", on ? "true" : "false");
  });

  applyFilters();
})();
