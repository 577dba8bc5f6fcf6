// Terziglio's deal form: after "all pass" nothing else is asked; the take is shown as points or as
// aces and thirds. The server reads the same form without this script.
(function () {
  "use strict";
  var form = document.querySelector(".deal-form");
  if (!form || !form.querySelector("input[name=bid]")) { return; }
  function value(name) {
    var checked = form.querySelector("input[name=" + name + "]:checked");
    return checked ? checked.value : "";
  }
  function show() {
    var passed = value("bid") === "pass";
    var mode = value("mode") || "points";
    form.querySelectorAll(".not-passed").forEach(function (part) {
      var off = passed || (part.classList.contains("by-cards") && mode !== "cards") ||
        (part.classList.contains("by-points") && mode !== "points");
      part.toggleAttribute("data-hidden", off);
    });
  }
  form.addEventListener("change", show);
  show();
}());
