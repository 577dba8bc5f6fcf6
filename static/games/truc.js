// The hand form of Rentoy, Truc and Put: in each chain of calls, each button adds the call that may
// follow (the sides call in turn); the hand's value and the fold shown follow the main chain; the
// tricks stop where they decide the hand. The two lists each chain has without a script hold what is
// sent; the server checks it all. A round of pica-pica draws each duel with the same pieces (its fields
// named after the duel): each duel is wired as a hand of its own, and its common buttons and its fields
// below are kept from saying two things (tapping one clears the other).
(function () {
  "use strict";
  function wire(hand) {
  var ties = hand.dataset.ties;
  // Going to the deck: the hand's value; in the first trick with nothing sung, the ruleset's own.
  function mazoValue() {
    var main = hand.querySelector("fieldset.calls[data-main] select.count");
    var c = main ? Number(main.value) || 0 : 0;
    var sung = c > 0 || hand.querySelector(".bet-step input:checked") !== null;
    hand.querySelectorAll(".mazo-value").forEach(function (v) {
      var values = hand.querySelector("fieldset.calls[data-main]").dataset.values.split(",");
      v.textContent = sung ? values[c] : v.dataset.first;
    });
  }
  function Chain(box) {
    var values = box.dataset.values.split(",").map(Number);
    var first = box.querySelector("select.first");
    var count = box.querySelector("select.count");
    function n() { return Number(count.value) || 0; }
    function caller(k) { return (Number(first.value) + k - 1) % 2; }
    function show() {
      var c = n();
      box.querySelectorAll(".chain li").forEach(function (li) {
        var k = Number(li.dataset.step);
        li.toggleAttribute("data-hidden", !(k <= c && caller(k) === Number(li.dataset.side)));
      });
      box.querySelectorAll("button.call").forEach(function (b) {
        var k = Number(b.dataset.step);
        b.toggleAttribute("data-hidden", !(c === k - 1 && (k === 1 || caller(k) === Number(b.dataset.side))));
      });
      box.querySelector(".undo-call").toggleAttribute("data-hidden", c === 0);
      if (box.hasAttribute("data-main")) {
        hand.querySelectorAll(".value").forEach(function (v) { v.textContent = String(values[c]); });
        hand.querySelectorAll(".before-value").forEach(function (v) { v.textContent = String(c ? values[c - 1] : 0); });
        mazoValue();
        hand.querySelectorAll(".fold").forEach(function (b) {
          b.toggleAttribute("data-hidden", !(c > 0 && caller(c) !== Number(b.dataset.side)));
        });
      }
    }
    box.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b || b.type !== "button") { return; }
      if (b.classList.contains("call")) {
        if (b.dataset.step === "1") { first.value = b.dataset.side; }
        count.value = b.dataset.step;
      } else if (b.classList.contains("undo-call")) {
        count.value = String(Math.max(0, n() - 1));
        if (n() === 0) { first.value = ""; }
      }
      show();
    });
    box.addEventListener("change", show);
    show();
  }
  // A side bet (envido, flor, envit): each step offers only the calls that may follow the steps
  // tapped before it, by the other side (as Chain.buttons does on the server); a step shows once the
  // one before is tapped; no quiero is the other side's to say, and a lone flor needs no answer.
  function Bet(box) {
    var chain = JSON.parse(box.dataset.chain);
    function follows(made) {
      return chain.calls.filter(function (c) {
        if (!made.length) { return c.opens; }
        var last = made[made.length - 1];
        var lastCall = chain.calls.filter(function (d) { return d.name === last; })[0];
        var again = made.filter(function (m) { return m === last; }).length > 1;
        if (lastCall && lastCall.again !== null && again) { return false; }
        var times = made.filter(function (m) { return m === c.name; }).length;
        return c.after.indexOf(last) >= 0 && times < c.most;
      }).map(function (c) { return c.name; });
    }
    function show() {
      var made = [], open = true;
      box.querySelectorAll(".bet-step").forEach(function (step) {
        var names = made.map(function (m) { return m[1]; });
        var may = open ? follows(names) : [];
        var last = made.length ? made[made.length - 1][0] : null;
        var any = false;
        step.querySelectorAll("input").forEach(function (input) {
          var call = input.value.split(":");
          var ok = may.indexOf(call[1]) >= 0 && call[0] !== last;
          input.closest("label").hidden = !ok;
          if (!ok) { input.checked = false; }
          any = any || ok;
        });
        step.hidden = !any;
        var checked = step.querySelector("input:checked");
        if (checked) { made.push(checked.value.split(":")); } else { open = false; }
      });
      var answer = box.querySelector(".bet-answer");
      var lone = chain.alone && made.length === 1;
      answer.hidden = !made.length || lone;
      answer.querySelectorAll("input").forEach(function (input) {
        var ok = !answer.hidden && !(input.value === "refused-" + made[made.length - 1][0]);
        input.closest("label").hidden = !ok;
        if (!ok) { input.checked = false; }
      });
      mazoValue();
    }
    box.addEventListener("change", show);
    show();
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
    hand.querySelectorAll(".trick").forEach(function (row) {
      var over = decided(played);
      row.toggleAttribute("data-hidden", over);
      if (over) { row.querySelectorAll("input").forEach(function (i) { i.checked = false; }); return; }
      var checked = row.querySelector("input:checked");
      played.push(checked ? checked.value : null);
    });
    var eldest = hand.querySelector(".eldest");
    if (eldest) {
      eldest.toggleAttribute("data-hidden", !(played.length === 3 && played.every(function (t) { return t === "tie"; })));
    }
  }
  hand.querySelectorAll("fieldset.calls").forEach(Chain);
  hand.querySelectorAll("details.bet").forEach(Bet);
  hand.addEventListener("change", function (e) { if (/(^|\.)trick-/.test(e.target.name)) { tricks(); } });
  tricks();
  }
  // A duel: a common result with a truco (a value with ":") stands for its calls, so tapping it clears the
  // calls below, and a call tapped below clears it; a common envido and the envido's calls below likewise.
  function duel(box) {
    var name = "duel-" + box.dataset.duel;
    var calls = box.querySelector("fieldset.calls[data-main]");
    function clearCalls() {
      if (!calls) { return; }
      calls.querySelector("select.count").value = "0";
      calls.querySelector("select.first").value = "";
      calls.dispatchEvent(new Event("change", { bubbles: false }));
    }
    function clearCommon(prefix) {
      box.querySelectorAll("input[name='" + prefix + "']:checked").forEach(function (i) {
        if (prefix !== name || i.value.indexOf(":") >= 0) { i.checked = false; }
      });
    }
    box.addEventListener("change", function (e) {
      var t = e.target;
      if (t.name === name && t.value.indexOf(":") >= 0) { clearCalls(); }
      if (t.name === name + "-bet") {
        var bet = box.querySelector("details.bet[data-name='" + box.dataset.bet + "']");
        if (bet) {
          bet.querySelectorAll("input:checked").forEach(function (i) { i.checked = false; });
          bet.dispatchEvent(new Event("change"));
        }
      }
      if (t.closest("details.bet[data-name='" + box.dataset.bet + "']")) { clearCommon(name + "-bet"); }
    });
    if (calls) {
      calls.addEventListener("click", function (e) {
        var b = e.target.closest("button");
        if (b && b.type === "button") { clearCommon(name); }
      });
      calls.addEventListener("change", function (e) { if (e.isTrusted) { clearCommon(name); } });
    }
    wire(box);
  }
  var hand = document.querySelector(".truc-hand");
  if (hand) { wire(hand); }
  document.querySelectorAll(".truc-pica fieldset.duel").forEach(duel);
}());
