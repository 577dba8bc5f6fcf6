// The Tressette games' pages. The deal form shows only what the chosen kind of deal asks for, fills in
// the other side's points (10 in all) and aces and thirds (4 and 20), and asks a declaration's suit only
// when its chip needs one. The server reads the same form without this script.
(function () {
  "use strict";
  var form = document.querySelector(".deal-form");
  if (!form || !form.querySelector("input[name=mode][value=claim]")) { return; }
  function value(name) {
    var checked = form.querySelector("input[name='" + name + "']:checked");
    return checked ? checked.value : "";
  }
  function show() {
    var mode = value("mode") || "points";
    form.querySelectorAll(".for-points, .for-cards, .for-claim, .for-event").forEach(function (part) {
      part.toggleAttribute("data-hidden", !part.classList.contains("for-" + mode));
    });
    form.querySelectorAll(".not-annulled").forEach(function (part) {
      part.toggleAttribute("data-hidden", mode === "annulled");
    });
    var event = value("event");
    form.querySelectorAll(".makers").forEach(function (makers) {
      makers.toggleAttribute("data-hidden", makers.dataset.event !== event);
    });
    form.querySelectorAll(".slot").forEach(function (slot) {
      var what = slot.querySelector("input[name$='-what']:checked");
      var asks = what ? what.dataset.asks : "";
      slot.querySelector(".suit-row").toggleAttribute("data-hidden", !asks);
      slot.querySelector(".asks-suit").toggleAttribute("data-hidden", asks !== "suit");
      slot.querySelector(".asks-missing").toggleAttribute("data-hidden", asks !== "missing");
      var before = slot.previousElementSibling;
      var used = slot.querySelector("input:checked");
      var prior = before && before.classList.contains("slot") ? before.querySelector("input[name$='-what']:checked") : true;
      slot.toggleAttribute("data-hidden", !used && !prior);
    });
  }
  function other(name, whole) {
    var m = /^(points|aces|thirds)-([01])$/.exec(name);
    if (!m) { return; }
    var side = m[2] === "0" ? "1" : "0";
    var mine = form.querySelector("[name='" + name + "']" + (m[1] === "points" ? ":checked" : ""));
    if (!mine || !/^[0-9]+$/.test(mine.value) || Number(mine.value) > whole) { return; }
    var rest = String(whole - Number(mine.value));
    if (m[1] === "points") {
      var chip = form.querySelector("input[name='points-" + side + "'][value='" + rest + "']");
      if (chip) { chip.checked = true; }
    } else if (side === "1") {
      var input = form.querySelector("[name='" + m[1] + "-1']");
      if (!input.dataset.typed) { input.value = rest; }
    }
  }
  var WHOLE = {points: 10, aces: 4, thirds: 20};
  form.addEventListener("change", function (e) {
    var kind = e.target.name.split("-")[0];
    if (kind === "points") { other(e.target.name, WHOLE.points); }
    show();
  });
  form.addEventListener("input", function (e) {
    if (e.target.dataset.rest !== undefined) { e.target.dataset.typed = e.target.value ? "1" : ""; return; }
    var kind = e.target.name.split("-")[0];
    if (WHOLE[kind] !== undefined && kind !== "points") { other(e.target.name, WHOLE[kind]); }
  });
  show();
}());
