// bridge-rulebook: the app's file picker, in the reader's language (app_pages/files.py mounts it).
//
// A button (a label over a hidden <input type=file>), the limit and the types, a drop zone for a
// mouse, the chosen file's name and size with a button to remove it, and the messages: all
// words come from Python (data.messages), in the interface language. The file is checked here
// (size, type), read, and sent once as a trigger value {name, size, data: base64}; a removed file
// is sent as {name: null}. Python checks it again (app_pages.files.take).

const PICKERS = new WeakMap();  // parentElement -> the picker's state

const sizeText = (bytes, lang) => {
  const fmt = (n, d) => new Intl.NumberFormat(lang, { maximumFractionDigits: d }).format(n);
  if (bytes >= 1024 * 1024) return fmt(bytes / (1024 * 1024), 1) + " MB";
  return fmt(Math.max(1, Math.round(bytes / 1024)), 0) + " kB";
};

const make = (tag, cls, text) => {
  const e = document.createElement(tag);
  e.className = cls;
  if (text) e.textContent = text;
  return e;
};

function build(root, setTriggerValue) {
  const s = { data: null, busy: false, message: null, local: null };
  const el = make("div", "rb-file");
  const title = make("div", "rb-file-title");
  const label = make("label", "rb-file-label");
  const input = make("input", "rb-file-input");
  input.type = "file";
  const button = make("span", "rb-file-button");
  button.setAttribute("aria-hidden", "true");
  const word = make("span", "");
  button.append(make("span", "rb-file-icon", "\u2191"), word);  // an upward arrow (no icon font needed)
  label.append(input, button);
  const hint = make("div", "rb-file-hint");
  const chosen = make("div", "rb-file-chosen");
  const name = make("span", "rb-file-name");
  const remove = make("button", "rb-file-remove", "\u2715");
  remove.type = "button";
  chosen.append(name, remove);
  const message = make("div", "rb-file-message");
  message.setAttribute("role", "alert");
  el.append(title, label, hint, chosen, message);
  root.append(el);

  const canHover = () => window.matchMedia("(hover: hover) and (pointer: fine)").matches;
  const paint = () => {
    const d = s.data, m = d.messages;
    title.textContent = d.label;
    input.accept = d.accept;
    input.setAttribute("aria-label", d.label + " · " + m.choose);
    word.textContent = s.busy ? m.reading : m.choose;
    hint.textContent = m.limit + (canHover() ? " · " + m.drop : "");
    const current = s.local || d.current;
    chosen.hidden = !current || s.busy;
    if (current) name.textContent = current.name + " (" + sizeText(current.size, d.lang) + ")";
    remove.setAttribute("aria-label", m.remove);
    remove.title = m.remove;
    const text = s.message || d.error || "";
    message.textContent = text;
    message.hidden = !text;
    el.classList.toggle("rb-file-busy", s.busy);
  };

  const refuse = (reason) => {
    s.message = s.data.messages[reason];
    s.local = null;
    paint();
  };
  const open = (file) => {
    const d = s.data;
    if (!file) return;
    const ext = "." + (file.name.split(".").pop() || "").toLowerCase();
    if (d.accept && !d.accept.split(",").includes(ext)) return refuse("type");
    if (file.size > d.max) return refuse("size");
    s.busy = true;
    s.message = null;
    paint();
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      s.busy = false;
      s.local = { name: file.name, size: file.size };
      paint();
      setTriggerValue("file", { name: file.name, size: file.size, data: url.slice(url.indexOf(",") + 1) });
    };
    reader.onerror = () => {
      s.busy = false;
      refuse("unreadable");
    };
    reader.readAsDataURL(file);
  };

  input.addEventListener("change", () => {
    open(input.files && input.files[0]);
    input.value = "";  // the same file chosen again is read again
  });
  remove.addEventListener("click", () => {
    s.local = null;
    s.message = null;
    s.data = { ...s.data, current: null, error: null };
    paint();
    setTriggerValue("file", { name: null });
  });
  el.addEventListener("dragover", (e) => {
    e.preventDefault();
    el.classList.add("rb-file-over");
    hint.textContent = s.data.messages.dropping;
  });
  el.addEventListener("dragleave", () => {
    el.classList.remove("rb-file-over");
    paint();
  });
  el.addEventListener("drop", (e) => {
    e.preventDefault();
    el.classList.remove("rb-file-over");
    open(e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0]);
  });
  s.paint = paint;
  return s;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let s = PICKERS.get(parentElement);
  if (!s) {
    s = build(parentElement, setTriggerValue);
    PICKERS.set(parentElement, s);
  }
  s.data = data;
  s.local = null;    // what Python holds wins once it answered
  s.message = null;
  s.paint();
}
