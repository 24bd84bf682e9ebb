// bridge-rulebook: the bidding-box keypad of the ruling page (app_pages/keypad.py mounts it).
//
// Every tap is applied here, at once: a level, then a denomination; pass, double, redouble, TD;
// the seat of a call out of rotation; undo and clear. The whole record (typed in the interface
// language's notation) goes to Python after each tap with a sequence number; Python answers with
// the record it holds and the last number it applied (data.ack). While taps are on their way the
// keypad keeps its own record, so that taps made faster than the app answers are never lost.

const KEYS = new WeakMap();  // parentElement -> the keypad's state

const button = (cls, label, title) => {
  const wrap = document.createElement("div");
  wrap.className = cls;
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  if (title) {
    b.title = title;
    b.setAttribute("aria-label", title);
  }
  wrap.append(b);
  return [wrap, b];
};

const row = (cls, label) => {
  const r = document.createElement("div");
  r.className = "rb-kp-row " + cls;
  if (label) {
    r.setAttribute("role", "group");
    r.setAttribute("aria-label", label);
  }
  return r;
};

function build(root, data, setStateValue) {
  const s = { tokens: [], seq: 0, ack: -1, level: null, seat: null, data };
  const el = document.createElement("div");
  el.className = "rb-kp";
  const levels = row("st-key-rl_kp_levels", data.labels.levels);
  const strains = row("st-key-rl_kp_strains", data.labels.strains);
  const calls = row("st-key-rl_kp_calls", data.labels.calls);
  const seatsLabel = document.createElement("div");
  seatsLabel.className = "rb-kp-label";
  seatsLabel.textContent = data.labels.seat;
  const seats = row("st-key-rl_kp_seat", data.labels.seat);
  s.levelButtons = {};
  s.strainButtons = [];
  s.seatButtons = {};

  const send = () => {
    s.seq += 1;
    setStateValue("record", { text: s.tokens.join(" "), seq: s.seq });
    paint();
  };
  const prefix = () => (s.seat ? s.seat + ":" : "");
  const paint = () => {
    for (const [n, b] of Object.entries(s.levelButtons)) b.classList.toggle("rb-on", s.level === Number(n));
    for (const b of s.strainButtons) {
      b.disabled = !s.level;
      b.title = s.level ? "" : s.data.labels.level_first;
    }
    for (const [code, b] of Object.entries(s.seatButtons)) {
      b.classList.toggle("rb-on", s.seat === b.dataset.letter);
      b.setAttribute("aria-pressed", s.seat === b.dataset.letter ? "true" : "false");
    }
    s.del.disabled = s.clear.disabled = s.tokens.length === 0;
  };

  for (let n = 1; n <= 7; n++) {
    const [wrap, b] = button("st-key-rl_kp_l" + n, String(n));
    b.addEventListener("click", () => { s.level = s.level === n ? null : n; paint(); });
    s.levelButtons[n] = b;
    levels.append(wrap);
  }
  for (const st of data.strains) {
    const [wrap, b] = button("st-key-rl_kp_" + st.code + (st.red ? " rb-red" : ""), st.label, st.name);
    b.addEventListener("click", () => {
      if (!s.level) return;
      s.tokens.push(prefix() + s.level + st.letter);
      s.level = null;
      s.seat = null;
      send();
    });
    s.strainButtons.push(b);
    strains.append(wrap);
  }
  for (const c of data.calls) {
    const [wrap, b] = button("st-key-rl_kp_" + c.code, c.label, c.name);
    if (c.sub) {  // the word on the key (Árbitro) over the token it writes (TD)
      const sub = document.createElement("small");
      sub.className = "rb-kp-token";
      sub.textContent = c.sub;
      b.append(sub);
    }
    b.addEventListener("click", () => {
      s.tokens.push((c.code === "TD" ? "" : prefix()) + c.token);
      s.level = null;
      s.seat = null;
      send();
    });
    calls.append(wrap);
  }
  const [dw, del] = button("st-key-rl_kp_del", "⌫", data.labels.undo);
  del.addEventListener("click", () => { s.tokens.pop(); send(); });
  const [cw, clear] = button("st-key-rl_kp_clear", "✕", data.labels.clear);
  clear.addEventListener("click", () => { s.tokens = []; s.level = null; s.seat = null; send(); });
  calls.append(dw, cw);
  s.del = del;
  s.clear = clear;
  for (const seat of data.seats) {
    const [wrap, b] = button("st-key-rl_kp_seat_" + seat.code, seat.label);
    b.dataset.letter = seat.letter;
    b.addEventListener("click", () => { s.seat = s.seat === seat.letter ? null : seat.letter; paint(); });
    s.seatButtons[seat.code] = b;
    seats.append(wrap);
  }
  el.append(levels, strains, calls, seatsLabel, seats);
  root.append(el);
  s.paint = paint;
  return s;
}

export default function (component) {
  const { data, parentElement, setStateValue } = component;
  let s = KEYS.get(parentElement);
  if (!s) {
    s = build(parentElement, data, setStateValue);
    KEYS.set(parentElement, s);
  }
  s.data = data;
  // The record Python holds wins when every tap sent has been applied (it may have been typed).
  if (data.ack >= s.seq) {
    s.tokens = (data.record || "").split(/\s+/).filter(Boolean);
    s.seq = data.ack;
  }
  s.paint();
}
