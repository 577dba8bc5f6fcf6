/* The hand form's helpers: fill the last trick count, live preview, show only what applies. Following the other
   phones is the platform's (static/follow.js), as for every game. */
(function () {
  "use strict";
  /* the page's words, in its language (scorekeeper/web/language.py: script_words) */
  var words = JSON.parse(document.body.dataset.words || "{}");
  function say(key, values) {
    return (words[key] || "").replace(/\{(\w+)\}/g, function (all, name) { return values && name in values ? values[name] : all; });
  }
  var form = document.getElementById("hand-form");
  if (!form) return;

  function picked(name) { var c = form.querySelector("input[name=" + name + "]:checked"); return c ? c.value : ""; }
  function rows() { return Array.prototype.slice.call(form.querySelectorAll(".trickrow")); }
  function shownRows() { return rows().filter(function (r) { return !r.hidden; }); }
  function count(row) { var c = row.querySelector("input:checked"); return c ? parseInt(c.value, 10) : null; }
  function setCount(row, n) {
    row.querySelectorAll("input").forEach(function (i) { i.checked = n !== null && i.value === String(n); });
  }

  /* The last player's count follows from the others (nine tricks, or five with primeras),
     unless the player set it by hand. */
  function fillLast() {
    var shown = shownRows();
    if (shown.length < 3) return;
    var open = shown.filter(function (r) { return r.dataset.by !== "hand"; });
    if (open.length !== 1) return;
    var sum = 0;
    shown.forEach(function (r) { if (r !== open[0]) sum += count(r) || 0; });
    var primeras = form.querySelector("input[name=primeras]");
    var rest = (primeras && primeras.checked ? 5 : 9) - sum;
    setCount(open[0], rest >= 0 && rest <= 9 ? rest : null);
  }

  function has(list, word) { return list.split(" ").indexOf(word) >= 0; }

  /* Show only what applies to the answers so far (the template's when() does the same before
     any script runs). An element lists the contracts (data-show / data-hide), the ways the hand
     ended (data-result) and the surrenders (data-surrender: none, accepted, takeover) it is for. */
  function sync() {
    var c = picked("contract"), s = picked("surrender") || "none", r = picked("result"), drop = picked("drops_out");
    var asksResult = !!form.querySelector("input[name=result]");
    form.querySelectorAll("[data-show], [data-hide], [data-result], [data-surrender]").forEach(function (el) {
      var d = el.dataset;
      el.hidden = (d.show !== undefined && !has(d.show, c)) || (d.hide !== undefined && has(d.hide, c)) ||
        (d.result !== undefined && asksResult && !has(d.result, r)) || (d.surrender !== undefined && !has(d.surrender, s));
    });
    var dealer = form.dataset.resting, declarer = c === "penetro" ? dealer : picked("declarer");
    var active = function (p) {
      return c === "penetro" ? p !== drop : !(dealer && p === dealer);
    };
    var playing = s === "takeover" ? picked("takeover") : declarer;
    /* a takeover is by one of the declarer's opponents; a codillo is made by one of the player's opponents */
    form.querySelectorAll("input[name=takeover], input[name=winner]").forEach(function (input) {
      var p = input.value, label = input.closest("label");
      var off = !active(p) || p === (input.name === "takeover" ? declarer : playing);
      label.hidden = off;
      if (off) input.checked = false;
    });
    rows().forEach(function (row) {
      var p = row.dataset.player, hide = !active(p);
      if (hide && !row.hidden) { setCount(row, null); delete row.dataset.by; }
      row.hidden = hide;
    });
  }

  var line = document.getElementById("preview-line");
  var moves = document.getElementById("preview-moves");
  var timer = null, asked = 0;
  function show(d) {
    line.textContent = d.ok ? say("preview", {summary: d.summary}) : say("not_yet", {message: d.message});
    moves.textContent = "";
    if (!d.ok) return;
    var ul = document.createElement("ul"); ul.className = "moves";
    d.moves.forEach(function (m) { var li = document.createElement("li"); li.textContent = m; ul.appendChild(li); });
    moves.appendChild(ul);
  }
  function preview() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      if (!picked("contract")) { line.textContent = say("choose_contract"); return; }
      var mine = ++asked;  /* only the answer to the latest question is shown */
      fetch(form.dataset.previewUrl, {method: "POST", body: new FormData(form)})
        .then(function (r) { return r.json(); })
        .then(function (d) { if (mine === asked) show(d); }).catch(function () {});
    }, 200);
  }

  form.addEventListener("change", function (e) {
    var row = e.target.closest(".trickrow");
    if (row) row.dataset.by = "hand";
    sync();
    if (row || e.target.name === "primeras") fillLast();
    preview();
  });
  /* Enter never sends the form from a choice or a box: only the Save button sends it. */
  form.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && e.target.tagName === "INPUT") e.preventDefault();
  });
  form.addEventListener("submit", function () {
    var btn = form.querySelector("button[type=submit]");
    setTimeout(function () { btn.disabled = true; btn.textContent = say("saving"); }, 0);
  });
  rows().forEach(function (row) { if (count(row) !== null) row.dataset.by = "hand"; });
  if (picked("contract")) preview();
})();
