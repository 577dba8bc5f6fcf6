// Cacho and Flor's hand form (templates/games/pot/deal.html): the steppers, "everyone matches", the folds
// kept in step with the amounts (who put in less than the most folded), a folded player gone from the later
// rounds, the pot as it grows, the showdown among those left and the eldest of a tie. One tap is one change:
// no long-press, no repeat. The page works without it: the server reads the same fields.
(function () {
  "use strict";
  var form = document.querySelector(".deal-form");
  var hand = form && form.querySelector(".pot-hand");
  if (!hand) { return; }
  var rounds = Array.prototype.slice.call(hand.querySelectorAll(".round"));
  var MOST = Number(hand.dataset.most);

  function rows(round) { return Array.prototype.slice.call(round.querySelectorAll(".stake-row")); }
  function amount(row) {
    var v = row.querySelector("input[name^=put-]").value.trim();
    return /^[0-9]+$/.test(v) ? Number(v) : 0;
  }
  function setAmount(row, n) { row.querySelector("input[name^=put-]").value = String(n); }
  function foldBox(row) { return row.querySelector("input[name^=fold-]"); }
  function show(el, on) { el.toggleAttribute("data-hidden", !on); }
  function seatOf(el) { return el.dataset.seat; }

  // the most a player may put in at this round: the round's bet (0 if he cannot pay it) or any amount,
  // and never more than he holds less what he put in before (the resto, when the counters are given)
  function most(round, row) {
    var bet = Number(round.dataset.bet || 0), left = MOST;
    if (row.dataset.held !== undefined) {
      left = Number(row.dataset.held);
      rounds.slice(0, rounds.indexOf(round)).forEach(function (r) {
        var same = r.querySelector(".stake-row[data-seat='" + seatOf(row) + "']");
        if (same && !same.hasAttribute("data-hidden")) { left -= amount(same); }
      });
      left = Math.max(0, left);
    }
    return bet ? (left >= bet ? bet : 0) : Math.min(MOST, left);
  }
  function inRound(round) { return rows(round).filter(function (r) { return !r.hasAttribute("data-hidden"); }); }
  function highest(round) { return Math.max.apply(null, [0].concat(inRound(round).map(amount))); }

  // who put in less than the most folded, and only they
  function syncFolds(round) {
    var top = highest(round);
    inRound(round).forEach(function (row) { foldBox(row).checked = top > 0 && amount(row) < top; });
  }

  function update() {
    var played = (form.querySelector("input[name=hand]:checked") || {}).value !== "void";
    show(hand, played);
    var still = null;  // seats still in, null before the first round
    var pot = 0, open = true;
    rounds.forEach(function (round) {
      var shown = open && (still === null || still.length > 1);
      show(round, shown);
      var next = [];
      rows(round).forEach(function (row) {
        var on = shown && (still === null || still.indexOf(seatOf(row)) >= 0);
        show(row, on);
        row.querySelectorAll("input").forEach(function (i) { i.disabled = !on; });
        if (!on) { return; }
        var cap = most(round, row), n = amount(row), step = Number(round.dataset.step);
        row.querySelector(".less").disabled = n <= 0;
        row.querySelector(".more").disabled = n + step > cap;
        pot += n;
        if (!foldBox(row).checked) { next.push(seatOf(row)); }
      });
      if (shown) { still = next; } else { open = false; }
    });
    document.getElementById("pot-total").textContent = String(pot);
    showdown(still || []);
  }

  function showdown(left) {
    var box = hand.querySelector(".showdown");
    var alone = box.querySelector(".alone");
    var names = {};
    box.querySelectorAll(".winners .choice[data-seat]").forEach(function (label) {
      var on = left.indexOf(seatOf(label)) >= 0;
      names[seatOf(label)] = label.querySelector("input").value;
      show(label, on);
      label.querySelector("input").disabled = !on;
    });
    var choices = box.querySelector(".winners"), tied = box.querySelector(".tied");
    show(choices, left.length > 1);
    show(alone, left.length === 1);
    alone.textContent = left.length === 1 ? alone.dataset.words.replace("{player}", names[left[0]]) : "";
    box.querySelector(".winners input[value=tie]").disabled = left.length < 2;
    var tie = left.length > 1 && (box.querySelector("input[name=winner]:checked") || {}).value === "tie";
    show(tied, tie);
    tied.querySelectorAll(".choice[data-seat]").forEach(function (label) {
      var on = tie && left.indexOf(seatOf(label)) >= 0;
      show(label, on);
      label.querySelector("input").disabled = !on;
    });
    var eldest = box.querySelector(".eldest");
    var who = tie ? eldestOf(tied) : null;
    eldest.textContent = who ? eldest.dataset.words.replace("{player}", who) : "";
  }

  // of the tied players, the first after the dealer in the direction of play
  function eldestOf(tied) {
    var dealers = Array.prototype.slice.call(form.querySelectorAll("input[name=dealer]"));
    var dealer = dealers.findIndex(function (i) { return i.checked; });
    var boxes = Array.prototype.slice.call(tied.querySelectorAll("input[type=checkbox]"));
    var chosen = boxes.filter(function (b) { return b.checked && !b.disabled; });
    if (dealer < 0 || chosen.length < 2) { return null; }
    for (var k = 1; k <= boxes.length; k++) {
      var b = boxes[(dealer + k) % boxes.length];
      if (chosen.indexOf(b) >= 0) { return b.closest(".choice").querySelector("span").textContent; }
    }
    return null;
  }

  form.addEventListener("click", function (e) {
    var button = e.target.closest("button.step, button.match");
    if (!button) { return; }
    var round = button.closest(".round");
    if (button.classList.contains("match")) {  // everyone still in puts in the most (the round's bet at least)
      var top = Math.max(highest(round), Number(round.dataset.bet || 0));
      inRound(round).forEach(function (row) { setAmount(row, Math.min(top, most(round, row))); });
    } else {
      var row = button.closest(".stake-row"), step = Number(round.dataset.step);
      var n = amount(row) + (button.classList.contains("more") ? step : -step);
      setAmount(row, Math.max(0, Math.min(n, most(round, row))));
    }
    syncFolds(round);
    update();
  });
  form.addEventListener("change", function (e) {
    var t = e.target, round = t.closest(".round");
    if (round && /^fold-/.test(t.name)) {  // folding puts in less than the most; staying in matches it
      var row = t.closest(".stake-row"), top = highest(round);
      if (t.checked) {
        if (amount(row) >= top) { setAmount(row, 0); }
      } else {
        setAmount(row, Math.min(Math.max(top, Number(round.dataset.bet || 0)), most(round, row)));
      }
      syncFolds(round);
    }
    update();
  });
  form.addEventListener("input", function (e) {
    var round = e.target.closest(".round");
    if (round && /^put-/.test(e.target.name)) { syncFolds(round); }
    update();
  });
  update();
}());
