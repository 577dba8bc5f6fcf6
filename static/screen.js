/* The table screen stays on while it is open: a Screen Wake Lock, taken again whenever the page becomes
   visible (the browser lets it go when the phone is switched away), with a switch this phone remembers. */
(function () {
  "use strict";
  var slot = document.getElementById("wake");
  if (!slot) return;
  var box = slot.querySelector("input[type=checkbox]");
  var KEY = "sk-wake";
  var lock = null;
  slot.hidden = false;
  if (!("wakeLock" in navigator)) {
    box.disabled = true;
    slot.querySelector(".hint").hidden = false;
    return;
  }
  function wanted() {
    try { return localStorage.getItem(KEY) !== "off"; } catch (e) { return true; }
  }
  function take() {
    if (!box.checked || lock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () { lock = null; });
    }, function () { lock = null; });
  }
  function letGo() {
    if (lock) lock.release();
    lock = null;
  }
  box.checked = wanted();
  box.addEventListener("change", function () {
    try { localStorage.setItem(KEY, box.checked ? "on" : "off"); } catch (e) { /* private mode */ }
    if (box.checked) take(); else letGo();
  });
  document.addEventListener("visibilitychange", take);
  take();
})();
