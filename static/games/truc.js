// The hand form of Rentoy, Truc and Put: each call button adds the call that may follow (the sides
// raise in turn), the value and the fold shown follow the calls, and the tricks stop where they decide
// the hand. The two lists the page has without a script hold what is sent; the server checks it all.
(function () {
  "use strict";
  var hand = document.querySelector(".truc-hand");
  if (!hand) { return; }
  var ladder = hand.dataset.ladder.split(",").map(Number);
  var ties = hand.dataset.ties;
  var first = hand.querySelector("#first");
  var raises = hand.querySelector("#raises");
  function count() { return Number(raises.value) || 0; }
  function caller(k) { return (Number(first.value) + k - 1) % 2; }
  function show() {
    var n = count();
    hand.querySelectorAll(".chain li").forEach(function (li) {
      var k = Number(li.dataset.step);
      li.hidden = !(k <= n && caller(k) === Number(li.dataset.side));
    });
    hand.querySelectorAll("button.call").forEach(function (b) {
      var k = Number(b.dataset.step);
      b.hidden = !(n === k - 1 && (k === 1 || caller(k) === Number(b.dataset.side)));
    });
    hand.querySelector(".undo-call").hidden = n === 0;
    hand.querySelectorAll(".value").forEach(function (v) { v.textContent = String(ladder[n]); });
    hand.querySelectorAll(".before-value").forEach(function (v) { v.textContent = String(n ? ladder[n - 1] : 0); });
    hand.querySelectorAll("button.fold").forEach(function (b) {
      b.hidden = !(n > 0 && caller(n) !== Number(b.dataset.side));
    });
  }
  function decided(tricks) {
    if (tricks.length >= 3) { return true; }
    if (tricks.length < 2) { return false; }
    var won = tricks.filter(function (t) { return t !== "tie"; });
    if (ties === "earliest" && won.length === 1) { return true; }
    return won.length === 2 && won[0] === won[1];
  }
  function tricks() {
    var played = [];
    var rows = hand.querySelectorAll(".trick");
    rows.forEach(function (row) {
      var over = decided(played);
      row.hidden = over;
      if (over) { row.querySelectorAll("input").forEach(function (i) { i.checked = false; }); return; }
      var checked = row.querySelector("input:checked");
      if (checked) { played.push(checked.value); } else { played.push(null); }
    });
    var eldest = hand.querySelector(".eldest");
    if (eldest) {
      eldest.hidden = !(played.length === 3 && played.every(function (t) { return t === "tie"; }));
    }
  }
  hand.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (!b || b.type !== "button") { return; }
    if (b.classList.contains("call")) {
      if (b.dataset.step === "1") { first.value = b.dataset.side; }
      raises.value = b.dataset.step;
    } else if (b.classList.contains("undo-call")) {
      raises.value = String(Math.max(0, count() - 1));
      if (count() === 0) { first.value = ""; }
    }
    show();
  });
  hand.addEventListener("change", function (e) {
    if (/^trick-/.test(e.target.name)) { tricks(); }
    if (e.target === first || e.target === raises) { show(); }
  });
  show();
  tricks();
}());
