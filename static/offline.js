/* The phone's outbox: a hand entered is never lost, never doubled.

   From the moment Save is tapped, the hand (or a fix, a delete, an undo, the end) is kept in this
   phone's IndexedDB with its key, and sent with that key until the server has answered. A reply lost
   on the way is resolved by sending again: the server recognises the key and answers with what it
   stored. Offline, the table shows what waits here; when the network returns (or the app is next
   opened) it is sent, in order, once. A hand another phone entered under the same number, or a change
   made stale by another phone, is shown and never applied blindly.

   Also here: the service worker's registration and the "offline — last updated 21:42" banner.
   Every sentence comes from the page (data-words); without JavaScript the forms post as they always did. */
(function () {
  "use strict";
  var net = document.getElementById("net");
  var box = document.getElementById("outbox");
  if (!net || !box || !window.indexedDB || !window.fetch) return;
  var words = {};
  try { words = JSON.parse(document.body.dataset.words || "{}"); } catch (e) { /* no words: nothing to say */ }
  var here = {
    table: net.dataset.table || "",
    tableUrl: net.dataset.tableUrl || "",
    syncUrl: net.dataset.sync || "",
    handUrl: net.dataset.handUrl || "",
    pendingUrl: net.dataset.pending || ""
  };
  var kept = net.dataset.copy === "kept";     /* this page is a copy kept on the phone, not the server's */
  var lastGood = Number(net.dataset.rendered) || Date.now();
  var PLUMBING = ["csrf_token", "idem_key", "key", "number", "version"];
  var SENT = "sk-sent-keys";                   /* keys the server has acknowledged (a used form is not reused) */

  /* ---------------------------------------------------------------- the store */
  var opening = null;
  function db() {
    if (!opening) {
      opening = new Promise(function (resolve, reject) {
        var req = indexedDB.open("scorekeeper", 1);
        req.onupgradeneeded = function () { req.result.createObjectStore("outbox", {keyPath: "key"}); };
        req.onsuccess = function () { resolve(req.result); };
        req.onerror = function () { reject(req.error); };
      });
    }
    return opening;
  }
  function store(mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var tx = d.transaction("outbox", mode), req = work(tx.objectStore("outbox"));
        tx.oncomplete = function () { resolve(req ? req.result : undefined); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  }
  function all() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (list) {
      return (list || []).sort(function (a, b) { return a.created - b.created; });
    });
  }
  function put(entry) { return store("readwrite", function (s) { return s.put(entry); }); }
  function drop(key) { return store("readwrite", function (s) { return s.delete(key); }); }
  function get(key) { return store("readonly", function (s) { return s.get(key); }); }

  function sentKeys() {
    try { return JSON.parse(localStorage.getItem(SENT) || "[]"); } catch (e) { return []; }
  }
  function markSent(key) {
    var keys = sentKeys().filter(function (k) { return k !== key; });
    keys.push(key);
    try { localStorage.setItem(SENT, JSON.stringify(keys.slice(-200))); } catch (e) { /* private mode */ }
  }
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  /* ---------------------------------------------------------------- a form as an entry */
  function keyField(form) {
    return form.querySelector("input[name=idem_key]") || form.querySelector("input[name=key]");
  }
  function fieldsOf(form, submitter) {
    var data;
    try { data = new FormData(form, submitter || undefined); } catch (e) { data = new FormData(form); }
    var out = [];
    data.forEach(function (value, name) { if (typeof value === "string") out.push([name, value]); });
    return out;
  }
  function valueOf(fields, name) {
    for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
    return "";
  }
  function text(el) { return el ? el.textContent.replace(/\s+/g, " ").trim() : ""; }
  /* What the eye reads: without the words written only for screen readers. */
  function seen(el) {
    if (!el) return "";
    var copy = el.cloneNode(true);
    copy.querySelectorAll(".vh, input").forEach(function (x) { x.remove(); });
    return text(copy);
  }
  function shown(el, form) {
    for (var e = el; e && e !== form; e = e.parentElement) if (e.hidden) return false;
    return true;
  }
  /* What was entered, in the page's own words: each question's label and the answers chosen. */
  function linesOf(form) {
    var lines = [];
    form.querySelectorAll("fieldset").forEach(function (set) {
      if (!shown(set, form) || set.parentElement.closest("fieldset")) return;
      var answers = [];
      set.querySelectorAll("input").forEach(function (input) {
        if (!shown(input, form) || input.type === "hidden" || input.type === "submit") return;
        var inner = input.closest("fieldset"), who = inner !== set ? seen(inner.querySelector("legend")) + " " : "";
        if ((input.type === "radio" || input.type === "checkbox")) {
          if (input.checked && input.value !== "") answers.push(who + seen(input.closest("label")));
        } else if (input.value !== "") {
          var label = input.id && form.querySelector("label[for='" + input.id + "']");
          answers.push((label ? seen(label) + " " : who) + input.value);
        }
      });
      if (answers.length) lines.push([seen(set.querySelector("legend")), answers.join(" · ")]);
    });
    return lines;
  }
  function entryFor(form, submitter) {
    var fields = fieldsOf(form, submitter), kind = form.dataset.offline || "change";
    var keyInput = keyField(form), number = Number(valueOf(fields, "number")) || 0;
    var key = keyInput && keyInput.value ? keyInput.value : newKey();
    var heading = document.querySelector("main h1");
    return {
      key: key, kind: kind, created: Date.now(), state: "sending", message: "", tries: 0,
      url: form.action || location.href, page: location.pathname, fields: fields,
      number: number, edit: Number(form.dataset.editing) || 0,
      label: kind === "hand" && number ? fill(form.dataset.heading || words.outbox_hand, {n: number}) : text(heading),
      lines: linesOf(form), table: here.table, tableUrl: here.tableUrl, syncUrl: here.syncUrl,
      handUrl: here.handUrl, pendingUrl: here.pendingUrl
    };
  }
  function fill(sentence, values) {
    return String(sentence || "").replace(/\{(\w+)\}/g, function (m, k) { return values[k] !== undefined ? values[k] : m; });
  }

  /* ---------------------------------------------------------------- sending */
  /* One attempt: "done" (the server has it), "conflict"/"stale" (409), "refused" (4xx),
     "busy" (5xx, 429: try again later) or "unreachable" (no answer at all). */
  function send(entry, csrf) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (f) { body.append(f[0], f[0] === "csrf_token" && csrf ? csrf : f[1]); });
    return fetch(entry.url, {
      method: "POST", body: body, credentials: "same-origin", redirect: "follow", cache: "no-store",
      headers: {"X-Outbox": "1"}
    }).then(function (response) {
      return response.text().then(function (html) {
        var s = response.status, outcome = "refused";
        if (s >= 200 && s < 300) outcome = "done";
        else if (s === 409) outcome = entry.kind === "hand" ? "conflict" : "stale";
        else if (s >= 500 || s === 429) outcome = "busy";
        return {outcome: outcome, status: s, url: response.url, redirected: response.redirected, html: html,
                formStale: s === 400 && response.headers.get("X-Form-Stale") === "1"};
      });
    }, function () { return {outcome: "unreachable"}; });
  }
  function messageOf(html) {
    var doc = new DOMParser().parseFromString(html || "", "text/html");
    doc.querySelectorAll("main [role=alert] a").forEach(function (a) { a.remove(); });  /* "Reload the table" */
    var alerts = Array.prototype.map.call(doc.querySelectorAll("main [role=alert]"), text).filter(Boolean);
    if (alerts.length) return alerts.join(" ");
    return text(doc.querySelector("main .lead")) || text(doc.querySelector("main p")) || text(doc.querySelector("title"));
  }
  /* A fresh form token from the table's sync (which also gives a phone that lost its cookie a new one). */
  function freshToken(entry) {
    if (!entry.syncUrl) return Promise.resolve("");
    return fetch(entry.syncUrl, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      return r.ok ? r.json() : {};
    }).then(function (state) { return state.csrf || ""; }, function () { return ""; });
  }
  function savedNumber(url) {
    var m = /[?&]saved=(\d+)/.exec(url || "");
    return m ? Number(m[1]) : 0;
  }
  function settled(entry, result) {
    markSent(entry.key);
    return drop(entry.key).then(function () { return result; });
  }
  function held(entry, result) {
    entry.state = result.outcome;
    entry.message = messageOf(result.html);
    return put(entry).then(function () { return result; });
  }

  /* The page the server answered with, shown as if the browser had posted the form itself. */
  function showPage(html) {
    var last = setTimeout(function () {}, 0);
    for (var id = 0; id <= last; id++) { clearTimeout(id); clearInterval(id); }
    document.open();
    document.write(html);
    document.close();
  }
  function wait(ms) { return new Promise(function (resolve) { setTimeout(resolve, ms); }); }

  /* Save tapped: keep it, send it, and show what became of it. */
  var inFlight = {};
  function submitted(form, submitter) {
    if (form.dataset.sending) return;
    form.dataset.sending = "1";
    var button = submitter || form.querySelector("[type=submit]");
    if (button && !form.dataset.buttonText) form.dataset.buttonText = button.textContent;
    var entry = entryFor(form, submitter);
    inFlight[entry.key] = true;
    put(entry).then(function () {
      return send(entry);
    }).then(function (result) {
      /* no answer while the phone thinks it is online: the answer may have been lost after the
         server saved it. Ask again with the same key; the server recognises it. */
      if (result.outcome === "unreachable" && navigator.onLine) {
        return wait(1200).then(function () { return send(entry); });
      }
      return result;
    }).then(function (result) {
      /* refused for its form alone (the server's key changed, or this phone lost its cookie): the same
         entry, with its own key, once more with a fresh form token */
      if (!result.formStale) return result;
      return freshToken(entry).then(function (csrf) { return csrf ? send(entry, csrf) : result; });
    }).then(function (result) {
      if (result.formStale) {
        /* still refused for its form: the hand is kept here, said so, and tried again with the others */
        entry.state = "pending";
        entry.why = "form";
        return put(entry).then(function () { keptOnPhone(form, entry, false); });
      }
      if (result.outcome === "done" || (result.outcome !== "conflict" && result.outcome !== "unreachable" &&
                                        result.outcome !== "busy")) {
        /* done, refused, or stale: the server's own page says what happened, with the user's entry */
        return settled(entry, result).then(function () {
          if (result.redirected) location.replace(result.url); else showPage(result.html);
        });
      }
      if (result.outcome === "conflict") {
        return held(entry, result).then(function () { location.assign(compareUrl(entry)); });
      }
      entry.state = "pending";
      return put(entry).then(function () { keptOnPhone(form, entry, result.outcome === "unreachable"); });
    }).catch(function () {
      stayHere(form);
    }).then(function () { delete inFlight[entry.key]; });
  }

  /* Not sent yet: back to the table, which shows it waiting (or, without a kept table, say it here). */
  function keptOnPhone(form, entry, unreachable) {
    if (unreachable) goOffline();
    var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controlled && entry.tableUrl && caches) {
      caches.match(new URL(entry.tableUrl, location.href).href).then(function (copy) {
        if (copy) location.assign(entry.tableUrl); else stayHere(form);
      }, function () { stayHere(form); });
    } else {
      stayHere(form);
    }
  }
  function stayHere(form) {
    delete form.dataset.sending;
    form.querySelectorAll("[type=submit]").forEach(function (b) { b.disabled = false; });
    var button = form.querySelector("[type=submit]");
    if (button && form.dataset.buttonText) button.textContent = form.dataset.buttonText;
    render().then(function () { box.scrollIntoView({block: "start"}); });
  }

  /* Everything waiting, oldest first, table by table; one that needs the user holds the rest back. */
  var flushing = null;
  function flush() {
    if (flushing) return flushing;
    flushing = all().then(function (entries) {
      var blocked = {}, delivered = [], chain = Promise.resolve(true);
      entries.forEach(function (entry) {
        chain = chain.then(function (online) {
          if (!online) return false;
          if (entry.state !== "pending" && entry.state !== "sending") { blocked[entry.table] = true; return true; }
          if (blocked[entry.table] || inFlight[entry.key]) return true;
          return get(entry.key).then(function (now) {
            return now && now.state === entry.state ? deliver(now, delivered, blocked) : true;
          });
        });
      });
      return chain.then(function () { return delivered; });
    }).then(function (delivered) {
      flushing = null;
      return delivered;
    }, function () { flushing = null; return []; });
    return flushing;
  }
  function deliver(entry, delivered, blocked) {
    return fetch(entry.syncUrl, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      return r.ok ? r.json() : {};
    }).then(function (state) {
      return send(entry, state.csrf);
    }, function () { return {outcome: "unreachable"}; }).then(function (result) {
      if (result.outcome === "unreachable") return false;
      if (result.outcome === "done") {
        delivered.push({entry: entry, number: savedNumber(result.url)});
        return settled(entry, result).then(function () { return true; });
      }
      blocked[entry.table] = true;
      if (result.outcome === "busy" || result.formStale) {  /* a refused form key even with a fresh one: later */
        entry.tries = (entry.tries || 0) + 1;
        entry.why = result.formStale ? "form" : "";
        if (entry.tries < 5) { entry.state = "pending"; return put(entry).then(function () { return true; }); }
        result.outcome = "refused";
      }
      return held(entry, result).then(function () {
        if (!result.formStale) return true;
        entry.message = words.outbox_form_refused;  /* the server's page says "go back": not what to do here */
        return put(entry).then(function () { return true; });
      });
    });
  }

  /* ---------------------------------------------------------------- what waits, shown */
  function button(label, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls || "quiet small";
    b.textContent = label;
    return b;
  }
  function link(label, href, cls) {
    var a = document.createElement("a");
    a.className = cls || "button small";
    a.href = href;
    a.textContent = label;
    return a;
  }
  function withParams(base, params) {
    var u = new URL(base, location.href);
    params.forEach(function (p) { u.searchParams.append(p[0], p[1]); });
    return u.pathname + u.search;
  }
  function compareUrl(entry) {
    var params = entry.fields.filter(function (f) { return PLUMBING.indexOf(f[0]) < 0; });
    var which = entry.edit ? ["edit", String(entry.edit)] : ["number", String(entry.number)];
    return withParams(entry.pendingUrl, params.concat([["key", entry.key], which]));
  }
  function againUrl(entry) {
    return withParams(entry.kind === "hand" ? entry.handUrl : entry.page, [["pending", entry.key]]);
  }
  function stateWords(entry, blockedBefore) {
    if (blockedBefore) return words.outbox_held;
    if (entry.state === "conflict") {
      return /closed|ended/i.test(entry.message) ? words.outbox_closed : fill(words.outbox_conflict, {n: entry.number});
    }
    if (entry.state === "stale") return fill(words.outbox_stale, {message: entry.message});
    if (entry.state === "refused") return fill(words.outbox_refused, {message: entry.message});
    return entry.why === "form" ? words.outbox_form_retry : words.outbox_pending;
  }
  function dropButton(entry) {
    var b = button(words.outbox_drop);
    b.addEventListener("click", function () {
      if (!b.dataset.armed) { b.dataset.armed = "1"; b.textContent = words.outbox_drop_sure; return; }
      drop(entry.key).then(render);
    });
    return b;
  }
  function card(entry, blockedBefore) {
    var art = document.createElement("article");
    art.className = "kept kept-" + (blockedBefore ? "held" : entry.state);
    art.dataset.key = entry.key;
    var h = document.createElement("h3");
    h.textContent = entry.label;
    var p = document.createElement("p");
    p.className = "state";
    p.textContent = stateWords(entry, blockedBefore);
    art.appendChild(h);
    art.appendChild(p);
    if (entry.lines && entry.lines.length) {
      var ul = document.createElement("ul");
      ul.className = "lines";
      entry.lines.forEach(function (line) {
        var li = document.createElement("li"), b = document.createElement("b");
        b.textContent = line[0];
        li.appendChild(b);
        li.appendChild(document.createTextNode(" " + line[1]));
        ul.appendChild(li);
      });
      art.appendChild(ul);
    }
    var actions = document.createElement("p");
    actions.className = "actions";
    var comparable = entry.state === "conflict" || (entry.state === "stale" && entry.edit);
    if (!blockedBefore && comparable) actions.appendChild(link(words.outbox_compare, compareUrl(entry)));
    if (!blockedBefore && entry.state === "stale" && !entry.edit) actions.appendChild(dropButton(entry));
    if (!blockedBefore && entry.state === "refused") {
      actions.appendChild(link(entry.kind === "hand" ? words.outbox_open_mine : words.outbox_look_again, againUrl(entry)));
      actions.appendChild(dropButton(entry));
    }
    if (actions.firstChild) art.appendChild(actions);
    return art;
  }
  function render() {
    return all().then(function (entries) {
      var page = document.querySelector("[data-pending-key]");
      var shownHere = page ? page.dataset.pendingKey : new URLSearchParams(location.search).get("pending");
      var mine = entries.filter(function (e) { return e.key !== shownHere; });  /* this page shows it */
      box.textContent = "";
      if (!mine.length) return;
      var section = document.createElement("section");
      section.className = "card kept-list";
      var h = document.createElement("h2");
      h.textContent = words.outbox_kept_title;
      section.appendChild(h);
      var blocked = {};
      mine.forEach(function (entry) {
        var shown = card(entry, blocked[entry.table]);
        if (here.table && entry.table !== here.table && entry.tableUrl) {  /* another table's, on this phone */
          shown.appendChild(link(words.outbox_other_table, entry.tableUrl, "small"));
        }
        section.appendChild(shown);
        if (entry.state !== "pending" && entry.state !== "sending") blocked[entry.table] = true;
      });
      box.appendChild(section);
      nextAfter(mine.filter(function (e) { return !here.table || e.table === here.table; }));
    }, function () { /* no IndexedDB (private mode): nothing kept to show */ });
  }

  /* The table's "Enter hand N" counts the hands waiting here (the figures above them do not, yet). */
  function nextAfter(entries) {
    var enter = document.getElementById("enter-hand") || document.getElementById("enter-deal");
    var waiting = entries.filter(function (e) { return e.kind === "hand"; }).map(function (e) { return e.number; });
    if (!enter || !waiting.length) return;
    enter.textContent = fill(enter.dataset.enter || words.outbox_enter, {n: Math.max.apply(null, waiting) + 1});
    var hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = words.outbox_not_counted;
    box.querySelector(".kept-list").appendChild(hint);
  }

  /* ---------------------------------------------------------------- the table as last seen online */
  var PAGES = "sk-pages";                      /* the service worker's kept pages (static/sw.js) */
  function knownKey(table) { return "sk-table-" + table; }
  function known(table) {
    try { return JSON.parse(localStorage.getItem(knownKey(table)) || "null"); } catch (e) { return null; }
  }
  /* The server's answer to the sync: how many hands it has and who deals the next ones (kept for a
     hand form opened offline); and the kept hand form made again when it is not the next hand's. */
  var lastState = null;
  function remember(state) {
    if (!here.table || typeof state.hands !== "number") return;
    lastState = state;
    try {
      localStorage.setItem(knownKey(here.table), JSON.stringify(
        {hands: state.hands, version: state.version, deals: state.deals || [], at: Date.now()}));
    } catch (e) { /* private mode: the form kept is used as it is */ }
    freshenHandForm(state);
  }
  function freshenHandForm(state) {
    var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!here.handUrl || !controlled || !window.caches || state.closed) return;
    var url = new URL(here.handUrl, location.href), name = url.origin + url.pathname;
    function formOf(html) {
      var doc = new DOMParser().parseFromString(html || "", "text/html");
      var number = doc.querySelector("form[data-offline=hand] input[name=number]");  /* a game's deal form too */
      var version = doc.querySelector("form[data-offline=hand] input[name=version]");
      return {number: number ? Number(number.value) : 0, version: version && version.value ? Number(version.value) : 0};
    }
    function keptForm(cache) {
      return cache.match(name).then(function (copy) { return copy ? copy.text() : ""; }).then(formOf);
    }
    caches.open(PAGES).then(function (cache) {
      return keptForm(cache).then(function (form) {
        if (form.number === state.hands + 1 && (!form.version || form.version === state.version)) return;
        return fetch(url.href, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
          if (!r.ok || (r.headers.get("Content-Type") || "").indexOf("text/html") !== 0) return;
          var headers = r.headers;
          return r.text().then(function (html) {
            var fresh = formOf(html);
            return keptForm(cache).then(function (now) {  /* an older answer never replaces a newer form */
              if (!fresh.number || fresh.version < now.version) return;  /* versions only grow (even a restore) */
              return cache.put(name, new Response(html, {status: 200, headers: headers}));
            });
          });
        });
      });
    }).catch(function () { /* nothing kept: the form is asked of the server when opened */ });
  }

  /* A hand form for hand ``n`` that was made for an earlier hand (kept on the phone, or hands wait
     here): its number, who deals (from the server's own list, kept with the last sync) and who plays.
     What is in play depends on the hands not sent yet: the page says so instead of a stale figure. */
  function buildFor(form, n) {
    var numberInput = form.querySelector("input[name=number]");
    var from = Number(numberInput.value);
    if (!(n > from)) return false;
    numberInput.value = String(n);
    var seen = known(here.table) || {}, deal = (seen.deals || []).filter(function (d) { return d.number === n; })[0];
    var h1 = document.querySelector("main h1"), save = form.querySelector("button[type=submit]");
    if (h1) h1.textContent = fill(form.dataset.heading || words.outbox_hand, {n: n});  /* a game's deal: its own words */
    if (save) save.textContent = fill(form.dataset.save || words.outbox_save_hand, {n: n});
    var hint = h1 && h1.nextElementSibling && h1.nextElementSibling.classList.contains("hint") ? h1.nextElementSibling : null;
    if (!deal) {
      if (hint) hint.textContent = words.outbox_deal_unknown;
      return true;
    }
    if (hint) hint.textContent = fill(words.outbox_deal, {dealer: deal.dealer, mano: deal.mano});
    var everyone = form.querySelectorAll(".trickrow").length;
    form.dataset.resting = deal.active.length < everyone ? deal.dealer : "";
    var labels = form.querySelectorAll("input[name=declarer]");
    var offered = Array.prototype.map.call(labels, function (i) { return i.value; });
    deal.active.forEach(function (p) {  /* a player who sat out the kept form's hand plays this one */
      if (offered.indexOf(p) >= 0 || !labels.length) return;
      var copy = labels[0].closest("label").cloneNode(true), input = copy.querySelector("input");
      input.value = p; input.checked = false; input.removeAttribute("id");
      copy.querySelector("span").textContent = p;
      labels[0].closest(".choices").appendChild(copy);
    });
    form.querySelectorAll("input[name=declarer]").forEach(function (i) {
      var out = deal.active.indexOf(i.value) < 0;
      i.closest("label").hidden = out;
      if (out) i.checked = false;
    });
    form.querySelectorAll(".trickrow").forEach(function (row) {
      var out = deal.active.indexOf(row.dataset.player) < 0;
      row.hidden = out;
      if (out) row.querySelectorAll("input").forEach(function (i) { i.checked = false; });
    });
    return true;
  }

  /* ---------------------------------------------------------------- forms on this page */
  function queueable(form) {
    if (form.dataset.offline === "no" || (form.method || "").toLowerCase() !== "post") return false;
    if (form.dataset.offline) return true;
    return Boolean(here.table && (form.querySelector("input[name=version]") || keyField(form)));
  }
  function applyFields(form, fields) {
    var values = {};
    fields.forEach(function (f) { (values[f[0]] = values[f[0]] || []).push(f[1]); });
    var changed = [];
    form.querySelectorAll("input, select, textarea").forEach(function (el) {
      if (!el.name || PLUMBING.indexOf(el.name) >= 0 || el.type === "hidden" || el.type === "submit") return;
      var given = values[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") el.checked = given.indexOf(el.value) >= 0;
      else el.value = given.length ? given[0] : "";
      if (el.checked || (el.type !== "radio" && el.type !== "checkbox" && el.value)) changed.push(el);
    });
    /* as if tapped: the form's own script shows what applies, keeps these counts and asks for a preview */
    changed.forEach(function (el) { el.dispatchEvent(new Event("change", {bubbles: true})); });
  }
  function note(sentence) {
    var p = document.createElement("p");
    p.className = "card kept-note";
    p.setAttribute("role", "status");
    p.textContent = sentence;
    var form = document.querySelector("form[data-offline]");
    (form || box).parentNode.insertBefore(p, form || box.nextSibling);
  }
  /* A form opened to look at a kept entry again gets its answers back; a fresh form never reuses a
     key the server already has or one still waiting here, and numbers itself after the hands waiting. */
  function prepare(form, entries) {
    var keyInput = keyField(form);
    var wanted = new URLSearchParams(location.search).get("pending");
    var mine = entries.filter(function (e) { return e.key === wanted; })[0];
    if (mine && keyInput) {
      applyFields(form, mine.fields);
      keyInput.value = mine.key;
      note(mine.kind === "hand" ? words.outbox_mine_form : fill(words.outbox_mine_change, {message: mine.message}));
      return;
    }
    if (!keyInput || form.dataset.offlineKey) return;  /* the comparison's "enter mine": its own key */
    var taken = sentKeys().concat(entries.map(function (e) { return e.key; }));
    if (taken.indexOf(keyInput.value) >= 0) keyInput.value = newKey();
    var numberInput = form.querySelector("input[name=number]");
    if (form.dataset.offline !== "hand" || !numberInput) return;
    var waiting = entries.filter(function (e) { return e.kind === "hand" && e.table === here.table; })
      .map(function (e) { return e.number; });
    var last = Math.max.apply(null, [0].concat(waiting));
    var seen = known(here.table);
    var server = kept && seen ? seen.hands : 0;  /* a kept form may be older than the table last seen */
    if (last >= Number(numberInput.value) && buildFor(form, last + 1)) {
      note(fill(words.outbox_after_kept, {n: last + 1, kept: last}));
    } else if (server >= Number(numberInput.value) && buildFor(form, server + 1)) {
      note(fill(words.outbox_built_for, {n: server + 1}));
    }
  }

  /* A hand always goes through the outbox. A change (a fix, a delete, an undo, the end) is posted by the
     browser as usual while the phone is online (its key makes a re-sent copy harmless), and kept in the
     outbox when the phone is known to be offline. */
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (e.defaultPrevented || !queueable(form)) return;
    if (form.dataset.offline !== "hand" && !offline && !kept && navigator.onLine) return;
    e.preventDefault();
    submitted(form, e.submitter);
  });
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-offline-drop]");
    if (!b) return;
    if (!b.dataset.armed) { b.dataset.armed = "1"; b.textContent = words.outbox_drop_sure; return; }
    drop(b.dataset.offlineDrop).then(function () { location.assign(here.tableUrl || "/"); });
  });

  /* ---------------------------------------------------------------- online, offline, catching up */
  var offline = false;
  function hhmm(ms) {
    var lang = document.documentElement.lang || undefined;
    return new Date(ms).toLocaleTimeString(lang, {hour: "2-digit", minute: "2-digit", hourCycle: "h23"});
  }
  function goOffline() {
    offline = true;
    net.hidden = false;
    net.className = "net off";
    net.textContent = fill(words.outbox_offline, {time: hhmm(lastGood)});
  }
  /* The table screen is being shown afresh: a second check meanwhile (the "online" event and the timer
     both come back) must not send the phone from "Hand 3 saved" to the bare screen. */
  var leaving = false;
  function showTable(url) {
    leaving = true;
    location.replace(url);
  }
  function cameBack() {
    if (leaving) return Promise.resolve();
    var wasOff = offline || kept;
    offline = false;
    if (wasOff) { net.hidden = false; net.className = "net back"; net.textContent = words.outbox_back; }
    return flush().then(function (delivered) {
      if (leaving) return;
      var onTable = here.tableUrl && location.pathname === new URL(here.tableUrl, location.href).pathname;
      var hands = delivered.filter(function (d) { return d.entry.table === here.table && d.number; });
      if (onTable && hands.length) {
        showTable(here.tableUrl + "?saved=" + hands[hands.length - 1].number);
      } else if (onTable && (wasOff || delivered.length)) {
        showTable(here.tableUrl);
      } else {
        kept = false;
        net.hidden = true;
        return render();
      }
    });
  }
  function check() {
    var syncing = Boolean(here.syncUrl);
    var url = syncing ? withParams(here.syncUrl, [["phone", phoneKey()]]) : net.dataset.ping;
    if (!url) return Promise.resolve();
    var state = null;
    return fetch(url, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
      if (!kept) lastGood = Date.now();
      var read = syncing && r.ok ? r.json().then(function (s) { state = s; }, function () {}) : Promise.resolve();
      return read.then(function () {
        if (state && !kept) remember(state);
        if (state) showElsewhere(state.elsewhere || []);
        if (offline || kept) return cameBack();
        return all().then(function (entries) {
          return entries.some(function (e) { return e.state === "pending"; }) ? cameBack() : null;
        });
      }).then(function () { return state ? reportWaiting(state.csrf) : null; });
    }, function () { if (!offline) goOffline(); });
  }

  /* ---------------------------------------------------------------- the other phones */
  /* This phone's own random id: its report of what waits here replaces its previous one. */
  function phoneKey() {
    var key = "";
    try { key = localStorage.getItem("sk-phone-key") || ""; } catch (e) { /* private mode */ }
    if (!key) {
      key = newKey();
      try { localStorage.setItem("sk-phone-key", key); } catch (e) { /* a new one each page: harmless */ }
    }
    return key;
  }
  /* What waits here for this table, told to the server whenever it changes, so the other phones say so
     ("2 hands wait on Ana's phone") instead of a held hand being silent. */
  function reportWaiting(csrf) {
    if (!here.table || !csrf) return null;
    return all().then(function (entries) {
      var hands = entries.filter(function (e) { return e.table === here.table && e.kind === "hand"; });
      var choices = hands.filter(function (e) { return e.state !== "pending" && e.state !== "sending"; });
      var held = choices.length ? choices : hands;  /* the first hand that needs a choice, else the first */
      var first = Math.min.apply(null, held.map(function (e) { return e.number || 1; }).concat([10000]));
      var summary = [hands.length, choices.length, first].join("/"), mark = "sk-reported-" + here.table;
      var before = "";
      try { before = localStorage.getItem(mark) || ""; } catch (e) { /* private mode: report every time */ }
      if (summary === before || (!before && !hands.length)) return null;
      var body = new URLSearchParams([["csrf_token", csrf], ["phone", phoneKey()], ["hands", String(hands.length)],
                                      ["choices", String(choices.length)], ["first", String(hands.length ? first : 1)]]);
      return fetch(withParams(here.syncUrl.replace(/\/sync$/, "/waiting"), []), {
        method: "POST", body: body, credentials: "same-origin", cache: "no-store"
      }).then(function (r) {
        if (r.status === 204) try { localStorage.setItem(mark, summary); } catch (e) { /* said again next time */ }
      });
    }).catch(function () {});
  }
  var others = null;
  function showElsewhere(list) {
    if (!others) {
      others = document.createElement("div");
      others.className = "outbox elsewhere";
      others.setAttribute("aria-live", "polite");
      box.parentNode.insertBefore(others, box.nextSibling);
    }
    others.textContent = "";
    if (!list.length) return;
    var section = document.createElement("section");
    section.className = "card kept-elsewhere";
    var h = document.createElement("h2");
    h.textContent = words.elsewhere_title;
    section.appendChild(h);
    list.forEach(function (w) {
      var p = document.createElement("p"), phone = w.phone || words.elsewhere_no_name;
      p.textContent = fill(w.hands === 1 ? words.elsewhere_one : words.elsewhere_many, {n: w.hands, phone: phone}) +
        (w.choices ? " " + fill(words.elsewhere_choice, {first: w.first}) : "");
      section.appendChild(p);
    });
    others.appendChild(section);
  }
  var timer = null;
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(function () { check().then(schedule, schedule); }, offline || kept ? 5000 : 15000);
  }

  window.addEventListener("online", function () { check().then(schedule); });
  window.addEventListener("offline", function () { goOffline(); schedule(); });
  window.addEventListener("pageshow", function (e) {
    if (e.persisted) all().then(function (entries) { document.querySelectorAll("form").forEach(function (f) {
      if (queueable(f)) { delete f.dataset.sending; prepare(f, entries); }
    }); });
  });

  /* A fresh phone's first look at a table: the service worker installs while the page is shown and takes it
     over (clients.claim). Then, not at the next check, this table screen and its hand (or deal) form are kept
     on the phone: the form opens offline though it was never opened online. */
  function keepOnArrival() {
    if (!here.tableUrl || kept || !window.caches) return;
    var table = new URL(here.tableUrl, location.href);
    if (location.pathname === table.pathname) {
      caches.open(PAGES).then(function (cache) {
        var key = table.origin + table.pathname;
        return cache.match(key).then(function (copy) {
          if (copy) return;
          return fetch(table.href, {cache: "no-store", credentials: "same-origin"}).then(function (r) {
            if (r.ok && (r.headers.get("Content-Type") || "").indexOf("text/html") === 0) return cache.put(key, r);
          });
        });
      }).catch(function () { /* kept at the next visit */ });
    }
    if (lastState) freshenHandForm(lastState);
  }
  if ("serviceWorker" in navigator && window.isSecureContext && net.dataset.sw) {
    navigator.serviceWorker.addEventListener("controllerchange", keepOnArrival);
    navigator.serviceWorker.register(net.dataset.sw, {scope: net.dataset.scope || "/"}).catch(function () {});
  }
  /* data-prepared: the form is numbered after what waits here (read from IndexedDB, so not at once) */
  all().then(function (entries) {
    document.querySelectorAll("form").forEach(function (f) {
      if (queueable(f)) { prepare(f, entries); f.dataset.prepared = "1"; }
    });
  }, function () {}).then(render).then(function () {
    if (kept || !navigator.onLine) goOffline();
    return check();
  }).then(schedule, schedule);
})();
