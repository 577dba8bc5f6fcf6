/* Follow the other phones: the table screen of every game asks "anything new?" every 3 s and reloads when
   another phone saved. The version shown is sent as the tag held: while nothing changed the server answers
   an empty 304 from one indexed row (scorekeeper/web/polls.py: version_answer). */
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.fetch) return;
  var url = live.dataset.versionUrl, seen = live.dataset.version;
  setInterval(function () {
    if (document.hidden || document.getElementById("net") && document.getElementById("net").dataset.copy === "kept") return;
    fetch(url, {cache: "no-store", headers: {"If-None-Match": '"' + seen + '"'}}).then(function (r) {
      if (r.status === 304 || !r.ok) return;
      return r.json().then(function (d) { if (String(d.version) !== seen) location.reload(); });
    }).catch(function () {});
  }, 3000);
})();
