/* Send the result: the phone's share sheet (Web Share API), else copy to the clipboard, else select the text. */
(function () {
  "use strict";
  var button = document.getElementById("share-button");
  var box = document.getElementById("share-text");
  if (!button || !box) return;
  var status = document.getElementById("share-status");
  var manual = document.getElementById("share-manual");
  var text = box.textContent;
  var words = JSON.parse(document.body.dataset.words || "{}"); /* the page's words (script_words) */
  var canShare = typeof navigator.share === "function";
  var canCopy = !!(navigator.clipboard && navigator.clipboard.writeText);
  if (!canShare && !canCopy) return; /* the text stays on the page to copy by hand */
  button.textContent = canShare ? words.send_result : words.copy_result;
  button.hidden = false;
  if (manual) manual.hidden = true;
  function say(words) { status.textContent = words; }
  function selectText() {
    var range = document.createRange();
    range.selectNodeContents(box);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    if (manual) manual.hidden = false;
  }
  function copy() {
    if (!canCopy) { selectText(); return; }
    navigator.clipboard.writeText(text).then(function () {
      say(words.copied);
    }, function () { selectText(); say(""); });
  }
  button.addEventListener("click", function () {
    say("");
    if (!canShare) { copy(); return; }
    navigator.share({title: button.dataset.title, text: text}).then(function () {
      say(words.sent);
    }, function (err) {
      if (err && err.name === "AbortError") return; /* the player closed the share sheet */
      copy();
    });
  });
})();
