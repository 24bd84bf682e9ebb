// bridge-rulebook: links followed in place, previews of cited provisions, and the scroll to the
// step a ruling has reached. Loaded by app_pages/browser.py (a Streamlit component without frame,
// mounted twice in every run: first in the bar, for the links; at the end of the run, with the previews
// and the scroll) from the app's own server (app_pages/server.py, /assets/).
//
// A link to a page of the app carries data-nav: its href is the page's deep link
// (./ruling?lang=es&auction=...). A click pushes the app's URL for it (/?page=ruling&lang=es&...)
// to the browser's history and tells Streamlit as the Back button does ("popstate"): Streamlit
// reruns the script with that query, in this session: no reload, the address bar shows where the
// reader is, and Back returns. Links with data-pv preview the whole cited text: on hover with a
// mouse; on a touch screen on the first tap (a second tap, or "Open X →", follows the link).

const w = window;
const state = w.__rbNav || (w.__rbNav = { previews: {}, open: "Open", scrolled: null, ready: false });

// -- where a link goes ------------------------------------------------------------------------
// The base path of the app ("/" or "/<server.baseUrlPath>/"), as Python computed it.
const appUrl = (href) => {
  const url = new URL(href, w.location.href);
  if (url.origin !== w.location.origin) return null;
  const base = state.base || "/";
  let rest = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname.replace(/^\/+/, "");
  rest = rest.replace(/\/+$/, "");
  const query = new URLSearchParams(url.search);
  if (rest && !rest.includes("/")) {
    query.delete("page");
    const params = new URLSearchParams([["page", rest]]);
    for (const [k, v] of query) params.append(k, v);
    return base + "?" + params.toString();
  }
  return base + (url.search || "");
};

const go = (href) => {
  const target = appUrl(href);
  if (target === null) return false;
  if (target !== w.location.pathname + w.location.search) {
    w.history.pushState({}, "", target);
    w.dispatchEvent(new PopStateEvent("popstate", { state: {} }));
  }
  return true;
};

// -- previews -----------------------------------------------------------------------------------
const canHover = () => w.matchMedia("(hover: hover) and (pointer: fine)").matches;
let box = null;
let hideTimer = null;

const hide = () => {
  clearTimeout(hideTimer);
  if (box) {
    box.style.display = "none";
    box.dataset.for = "";
  }
};
const schedule = () => {
  clearTimeout(hideTimer);
  hideTimer = setTimeout(hide, 250);
};

const ensureBox = () => {
  if (box) return box;
  box = document.createElement("div");
  box.id = "rb-preview";
  box.setAttribute("role", "tooltip");
  // Only a mouse leaving the box hides it: a tap sends emulated mouse events that would hide the
  // next preview a quarter of a second after it opened.
  box.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") clearTimeout(hideTimer); });
  box.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse" && canHover()) schedule(); });
  document.body.appendChild(box);
  return box;
};

const show = (a) => {
  const id = a.getAttribute("data-pv");
  const pv = state.previews[id];
  if (!pv) return false;
  clearTimeout(hideTimer);
  const b = ensureBox();
  b.textContent = "";
  const head = document.createElement("div");
  head.className = "rb-preview-head";
  head.textContent = pv.head;
  const body = document.createElement("div");
  body.className = "rb-preview-body";
  body.textContent = pv.body;
  b.append(head, body);
  for (const l of pv.links || []) {  // a provision no text of its edition holds: the other edition's, labelled
    const other = document.createElement("a");
    other.href = l.href;
    other.setAttribute("data-nav", "1");
    other.className = "rb-preview-open rb-preview-other";
    other.textContent = l.label + " →";
    b.append(other);
  }
  if (!canHover()) {
    const open = document.createElement("a");
    open.href = a.getAttribute("href");
    open.setAttribute("data-nav", "1");
    open.className = "rb-preview-open";
    open.textContent = state.open + " " + pv.key + " →";
    b.append(open);
  }
  b.dataset.for = id;
  b.style.display = "block";
  const r = a.getBoundingClientRect();
  const left = Math.max(8, Math.min(r.left + w.scrollX, w.scrollX + w.innerWidth - b.offsetWidth - 8));
  let top = r.bottom + w.scrollY + 6;
  if (r.bottom + b.offsetHeight + 12 > w.innerHeight && r.top > b.offsetHeight + 12) top = r.top + w.scrollY - b.offsetHeight - 6;
  b.style.left = left + "px";
  b.style.top = top + "px";
  return true;
};

const linkOf = (e, sel) => (e.target && e.target.closest ? e.target.closest(sel) : null);
const hrefOf = (a) => a.getAttribute("href") || a.getAttribute("xlink:href") ||
  a.getAttributeNS("http://www.w3.org/1999/xlink", "href") || "";

const install = () => {
  document.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse" || !canHover()) return;
    const a = linkOf(e, "a[data-pv]");
    state.hovered = a;
    if (a) show(a);
  }, true);
  document.addEventListener("pointerout", (e) => {
    if (e.pointerType === "mouse" && canHover() && linkOf(e, "a[data-pv]")) {
      state.hovered = null;
      schedule();
    }
  }, true);
  document.addEventListener("click", (e) => {
    let a = linkOf(e, "a[data-nav]");
    if (!a) {  // a node of a diagram (Graphviz SVG) that links to a page of the app
      const g = linkOf(e, "[data-testid=stGraphVizChart] a");
      if (g && hrefOf(g).startsWith("./")) a = g;
    }
    // the language menu (a <details> in the bar): closed by a choice or by a tap anywhere else
    for (const d of document.querySelectorAll("details.rb-lang[open]")) {
      if (!d.contains(e.target) || (a && d.contains(a))) d.open = false;
    }
    if (!a) {
      if (box && !box.contains(e.target)) hide();
      return;
    }
    if (a.hasAttribute("hreflang")) w.scrollTo(0, 0);  // the same page in another language: from its top
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    const inBox = box && box.contains(a);
    const id = a.getAttribute("data-pv");
    if (!canHover() && id && !inBox && !(box && box.style.display === "block" && box.dataset.for === id)) {
      e.preventDefault();
      e.stopPropagation();
      if (show(a)) return;
    }
    hide();
    if (go(hrefOf(a))) {
      e.preventDefault();
      e.stopPropagation();
    }
  }, true);
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });
  w.addEventListener("popstate", hide);
};

// -- the step a ruling has reached: its top on the screen ------------------------------------------
const scrollTo = (target) => {
  if (!target || !target.token || target.token === state.scrolled) return;
  state.scrolled = target.token;
  let tries = 0;
  const attempt = () => {
    const el = document.querySelector(target.selector);
    if (el) {
      el.scrollIntoView({ block: "start", behavior: "instant" });
      return;
    }
    if (++tries < 30) w.requestAnimationFrame(attempt);
  };
  w.requestAnimationFrame(attempt);
};

// -- Streamlit's own English that only a screen reader hears --------------------------------------
// Streamlit labels some controls in English whatever the page's language (a select box's "Open",
// the tabs' "Scroll tabs right", "Skip to main content"), and names each Material icon of a button by
// its ligature ("undo icon", read before the button's words). The labels get the page's words
// (state.words, from app_pages/browser.py; the English kept in data-rb-en for the next language);
// the icons, decoration beside the button's own words, leave the accessibility tree.
// What it costs is kept in state.cost (benchmarks/bench_app.py --relabel reads it): the passes over the
// page, the mutation batches the observer saw, and the main thread's time in both, in ms.
const cost = state.cost || (state.cost = { runs: 0, batches: 0, ms: 0, max: 0 });
const relabel = () => {
  const t0 = performance.now();
  relabelPass();
  const dt = performance.now() - t0;
  cost.runs += 1;
  cost.ms += dt;
  if (dt > cost.max) cost.max = dt;
};
const relabelPass = () => {
  const words = state.words || {};
  for (const e of document.querySelectorAll("[aria-label]")) {
    const v = e.getAttribute("aria-label");
    if (e.getAttribute("role") === "img" && / icon$/.test(v)) {
      if (e.getAttribute("aria-hidden") !== "true") e.setAttribute("aria-hidden", "true");
      continue;
    }
    const en = e.dataset.rbEn || v;
    if (words[en] && v !== words[en]) {
      e.dataset.rbEn = en;
      e.setAttribute("aria-label", words[en]);
    }
  }
  // a diagram's groups are named by their Graphviz ids ("neighbourhood", "2007:27B1a->2007:16D"): no
  // role for them (the nodes' links keep theirs, named by their previews)
  for (const g of document.querySelectorAll("[data-testid=stGraphVizChart] svg g:not([role])")) g.setAttribute("role", "none");
  for (const e of document.querySelectorAll("[data-testid=stSkipToContent]")) {
    const en = e.dataset.rbEn || e.textContent;
    if (words[en] && e.textContent !== words[en]) {
      e.dataset.rbEn = en;
      e.textContent = words[en];
    }
  }
};
let relabelling = false;
const watch = () => {
  new MutationObserver(() => {
    const t0 = performance.now();
    cost.batches += 1;
    if (!relabelling) {
      relabelling = true;
      w.requestAnimationFrame(() => { relabelling = false; relabel(); });
    }
    cost.ms += performance.now() - t0;
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-label"] });
};

export default function (component) {
  const data = component.data || {};
  Object.assign(state.previews, data.previews || {});
  state.open = data.open || state.open;
  state.words = data.words || state.words;
  state.base = data.base || state.base || "/";
  w.__rbGo = component.setTriggerValue;
  if (!state.ready) {
    state.ready = true;
    install();
    watch();
  }
  relabel();
  if (data.previews) {  // the end of the run: the previews are known
    // a link hovered before its preview was known shows it now
    const a = state.hovered;
    if (a && a.isConnected && !(box && box.style.display === "block")) show(a);
    w.__rbNavReady = true;
  }
  scrollTo(data.scroll);
}
