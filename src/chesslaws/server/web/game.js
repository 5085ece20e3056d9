// A live game as a page sees it: the server's event stream, the arbiter's view of the log,
// the clocks running on between two readings, the scoresheet and the rulings.
//
// Nothing here rules. Events go to the server over the game's WebSocket; the server stamps
// them with its own time, the arbiter rules, and every accepted event comes back to every page.
// After each one the page reads the log (GET /api/games/ID/log), has it replayed by the
// arbiter (POST /board/view) and reads the server's clock (GET /api/games/ID).

export const COLORS = ["white", "black"];
export const other = (color) => (color === "white" ? "black" : "white");
const title = (word) => word.charAt(0).toUpperCase() + word.slice(1);

// -- the Laws' words ---------------------------------------------------------------------------

let ARTICLES = {};
export async function loadArticles() {
  try {
    const response = await fetch("/static/articles.json");
    ARTICLES = await response.json();
  } catch (error) {
    ARTICLES = {};
  }
  return ARTICLES;
}

/** The short text of an Article, or of its nearest parent ("9.2.1" falls back on "9.2"). */
export function articleText(number) {
  let key = String(number);
  while (key) {
    if (ARTICLES[key]) return ARTICLES[key];
    const cut = key.lastIndexOf(".");
    if (cut < 0) break;
    key = key.slice(0, cut);
  }
  return "";
}

export function articleLink(number) {
  const a = document.createElement("a");
  a.href = `/static/laws.html#art-${number}`;
  a.target = "_blank";
  a.rel = "noopener";
  a.className = "article";
  a.textContent = `Art. ${number}`;
  const text = articleText(number);
  if (text) a.title = text;
  return a;
}

// -- words for rulings ------------------------------------------------------------------------

const REASONS = {
  checkmate: "checkmate",
  resignation: "resignation",
  resignation_cannot_checkmate: "resignation, but the opponent cannot checkmate",
  stalemate: "stalemate",
  dead_position: "dead position",
  agreement: "agreement",
  threefold: "threefold repetition (claimed)",
  fifty_moves: "fifty moves (claimed)",
  fivefold: "fivefold repetition",
  seventy_five_moves: "seventy-five moves",
  flag: "the flag fell",
  flag_cannot_checkmate: "the flag fell, but the opponent cannot checkmate",
  second_illegal_move: "a second illegal move",
  illegal_move_cannot_checkmate: "a second illegal move, but the opponent cannot checkmate",
  default: "default (late arrival)",
  arbiter: "the arbiter's decision",
};

export function reasonText(reason) {
  return REASONS[reason] || (reason ? reason.replaceAll("_", " ") : "");
}

export function resultText(result, reason) {
  const who = { "1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "Draw", "0-0": "Both lose" };
  return `${result} · ${who[result] || result}: ${reasonText(reason)}`;
}

function penaltyText(penalty) {
  const [[kind, body]] = Object.entries(penalty);
  const player = title(body.player);
  if (kind === "add_time") {
    const s = Number(body.seconds);
    return s >= 0 ? `${player} gets ${s} s more` : `${player} loses ${-s} s`;
  }
  if (kind === "set_time") return `${player}'s clock set to ${formatClock(body.seconds * 1000)}`;
  if (kind === "set_moves") return `${player}'s move counter set to ${body.moves}`;
  if (kind === "warning") return `${player} is warned`;
  if (kind === "remove_increment") return `${player}'s increment for that move removed`;
  return `${kind} ${body.player}`;
}

/** One line of words for a ruling (the JSON object of spec/events.md). */
export function rulingText(r) {
  const by = r.by ? title(r.by) : "";
  switch (r.ruling) {
    case "touch_move":
      return `Touch-move: ${by}'s ${r.move || "move"} is taken back; ${by} must play ` +
        `${(r.must_move || []).join(", ") || "a touched piece"}`;
    case "illegal_move":
      if (r.status === "stands") return `${by}'s illegal move ${r.move || ""} stands (no claim)`;
      return `Illegal move by ${by}${r.move ? ` (${r.move})` : ""}: position restored` +
        (r.must_move ? `; must play ${r.must_move.join(", ")}` : "");
    case "incorrect_claim":
      return `${by}'s claim is incorrect` +
        (r.must_move ? `; the written move must be played: ${r.must_move.join(", ")}` : "");
    case "claim_refused":
      return `${by}'s claim is refused`;
    case "draw_offer": {
      const words = {
        standing: "offers a draw", declined: "'s draw offer is declined",
        lapsed: "'s draw offer lapses", not_allowed: "'s draw offer is not allowed yet",
      };
      const w = words[r.status] || r.status;
      return w.startsWith("'") ? `${by}${w}` : `${by} ${w}`;
    }
    case "flag":
      return `${by}'s flag has fallen`;
    case "penalty":
      return "Arbiter";
    case "clock":
      return r.status === "paused" ? "The clocks are paused" : "The clocks run again";
    case "game_over":
      return `Game over: ${resultText(r.result, r.reason)}`;
    case "rejected":
      return "Not taken";
    default:
      return r.ruling;
  }
}

/** A list item for a ruling: time, words, penalty, note, reason, link to the Article. */
export function rulingItem(r) {
  const li = document.createElement("li");
  li.className = `ruling ruling-${r.ruling}`;
  li.dataset.ruling = r.ruling;
  if (r.at !== undefined && r.at !== null) {
    const t = document.createElement("span");
    t.className = "at";
    t.textContent = formatElapsed(r.at);
    li.appendChild(t);
  }
  const words = document.createElement("span");
  words.className = "words";
  let text = rulingText(r);
  if (r.penalty) text += `${text === "Arbiter" ? ": " : "; "}${penaltyText(r.penalty)}`;
  if (r.ruling === "rejected" && r.reason) text += `: ${r.reason}`;
  words.textContent = text;
  li.appendChild(words);
  if (r.article) li.appendChild(articleLink(r.article));
  if (r.note) {
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = r.note;
    li.appendChild(note);
  }
  return li;
}

// -- time --------------------------------------------------------------------------------------

export function formatClock(ms) {
  const negative = ms < 0;
  ms = Math.max(0, ms);
  const totalSeconds = Math.floor(ms / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const pad = (n) => String(n).padStart(2, "0");
  let text;
  if (h > 0) text = `${h}:${pad(m)}:${pad(s)}`;
  else if (ms < 20000) text = `${m}:${pad(s)}.${Math.floor((ms % 1000) / 100)}`;
  else text = `${m}:${pad(s)}`;
  return negative ? `-${text}` : text;
}

export function formatElapsed(seconds) {
  const total = Math.floor(Number(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

function secondsText(s) {
  if (s >= 60 && s % 60 === 0) return `${s / 60} min`;
  return `${s} s`;
}

/** The time control in words: each period, its moves, time, increment and delay (6.3). */
export function periodText(tc, index, movesToControl) {
  if (!tc || !tc.periods || !tc.periods.length) return "no clock";
  const p = tc.periods[Math.min(index, tc.periods.length - 1)];
  const parts = [];
  if (tc.periods.length > 1) parts.push(`period ${index + 1}/${tc.periods.length}`);
  parts.push(p.moves ? `${p.moves} moves in ${secondsText(p.time)}` : `${secondsText(p.time)} for all moves`);
  if (p.increment) parts.push(`+${p.increment} s per move` + (p.increment_from > 1 ? ` from move ${p.increment_from}` : ""));
  if (p.delay) parts.push(`${p.delay_mode === "bronstein" ? "Bronstein delay" : "delay"} ${p.delay} s`);
  if (movesToControl !== null && movesToControl !== undefined) parts.push(`${movesToControl} to the control`);
  return parts.join(" · ");
}

/**
 * Two clocks that run in the browser between readings of the server's clock.
 * `read(view, state, rtt)` takes a reading; `show()` (every animation frame) draws it.
 */
export class Clocks {
  constructor(elements) {
    this.elements = elements; // {white: {time, info, flag, box}, black: {...}}
    this.base = null;
  }

  read(view, serverClock, sentAt) {
    if (!view.clock) {
      this.base = null;
      for (const c of COLORS) {
        this.elements[c].time.textContent = "–";
        this.elements[c].info.textContent = "no clock";
      }
      return;
    }
    const now = performance.now();
    // The server's reading was taken half-way through the request, roughly.
    const taken = sentAt !== undefined ? (sentAt + now) / 2 : now;
    const remaining = { ...view.clock };
    let delay = { ...view.delay };
    if (serverClock && typeof serverClock.white === "number") {
      for (const c of COLORS) remaining[c] = serverClock[c];
      // The server read its clock at `at`, after the view's last event: the delay of the
      // move (6.3.2) has run down by as much; the main time already counts what was used.
      const since = typeof serverClock.at === "number" ? serverClock.at * 1000 - view.last_at : 0;
      delay = {};
      for (const c of COLORS) delay[c] = Math.max(0, (view.delay[c] || 0) - Math.max(0, since));
    }
    const ticking = view.running && !view.paused && !view.result;
    this.base = { remaining, delay, running: ticking ? view.running : null, at: taken, view };
    for (const c of COLORS) {
      const e = this.elements[c];
      const tc = view.time_controls ? view.time_controls[c] : view.time_control;  // time odds
      e.info.textContent = periodText(tc, view.period[c], view.moves_to_control[c]);
      const flagged = view.rulings.some((r) => r.ruling === "flag" && r.by === c);
      e.flag.hidden = !flagged;
      e.box.classList.toggle("running", view.running === c && !view.result);
      e.box.classList.toggle("paused", Boolean(view.paused) && view.running === c);
      e.box.classList.toggle("flagged", flagged);
    }
  }

  remaining(color) {
    const b = this.base;
    if (!b) return null;
    if (b.running !== color) return b.remaining[color];
    const elapsed = performance.now() - b.at;
    const used = Math.max(0, elapsed - (b.delay[color] || 0));
    return Math.max(0, b.remaining[color] - used);
  }

  /** What is left of the running player's delay for this move (6.3.2). */
  delayLeft(color) {
    const b = this.base;
    if (!b || b.running !== color) return 0;
    return Math.max(0, (b.delay[color] || 0) - (performance.now() - b.at));
  }

  show() {
    if (!this.base) return;
    for (const c of COLORS) {
      const ms = this.remaining(c);
      const text = formatClock(ms);
      const e = this.elements[c];
      if (e.time.textContent !== text) e.time.textContent = text;
      e.box.classList.toggle("low", ms < 10000);
      e.time.dataset.ms = String(Math.round(ms));
      const delay = this.delayLeft(c);
      e.box.dataset.delay = delay > 0 ? `delay ${(delay / 1000).toFixed(1)} s` : "";
    }
  }
}

// -- the scoresheet ----------------------------------------------------------------------------

/** Fill `table` (a <tbody>) with the moves in SAN and each mover's clock after completion. */
export function fillScoresheet(tbody, view) {
  tbody.replaceChildren();
  const fen = (view.start && view.start.fen) || "";
  const blackFirst = fen.split(" ")[1] === "b";
  const fullmove = Number(fen.split(" ")[5] || 1);
  const rows = [];
  view.moves.forEach((m, ply) => {
    const index = ply + (blackFirst ? 1 : 0);
    const rowIndex = Math.floor(index / 2);
    if (!rows[rowIndex]) rows[rowIndex] = [null, null];
    rows[rowIndex][index % 2] = m;
  });
  rows.forEach((pair, i) => {
    const tr = document.createElement("tr");
    const num = document.createElement("td");
    num.className = "num";
    num.textContent = `${fullmove + i}.`;
    tr.appendChild(num);
    for (const m of pair) {
      const td = document.createElement("td");
      if (m) {
        td.className = "san";
        td.textContent = m.san;
        if (m.offer) {
          const eq = document.createElement("span");
          eq.className = "offer-mark";
          eq.title = "a draw was offered (9.1.2.2)";
          eq.textContent = "(=)";
          td.appendChild(eq);
        }
        td.dataset.uci = m.uci;
        if (m.clock !== null && m.clock !== undefined) {
          const clk = document.createElement("span");
          clk.className = "clk";
          clk.textContent = formatClock(m.clock);
          td.appendChild(clk);
        }
      }
      tr.appendChild(td);
    }
    tbody.appendChild(tr);
  });
  const wrap = tbody.closest(".sheet-scroll");
  if (wrap) wrap.scrollTop = wrap.scrollHeight;
}

// -- the connection ----------------------------------------------------------------------------

/**
 * The live game `id`, seen with `token` (a seat's or the arbiter's; none for a spectator).
 * `onView(view)` is called with the arbiter's view after each accepted event;
 * `onAnswer(message)` with each message of the socket (accepted or rejected).
 */
export class LiveGame {
  constructor(id, token, { onView, onAnswer, onStatus } = {}) {
    this.id = id;
    this.token = token || null;
    this.onView = onView || (() => {});
    this.onAnswer = onAnswer || (() => {});
    this.onStatus = onStatus || (() => {});
    this.seq = null;
    this.socket = null;
    this.queue = [];
    this.refreshing = null;
    this.again = false;
    this.view = null;
    this.state = null;
    this.closed = false;
  }

  async start() {
    await this.refresh();
    this.connect();
    // The clocks run in the browser; the server's reading corrects them now and then.
    this.poll = setInterval(() => this.readClock(), 4000);
  }

  stop() {
    this.closed = true;
    clearInterval(this.poll);
    if (this.socket) this.socket.close();
  }

  socketUrl() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams();
    if (this.token) params.set("token", this.token);
    if (this.seq !== null && this.seq !== undefined) params.set("since", String(this.seq));
    const query = params.toString();
    return `${proto}//${location.host}/ws/games/${encodeURIComponent(this.id)}${query ? "?" + query : ""}`;
  }

  connect() {
    if (this.closed) return;
    const socket = new WebSocket(this.socketUrl());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.onStatus("connected");
      for (const event of this.queue.splice(0)) socket.send(JSON.stringify(event));
    });
    socket.addEventListener("message", (e) => this.receive(e.data));
    socket.addEventListener("close", () => {
      this.onStatus("disconnected");
      if (!this.closed) setTimeout(() => this.connect(), 1000);
    });
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch (error) {
      return;
    }
    this.onAnswer(message);
    if (typeof message.seq === "number") {
      if (this.seq === null || message.seq > this.seq) this.seq = message.seq;
      this.refresh();
    }
  }

  /** Send an event of spec/events.md (the server adds `at` and `by`). */
  send(event) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(event));
    } else {
      this.queue.push(event);
    }
  }

  api(path) {
    return `/api/games/${encodeURIComponent(this.id)}${path}`;
  }

  /** Read the log, have the arbiter's view of it, and the server's clock; one at a time. */
  refresh() {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        let rounds = 0;
        do {
          this.again = false;
          // A clock read before an event the log has (or after one it lacks) is read again.
          if (!(await this.refreshOnce()) && rounds < 3) this.again = true;
          rounds += 1;
        } while (this.again);
      } catch (error) {
        this.onStatus(`error: ${error.message}`);
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  async refreshOnce() {
    const sent = performance.now();
    const [log, state] = await Promise.all([
      fetch(this.api("/log"), { cache: "no-store" }).then((r) => {
        if (!r.ok) throw new Error(`log: HTTP ${r.status}`);
        return r.text();
      }),
      fetch(this.api(""), { cache: "no-store" }).then((r) => (r.ok ? r.json() : null)),
    ]);
    const response = await fetch("/board/view", { method: "POST", body: log });
    const view = await response.json();
    if (!response.ok) throw new Error(view.error || `view: HTTP ${response.status}`);
    if (state && typeof state.seq === "number" && (this.seq === null || state.seq > this.seq)) {
      this.seq = state.seq;
    }
    const matched = !state || state.seq === view.events - 1;
    this.state = state;
    this.view = view;
    this.onView(view, matched ? state : null, sent);
    return matched;
  }

  async readClock() {
    if (!this.view || this.view.result) return;
    const sent = performance.now();
    const response = await fetch(this.api(""), { cache: "no-store" });
    if (!response.ok) return;
    const state = await response.json();
    if (typeof state.seq === "number" && this.seq !== null && state.seq > this.seq) {
      this.refresh();  // something happened that the socket has not told yet
      return;
    }
    this.state = state;
    this.onView(this.view, state, sent);
  }
}

/** The server's clock reading from its state JSON: {white: ms, black: ms, at: seconds}. */
export function serverClock(state) {
  if (!state || !state.clock) return null;
  const c = state.clock;
  const at = typeof state.at === "number" ? state.at : undefined;
  if (typeof c.white === "number") return { white: c.white, black: c.black, at };
  return null;
}

export function gameIdFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}
