/* The screen settings this phone remembers: light, dark or like the phone, and larger text.
   Loaded in <head> without defer so the remembered choice applies before the first paint. */
(function () {
  "use strict";
  var root = document.documentElement;
  var QUERY = "(prefers-color-scheme: dark)";
  var MEDIA = {auto: QUERY, light: "not all", dark: "all"};

  function stored(key, fallback) {
    try { return localStorage.getItem(key) || fallback; } catch (e) { return fallback; }
  }
  function remember(key, value) {
    try { localStorage.setItem(key, value); } catch (e) { /* private mode: this visit only */ }
  }
  function applyTheme(theme) {
    var link = document.getElementById("dark-css");
    if (link) link.media = MEDIA[theme] || QUERY;
    root.dataset.theme = theme;
  }
  function applyText(size) {
    if (size === "large") root.dataset.text = "large"; else delete root.dataset.text;
  }

  root.classList.add("js");  /* the settings panel shows only where it works */
  applyTheme(stored("sk-theme", "auto"));
  applyText(stored("sk-text", "normal"));

  document.addEventListener("DOMContentLoaded", function () {
    var panel = document.getElementById("display");
    if (!panel) return;
    var current = {"display-theme": stored("sk-theme", "auto"), "display-text": stored("sk-text", "normal")};
    panel.querySelectorAll("input[type=radio]").forEach(function (input) {
      input.checked = current[input.name] === input.value;
    });
    panel.addEventListener("change", function (e) {
      var input = e.target;
      if (input.name === "display-theme") { remember("sk-theme", input.value); applyTheme(input.value); }
      if (input.name === "display-text") { remember("sk-text", input.value); applyText(input.value); }
    });
  });
})();
