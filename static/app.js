/* Small helpers: follow other phones, fill the last trick count, live preview, show only what applies. */
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (live) {
    var url = live.dataset.versionUrl, seen = live.dataset.version;
    setInterval(function () {
      if (document.hidden) return;
      fetch(url, {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (d) {
        if (String(d.version) !== seen) location.reload();
      }).catch(function () {});
    }, 3000);
  }
  var form = document.getElementById("hand-form");
  if (!form) return;
  var tricks = Array.prototype.slice.call(form.querySelectorAll("input.trick"));
  function contract() { var c = form.querySelector("input[name=contract]:checked"); return c ? c.value : ""; }
  function surrender() { var c = form.querySelector("input[name=surrender]:checked"); return c ? c.value : ""; }
  function declarer() { var c = form.querySelector("input[name=declarer]:checked"); return c ? c.value : ""; }
  function fillLast() {
    var blank = tricks.filter(function (t) { return t.value === "" && !t.closest(".trickrow").hidden; });
    var shown = tricks.filter(function (t) { return !t.closest(".trickrow").hidden; });
    if (blank.length !== 1 || shown.length < 3) return;
    var sum = 0;
    shown.forEach(function (t) { if (t.value !== "") sum += parseInt(t.value, 10) || 0; });
    var primeras = form.querySelector("input[name=primeras]");
    var total = primeras && primeras.checked ? 5 : 9;
    if (sum <= total && shown.length - 1 === shown.filter(function (t) { return t.value !== ""; }).length) blank[0].value = total - sum;
  }
  function sync() {
    var c = contract(), s = surrender();
    form.querySelectorAll("[data-hide]").forEach(function (el) { el.hidden = el.dataset.hide.split(" ").indexOf(c) >= 0; });
    form.querySelectorAll("[data-show]").forEach(function (el) { el.hidden = el.dataset.show.split(" ").indexOf(c) < 0; });
    var t = form.querySelector(".takeover"); if (t) t.hidden = s !== "takeover";
    var tr = form.querySelector(".tricks"); if (tr && s === "accepted") tr.hidden = true;
    if (c === "penetro" && s === "accepted") form.querySelectorAll("[data-show=penetro]").forEach(function (el) { el.hidden = true; });
    var drop = form.querySelector("input[name=drops_out]:checked");
    tricks.forEach(function (t) {
      var row = t.closest(".trickrow"), p = t.dataset.player, hide = false;
      if (form.dataset.resting && c !== "penetro" && p === form.dataset.resting) hide = true;
      if (c === "penetro" && drop && p === drop.value) hide = true;
      row.hidden = hide;
      if (hide) t.value = "";
    });
  }
  var timer = null, asked = 0;
  function preview() {
    clearTimeout(timer);
    timer = setTimeout(function () {
      var box = document.getElementById("preview");
      if (!contract()) { box.hidden = true; return; }
      var mine = ++asked;  // only the answer to the latest question is shown
      fetch(form.dataset.previewUrl, {method: "POST", body: new FormData(form)}).then(function (r) { return r.json(); }).then(function (d) {
        if (mine !== asked) return;
        box.hidden = false;
        box.textContent = "";
        var h = document.createElement("h2");
        h.textContent = d.ok ? "Preview: " + d.summary : "Not yet: " + d.message;
        box.appendChild(h);
        if (d.ok) {
          var ul = document.createElement("ul"); ul.className = "moves";
          d.moves.forEach(function (m) { var li = document.createElement("li"); li.textContent = m; ul.appendChild(li); });
          box.appendChild(ul);
        }
      }).catch(function () {});
    }, 250);
  }
  form.addEventListener("click", function (e) {
    var b = e.target.closest("button.q");
    if (!b) return;
    document.getElementById(b.dataset.for).value = b.dataset.n;
    fillLast(); preview();
  });
  form.addEventListener("change", function () { sync(); preview(); });
  form.addEventListener("input", function (e) { if (e.target.classList.contains("trick")) { fillLast(); preview(); } });
  form.addEventListener("submit", function () {
    var btn = form.querySelector("button[type=submit]");
    setTimeout(function () { btn.disabled = true; btn.textContent = "Saving…"; }, 0);
  });
  sync();
})();
