// Rovescino's deal form: show the counting chosen, and fill in the last player's aces and thirds
// with what the others leave of the pack (the server does the same for a blank field).
(function () {
  "use strict";
  var form = document.querySelector(".deal-form");
  if (!form) { return; }
  function mode() {
    var checked = form.querySelector("input[name=mode]:checked");
    return checked ? checked.value : "points";
  }
  function show() {
    var m = mode();
    form.querySelector(".by-points").toggleAttribute("data-hidden", m !== "points");
    form.querySelector(".by-cards").toggleAttribute("data-hidden", m !== "cards");
  }
  function fill(kind) {
    var rest = form.querySelector("input[name^=" + kind + "-][data-rest]");
    if (!rest || rest.dataset.typed) { return; }
    var left = Number(rest.dataset.rest);
    var all = true;
    form.querySelectorAll("input[name^=" + kind + "-]").forEach(function (input) {
      if (input === rest) { return; }
      if (!/^[0-9]+$/.test(input.value)) { all = false; } else { left -= Number(input.value); }
    });
    rest.value = all && left >= 0 ? String(left) : "";
  }
  /* "The rest to the last player": what the others leave of the pack's 10 points, shown on the chip and
     written in his field while it is ticked (the server gives him the same when the page has no script). */
  function rest() {
    var box = form.querySelector("input[name=rest]");
    if (!box) { return; }
    var own = form.querySelector("input[name=points-" + box.value + "]");
    var left = 10;
    form.querySelectorAll("input[name^=points-]").forEach(function (input) {
      if (input === own) { return; }
      if (/^[0-9]+$/.test(input.value)) { left -= Number(input.value); }
    });
    form.querySelector(".rest-n").textContent = left >= 0 ? ":\u00a0" + left : "";
    own.readOnly = box.checked;
    if (box.checked) { own.value = left >= 0 ? String(left) : ""; }
  }
  form.addEventListener("change", function (e) {
    if (e.target.name === "mode") { show(); }
    if (e.target.name === "rest") { rest(); }
  });
  form.addEventListener("input", function (e) {
    if (/^points-/.test(e.target.name)) { rest(); }
    if (e.target.dataset.rest !== undefined) { e.target.dataset.typed = e.target.value ? "1" : ""; return; }
    if (/^aces-/.test(e.target.name)) { fill("aces"); }
    if (/^thirds-/.test(e.target.name)) { fill("thirds"); }
  });
  show();
  rest();
}());
