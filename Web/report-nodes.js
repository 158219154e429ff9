// restoretrace report: a big report's node tables. Their rows live in data/nodes-*.js as HTML
// that Swift rendered and escaped; only the rows in view (and a margin) are in the DOM, between
// two spacer rows that keep the scroll height, so 100,000 rows scroll like 100.
var RestoretraceNodes = (function () {
  "use strict";
  var D = RestoretraceData;
  var page = JSON.parse(document.getElementById("data").textContent);
  if (!page.rows) return null;
  var MARGIN = 30;
  var tables = {};
  var index = null, byPath = { p: null, r: null }, byAnchor = { p: null, r: null };

  function Table(body) {
    this.body = body;
    this.side = body.getAttribute("data-side");
    this.count = Number(body.getAttribute("data-rows"));
    this.wrap = body.closest(".table-wrap");
    this.rowHeight = 44;
    this.measured = false;
    this.shown = [-1, -1];
    // Renders finish in the order their chunk files arrive, not the order they were asked for:
    // only the last one asked for renders, and it runs what the ones it replaced were to run
    // after. (The first rows' file arriving after a revealed last row's put the table back at
    // its top, and the revealed row was gone.)
    this.latest = 0;
    this.after = [];
    var self = this, queued = false;
    this.wrap.addEventListener("scroll", function () {
      if (queued) return;
      queued = true;
      requestAnimationFrame(function () { queued = false; self.update(); });
    });
  }
  // Where `row` is in the table's scrolling space.
  Table.prototype.offsetOf = function (row) {
    return row.getBoundingClientRect().top - this.wrap.getBoundingClientRect().top + this.wrap.scrollTop;
  };
  // The rendered row at the top of the view, and how far below the view's top it is; null when
  // the view is past the rendered rows (a jump with the scrollbar). `inside` is true when the
  // view is well within them, so nothing needs rendering.
  Table.prototype.rowInView = function () {
    var rows = this.body.rows;
    if (this.shown[0] < 0 || rows.length < 3) return null;
    var top = this.wrap.scrollTop, bottom = top + this.wrap.clientHeight;
    var firstTop = this.offsetOf(rows[1]);
    var lastRow = rows[rows.length - 2], lastBottom = this.offsetOf(lastRow) + lastRow.offsetHeight;
    if (bottom <= firstTop || top >= lastBottom) return null;
    var edge = 10 * this.rowHeight;
    var inside = (this.shown[0] === 0 || top >= firstTop + edge) &&
      (this.shown[1] === this.count || bottom <= lastBottom - edge);
    for (var k = 1; k < rows.length - 1; k++) {
      var at = this.offsetOf(rows[k]);
      if (at + rows[k].offsetHeight > top) return { i: this.shown[0] + k - 1, offset: at - top, inside: inside };
    }
    return null;
  };
  // The rows around the scroll position, then `then` once they are in the DOM.
  //
  // Rows differ in height (a skipped or lost row holds its reason), so the scroll position is
  // not `index × average height`: the row at the top of the view is found among the rendered
  // rows, and kept where it is on screen when the rows around it are rendered again. Deriving
  // the rows from the average height, a link into a block of skipped rows showed its row, then
  // the scroll that centred it rendered rows past it, and it was gone (r19 report hunt).
  Table.prototype.update = function (then, around) {
    if (!index) return;
    var visible = Math.ceil(this.wrap.clientHeight / this.rowHeight) || 20;
    var at, keep = null;
    if (around !== undefined) {
      at = around;
    } else {
      var inView = this.rowInView();
      if (inView && inView.inside && !then) return;
      if (inView) { at = inView.i; keep = inView; } else at = Math.floor(this.wrap.scrollTop / this.rowHeight);
    }
    var first = Math.max(0, at - MARGIN), last = Math.min(this.count, at + visible + MARGIN);
    if (first === this.shown[0] && last === this.shown[1] && !then) return;
    var ticket = ++this.latest;
    if (then) this.after.push(then);
    var starts = index[this.side].chunks, kind = "rows-" + this.side, need = [], seen = {};
    for (var i = first; i < last; i++) {
      var c = D.chunkOf(starts, i);
      if (!seen[c]) { seen[c] = true; need.push([kind, c]); }
    }
    var self = this;
    D.needAll(need, function () {
      if (ticket !== self.latest) return;
      var html = [spacer(first * self.rowHeight)];
      for (var i = first; i < last; i++) {
        var c = D.chunkOf(starts, i);
        html.push(D.get(kind, c)[i - starts[c - 1]]);
      }
      html.push(spacer((self.count - last) * self.rowHeight));
      self.body.innerHTML = html.join("");
      self.shown = [first, last];
      // The row that was at the top of the view stays where it was on screen.
      var kept = keep && self.body.rows[1 + keep.i - first];
      if (kept) self.wrap.scrollTop += self.offsetOf(kept) - self.wrap.scrollTop - keep.offset;
      // The row a link pointed at stays marked when scrolling renders it again.
      var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target && target.parentNode === self.body) target.classList.add("flash");
      if (!self.measured && last > first) {
        // Rows differ in height; the spacers use the first rendered rows' average.
        self.measured = true;
        var top = self.body.rows[1], bottom = self.body.rows[self.body.rows.length - 2];
        var h = (bottom.offsetTop + bottom.offsetHeight - top.offsetTop) / (last - first);
        if (h > 0 && Math.abs(h - self.rowHeight) > 1) {
          self.rowHeight = h;
          self.shown = [-1, -1];
          self.update(undefined, around);
          return;
        }
      }
      var after = self.after;
      self.after = [];
      after.forEach(function (f) { f(); });
    }, function (err) {
      // A replaced render's failure is not this table's state; the latest one's ends its waits.
      if (ticket !== self.latest) return;
      self.after = [];
      self.body.innerHTML = spacer(0);
      self.body.rows[0].cells[0].textContent = err.message;
    });
  };
  function spacer(height) {
    return '<tr class="spacer" aria-hidden="true"><td colspan="3" style="height:' + Math.round(height) + 'px;padding:0;border:0"></td></tr>';
  }

  document.querySelectorAll("tbody.virtual").forEach(function (body) {
    var t = new Table(body);
    tables[t.side] = t;
  });
  D.afterLoad(function () {
    D.need("nodes", 0, function (ix) {
      index = ix;
      Object.keys(tables).forEach(function (side) { tables[side].update(); });
      if (pendingReveal) reveal(pendingReveal);
    });
  });

  function lookup(map, side, keys) {
    if (!map[side]) {
      var m = Object.create(null);
      (keys || []).forEach(function (k, i) { if (k !== null && !(k in m)) m[k] = i; });
      map[side] = m;
    }
    return map[side];
  }
  // The anchor of the first row with this restoration path.
  function anchorForPath(side, path) {
    if (!index) return null;
    var i = lookup(byPath, side, index[side].paths)[path];
    return i === undefined ? null : index[side].anchors[i];
  }
  // Brings a row that is not in the DOM into view, then marks it as the target.
  var pendingReveal = null;
  function reveal(id) {
    if (!index) { pendingReveal = id; return; }
    pendingReveal = null;
    var side = id.charAt(5), t = tables[side];
    var i = t && lookup(byAnchor, side, index[side].anchors)[id];
    if (i === undefined || !t) return;
    t.wrap.scrollTop = Math.max(0, i * t.rowHeight - t.wrap.clientHeight / 2);
    t.update(function () {
      var row = document.getElementById(id);
      if (!row) return;
      row.classList.add("flash");
      row.scrollIntoView({ block: "center" });
    }, i);
  }
  return { anchorForPath: anchorForPath, reveal: reveal };
})();
