/* Invite a phone: each "send the link" button opens the phone's share sheet (Web Share API), or copies the
   link to the clipboard, or selects the link for copying by hand. No inline script: the page's CSP allows
   only files like this one. */
(function () {
  "use strict";
  var canShare = typeof navigator.share === "function";
  var canCopy = !!(navigator.clipboard && navigator.clipboard.writeText);
  if (!canShare && !canCopy) return; /* the link stays on the page, to copy by hand */
  Array.prototype.forEach.call(document.querySelectorAll("button.share-link"), function (button) {
    var card = button.closest("section");
    var status = card.querySelector(".shared");
    var link = card.querySelector(".link a");
    var url = button.dataset.url;
    button.textContent = canShare ? button.dataset.send : button.dataset.copy;
    button.hidden = false;
    function say(words) { status.textContent = words; }
    function selectLink() {
      var range = document.createRange();
      range.selectNodeContents(link);
      var sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
    }
    function copy() {
      if (!canCopy) { selectLink(); return; }
      navigator.clipboard.writeText(url).then(function () { say(button.dataset.copied); },
        function () { selectLink(); say(""); });
    }
    button.addEventListener("click", function () {
      say("");
      if (!canShare) { copy(); return; }
      navigator.share({title: button.dataset.title, text: button.dataset.text, url: url}).then(function () {
        say(button.dataset.sent);
      }, function (err) {
        if (err && err.name === "AbortError") return; /* the player closed the share sheet */
        copy();
      });
    });
  });
})();
