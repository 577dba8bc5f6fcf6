/* The service worker: the app shell and every page this phone opened, kept for when the network drops.
   Served by the app at /sw.js with SHELL (the static files under their hashed names, and the offline
   page) and VERSION written in front of this file.

   - Static files under a hashed name never change: kept, served from here first.
   - Pages: always asked of the server first. A page that arrives is kept (one copy per address, without
     its query). Only when the server cannot be reached is the kept copy shown, and it is marked
     (data-copy="kept") so the page says it is an offline copy and when it was last updated: a kept page
     is never shown as if it were fresh.
   - Posts are never touched here: the page's outbox (offline.js) keeps and sends them. */
/* global SHELL, VERSION */
"use strict";

var STATIC = "sk-static";
var PAGES = "sk-pages";
var LAST_TABLE = "/__last-table";
var OFFLINE = SHELL[SHELL.length - 1];
var HASHED = /\.[0-9a-f]{12}\.[A-Za-z0-9]+$/;
var TABLE = /^\/s\/[A-Za-z0-9_-]+$/;
var MAX_PAGES = 300;
var WAIT_WITH_COPY = 6000;  /* ms: on a poor network, the kept copy after this long (the page says so) */

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(SHELL.map(function (url) { return new Request(url, {cache: "reload"}); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(forgetOldStatic().then(function () { return self.clients.claim(); }));
});

/* Hashed files of older versions stay while a kept page may still name them; only a long tail goes. */
function forgetOldStatic() {
  return caches.open(STATIC).then(function (cache) {
    return cache.keys().then(function (keys) {
      var current = {};
      SHELL.forEach(function (u) { current[new URL(u, self.location).href] = true; });
      var old = keys.filter(function (r) { return !current[r.url]; });
      return Promise.all(old.slice(0, Math.max(0, old.length - 100)).map(function (r) { return cache.delete(r); }));
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(staticFile(request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(page(event, request, url));
  }
  /* anything else (the version poll, the outbox's sync, previews, downloads) goes to the network */
});

function staticFile(request, url) {
  if (HASHED.test(url.pathname)) {
    return caches.match(request, {cacheName: STATIC}).then(function (kept) {
      return kept || fetch(request).then(function (response) { return keep(STATIC, request, response); });
    });
  }
  return fetch(request).then(function (response) { return keep(STATIC, request, response); }, function () {
    return caches.match(request, {cacheName: STATIC}).then(function (kept) { return kept || Response.error(); });
  });
}

function keep(name, key, response) {
  if (response && response.ok && response.type === "basic") {
    var copy = response.clone();
    caches.open(name).then(function (cache) { return cache.put(key, copy); });
  }
  return response;
}

function pageKey(url) { return url.origin + url.pathname; }

function page(event, request, url) {
  if (url.pathname === "/start") return start(request);
  var key = pageKey(url), stored = null;
  var network = fetch(request).then(function (response) {
    if (response.ok && response.type === "basic" && isPage(response)) {
      var copy = response.clone();
      stored = caches.open(PAGES).then(function (cache) {
        return cache.put(key, copy).then(function () {
          return TABLE.test(url.pathname) ? cache.put(LAST_TABLE, new Response(url.pathname)) : null;
        });
      }).then(trim);
    }
    return response;
  });
  event.waitUntil(network.then(function () { return stored; }).catch(function () {}));
  return caches.match(key, {cacheName: PAGES}).then(function (kept) {
    if (!kept) return network.catch(offlinePage);
    return race(network, WAIT_WITH_COPY).catch(function () { return markKept(kept); });
  });
}

/* The network's answer, or a refusal when it fails or takes longer than ``ms`` (a copy is at hand). */
function race(promise, ms) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("slow")); }, ms);
    promise.then(function (r) { clearTimeout(timer); resolve(r); }, function (e) { clearTimeout(timer); reject(e); });
  });
}

function isPage(response) {
  return (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
}

/* The kept copy, marked as such: the page shows "offline — last updated …" and catches up by itself. */
function markKept(kept) {
  return kept.text().then(function (html) {
    return new Response(html.replace('data-copy="live"', 'data-copy="kept"'),
                        {status: 200, headers: kept.headers});
  });
}

function offlinePage() {
  return caches.match(OFFLINE, {cacheName: STATIC}).then(function (r) {
    return r ? markKept(r) : new Response("offline", {status: 503, headers: {"Content-Type": "text/plain"}});
  });
}

/* The installed app's start address: the server knows the last table (a cookie); offline, so do we. */
function start(request) {
  return fetch(request).catch(function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(LAST_TABLE); }).then(function (last) {
      if (!last) return offlinePage();
      return last.text().then(function (path) { return Response.redirect(path, 302); });
    });
  });
}

function trim() {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      var extra = keys.length - MAX_PAGES;
      return Promise.all(keys.slice(0, Math.max(0, extra)).map(function (r) { return cache.delete(r); }));
    });
  });
}
