/* Hover preview of cited provisions: the cited text, from the link's title, in a tooltip.
   No network: the text is in the page (each link's title), put there at build time. */
(function () {
  "use strict";
  var SELECTOR = "a.law-ref, a.law-other-lang, abbr.law-absent";

  function init() {
    var tip = document.createElement("div");
    tip.id = "law-tooltip";
    tip.className = "law-tooltip";
    tip.setAttribute("role", "tooltip");
    tip.hidden = true;
    document.body.appendChild(tip);

    var links = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < links.length; i++) {
      var el = links[i];
      var text = el.getAttribute("title");
      if (!text) continue;
      el.setAttribute("data-preview", text);
      el.removeAttribute("title");            /* no second, native tooltip */
      el.setAttribute("aria-describedby", "law-tooltip");
    }

    function fill(text) {
      /* the first paragraph names the provision; U+2029 separates the paragraphs */
      var parts = text.split("\u2029");
      tip.textContent = "";
      for (var i = 0; i < parts.length; i++) {
        var p = document.createElement(i === 0 ? "strong" : "p");
        p.textContent = parts[i];
        tip.appendChild(p);
      }
    }

    function show(el) {
      fill(el.getAttribute("data-preview"));
      tip.hidden = false;
      var r = el.getBoundingClientRect();
      var width = Math.min(480, document.documentElement.clientWidth - 16);
      tip.style.maxWidth = width + "px";
      var left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
      tip.style.left = left + "px";
      var below = r.bottom + window.scrollY + 6;
      tip.style.top = below + "px";
      var tr = tip.getBoundingClientRect();
      if (tr.bottom > document.documentElement.clientHeight && r.top > tr.height + 12) {
        tip.style.top = (r.top + window.scrollY - tr.height - 6) + "px";
      }
    }
    function hide() { tip.hidden = true; }

    function target(ev) {
      return ev.target && ev.target.closest ? ev.target.closest("[data-preview]") : null;
    }
    document.addEventListener("mouseover", function (ev) { var el = target(ev); if (el) show(el); });
    document.addEventListener("mouseout", function (ev) {
      var el = target(ev);
      if (el && !(ev.relatedTarget && el.contains(ev.relatedTarget))) hide();
    });
    document.addEventListener("focusin", function (ev) { var el = target(ev); if (el) show(el); });
    document.addEventListener("focusout", hide);
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") hide(); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();

/* Site search: a plural index that is a number, and never an undefined or empty message
   (see SEARCH_MESSAGES in docs/conf.py: Sphinx's Dutch catalog made searchtools.js throw). */
(function () {
  "use strict";
  function patch() {
    /* doctools.js declares it with const: a global binding, not a property of window */
    var D = typeof Documentation !== "undefined" ? Documentation : window.Documentation;
    if (!D || D.__rulebookPatched) return;
    D.__rulebookPatched = true;
    D.ngettext = function (singular, plural, n) {
      var fallback = n === 1 ? singular : plural;
      var mine = (window.RULEBOOK_SEARCH_MESSAGES || {})[singular];
      if (mine && mine[n === 1 ? 0 : 1]) return mine[n === 1 ? 0 : 1];
      var tr = D.TRANSLATIONS ? D.TRANSLATIONS[singular] : undefined;
      if (typeof tr === "string") return tr || fallback;
      if (tr && tr.length) {
        var i = Number(D.PLURAL_EXPR ? D.PLURAL_EXPR(n) : (n === 1 ? 0 : 1));
        return tr[i] || fallback;
      }
      return fallback;
    };
  }
  patch();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", patch);
})();

/* What this site's language does not hold comes after, folded: the toctree of the other texts' laws
   (navigation and index page) and, in the index of provisions, the entries "not in this language's
   text" (strings from docs/conf.py, translated). */
(function () {
  "use strict";
  function fold() {
    var cfg = window.RULEBOOK_FOLD || {};
    var captions = cfg.captions || [];
    document.querySelectorAll("p.caption").forEach(function (cap) {
      var text = (cap.innerText || cap.textContent || "").trim();
      var list = cap.nextElementSibling;
      if (captions.indexOf(text) < 0 || !list || list.tagName !== "UL" || list.querySelector("li.current")) return;
      var details = document.createElement("details");
      details.className = "rulebook-folded";
      var summary = document.createElement("summary");
      summary.textContent = text + " (" + list.children.length + ")";
      cap.parentNode.insertBefore(details, cap);
      details.appendChild(summary);
      details.appendChild(list);
      cap.remove();
    });
    if (!cfg.absent) return;
    var table = document.querySelector("table.indextable.modindextable");
    if (!table) return;
    var rows = Array.prototype.slice.call(table.querySelectorAll("tr"));
    var absent = rows.filter(function (tr) {
      var last = tr.cells.length ? tr.cells[tr.cells.length - 1] : null;
      return last && (last.innerText || last.textContent || "").trim() === cfg.absent;
    });
    if (!absent.length) return;
    /* a law whose rows are all absent: its heading rows go too */
    var heads = [];
    rows.forEach(function (tr, i) {
      if (!tr.classList.contains("cap")) return;
      var j = i + 1, any = false, all = true;
      while (j < rows.length && !rows[j].classList.contains("cap") && !rows[j].classList.contains("pcap")) {
        any = true;
        if (absent.indexOf(rows[j]) < 0) all = false;
        j++;
      }
      if (any && all) { heads.push(tr); if (i > 0 && rows[i - 1].classList.contains("pcap")) heads.push(rows[i - 1]); }
    });
    var hidden = absent.concat(heads);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rulebook-fold-toggle";
    var shown = false;
    function apply() {
      hidden.forEach(function (tr) { tr.classList.toggle("rulebook-hidden", !shown); });
      button.textContent = shown ? cfg.hide : cfg.show.replace("{n}", String(absent.length));
    }
    button.addEventListener("click", function () { shown = !shown; apply(); });
    table.parentNode.insertBefore(button, table);
    apply();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fold);
  else fold();
})();
