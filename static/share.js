/* Send a link or a text: each "button.share-link" opens the phone's share sheet (Web Share API), or copies
   to the clipboard, or selects what it sends for copying by hand. The button says what it sends and its
   words in data attributes: data-url (a link, shown in its card's ".link a") or data-from (the id of the
   element whose text it sends), data-title and data-text, data-send, data-copy, data-sent, data-copied.
   Its card (the enclosing section) holds the ".shared" status line, and may hold a ".share-manual" hint
   shown only when selecting by hand is all that is left. No inline script: the page's CSP allows only
   files like this one. */
(function () {
  "use strict";
  var canShare = typeof navigator.share === "function";
  var canCopy = !!(navigator.clipboard && navigator.clipboard.writeText);
  if (!canShare && !canCopy) return; /* what is sent stays on the page, to copy by hand */
  Array.prototype.forEach.call(document.querySelectorAll("button.share-link"), function (button) {
    var said = button.dataset;
    var card = button.closest("section");
    var status = card.querySelector(".shared");
    var manual = card.querySelector(".share-manual");
    var shown = said.from ? document.getElementById(said.from) : card.querySelector(".link a");
    var sent = said.url ? {title: said.title, text: said.text, url: said.url}
                        : {title: said.title, text: shown.textContent};
    var copied = said.url || sent.text;
    button.textContent = canShare ? said.send : said.copy;
    button.hidden = false;
    if (manual) manual.hidden = true;
    function say(words) { status.textContent = words; }
    function selectShown() {
      var range = document.createRange();
      range.selectNodeContents(shown);
      var sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      if (manual) manual.hidden = false;
    }
    function copy() {
      if (!canCopy) { selectShown(); return; }
      navigator.clipboard.writeText(copied).then(function () { say(said.copied); },
        function () { selectShown(); say(""); });
    }
    button.addEventListener("click", function () {
      say("");
      if (!canShare) { copy(); return; }
      navigator.share(sent).then(function () {
        say(said.sent);
      }, function (err) {
        if (err && err.name === "AbortError") return; /* the player closed the share sheet */
        copy();
      });
    });
  });
})();
