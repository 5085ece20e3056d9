// A live game as a page sees it: the messages of the game's WebSocket, each carrying the
// server's view of the game after its event (the position, both clocks and which runs, whose
// act is awaited, the rulings, the result), the clocks running on between two messages, the
// scoresheet and the rulings.
//
// Nothing here rules, and nothing is replayed: events go to the server over the socket, the
// server stamps them with its own time, the arbiter rules, and every logged event comes back
// to every page with its view. A page makes no HTTP request per message; on joining or
// reconnecting it is sent the current view once (a "snapshot").

import { language, localMove, said, t } from "./i18n.js";

export const COLORS = ["white", "black"];
export const other = (color) => (color === "white" ? "black" : "white");
const COLOR_NAMES = { white: t("White"), black: t("Black") };
/** A colour's name as a player reads it ("White"; "Blancas" in Spanish). */
export const title = (word) => COLOR_NAMES[word] || (word ? word.charAt(0).toUpperCase() + word.slice(1) : "");

// -- the Laws' words ---------------------------------------------------------------------------

// Our own short summaries of the Articles, not the Laws' text nor an official translation, in
// the page's language (articles.json is English, articles-es.json and articles-el.json the
// others), one set per edition: 2023, and what the editions of 2018, 2014 (lettered, as the
// Spanish text) and before 1997 (numbered as the Greek text) say otherwise. A ruling cites the
// Article of the game's edition (docs/events.md, "Editions").

export const EDITIONS = ["2023", "2018", "2014", "pre-1997"];
export const EDITION_NAMES = {
  2023: t("the Laws of 2023"), 2018: t("the Laws of 2018"), 2014: t("the Laws of 2014"),
  "pre-1997": t("the Laws before 1997"),
};
let ARTICLES = {};
let EDITION = "2023";

export async function loadArticles() {
  const lang = language();
  try {
    const response = await fetch(lang === "en" ? "/static/articles.json" : `/static/articles-${lang}.json`);
    ARTICLES = await response.json();
  } catch (error) {
    ARTICLES = {};
  }
  return ARTICLES;
}

/** The game's edition of the Laws, where its view says it (2023 otherwise). */
export function setEdition(edition) {
  EDITION = EDITIONS.includes(String(edition)) ? String(edition) : "2023";
}

/** Where an Article of `edition` is looked for: that edition, 2023 (the rest of the Laws, as
 *  the arbiter rules it), then the others. */
function editionsFor(edition) {
  return [edition, ...EDITIONS.filter((e) => e !== edition)];
}

/** The summary of an Article under `edition` (the game's), or of its nearest parent ("9.2.1"
 *  falls back on "9.2"); one found in another edition than 2023 or the game's names it. */
export function articleText(number, edition = EDITION) {
  for (const found of editionsFor(edition)) {
    const set = ARTICLES[found] || {};
    let key = String(number);
    while (key) {
      if (set[key]) {
        return found === edition || found === "2023" ? set[key]
          : `(${EDITION_NAMES[found]}) ${set[key]}`;
      }
      const cut = key.lastIndexOf(".");
      if (cut < 0) break;
      key = key.slice(0, cut);
    }
  }
  return "";
}

/** The Articles of `edition` as its text numbers them, with the 2023 ones it does not replace. */
export function editionArticles(edition) {
  return { ...(edition === "2023" ? {} : ARTICLES["2023"] || {}), ...(ARTICLES[edition] || {}) };
}

/** A link to an Article's summary (laws.html) under the game's edition. */
export function articleHref(number) {
  return `/static/laws.html?edition=${encodeURIComponent(EDITION)}#art-${number}`;
}

export function articleLink(number) {
  const a = document.createElement("a");
  a.href = articleHref(number);
  a.target = "_blank";
  a.rel = "noopener";
  a.className = "article";
  a.textContent = t("Art. {number}", { number });
  const text = articleText(number);
  if (text) a.title = text;
  return a;
}

// -- words for rulings ------------------------------------------------------------------------

const REASONS = {
  checkmate: t("checkmate"),
  resignation: t("resignation"),
  resignation_cannot_checkmate: t("resignation, but the opponent cannot checkmate"),
  stalemate: t("stalemate"),
  dead_position: t("dead position"),
  agreement: t("agreement"),
  threefold: t("threefold repetition (claimed)"),
  fifty_moves: t("fifty moves (claimed)"),
  fivefold: t("fivefold repetition"),
  seventy_five_moves: t("seventy-five moves"),
  flag: t("the flag fell"),
  flag_cannot_checkmate: t("the flag fell, but the opponent cannot checkmate"),
  second_illegal_move: t("a second illegal move"),
  illegal_move: t("an illegal move"),
  illegal_move_cannot_checkmate: t("a second illegal move, but the opponent cannot checkmate"),
  default: t("default (late arrival)"),
  arbiter: t("the arbiter's decision"),
};

export function reasonText(reason) {
  return REASONS[reason] || (reason ? reason.replaceAll("_", " ") : "");
}

export function resultText(result, reason) {
  const who = {
    "1-0": t("White wins"), "0-1": t("Black wins"), "1/2-1/2": t("Draw"), "0-0": t("Both lose"),
    "1/2-0": t("White scores ½, Black 0"), "0-1/2": t("White scores 0, Black ½"),
    "*": t("No result: the game is cancelled or awaits the arbiter"),
  };
  return `${result} · ${who[result] || result}: ${reasonText(reason)}`;
}

function penaltyText(penalty) {
  const [[kind, body]] = Object.entries(penalty);
  const player = title(body.player);
  if (kind === "add_time") {
    const s = Number(body.seconds);
    return s >= 0 ? t("{player} gets {seconds} s more", { player, seconds: s })
      : t("{player} loses {seconds} s", { player, seconds: -s });
  }
  if (kind === "set_time") {
    return t("{player}'s clock set to {time}", { player, time: formatClock(body.seconds * 1000) });
  }
  if (kind === "set_moves") {
    return t("{player}'s move counter set to {moves}", { player, moves: body.moves });
  }
  if (kind === "warning") return t("{player} is warned", { player });
  if (kind === "remove_increment") return t("{player}'s increment for that move removed", { player });
  if (kind === "fine") return t("a fine for {player} is recorded", { player });
  if (kind === "exclusion") return t("{player} is excluded from rounds", { player });
  if (kind === "expulsion") return t("{player} is expelled from the competition", { player });
  return `${kind} ${body.player}`;
}

/** Moves as players read them: "Nf3 or Nh3" (SAN from the server; UCI only if it sent none). */
export function movesText(san, uci) {
  const list = (Array.isArray(san) && san.length ? san.map(localMove) : uci) || [];
  if (list.length <= 1) return list.join("");
  return t("{moves} or {last}", { moves: list.slice(0, -1).join(", "), last: list[list.length - 1] });
}

/** One line of words for a ruling (the JSON object of docs/events.md). */
export function rulingText(r) {
  const by = r.by ? title(r.by) : "";
  const move = r.move_san ? localMove(r.move_san) : r.move || "";
  const must = movesText(r.must_move_san, r.must_move);
  switch (r.ruling) {
    case "touch_move": {
      const taken = move || t("move");
      const bound = must || t("a touched piece");
      return t("Touch-move: {player}'s {move} is taken back; {player} must play {must}",
        { player: by, move: taken, must: bound });
    }
    case "illegal_move":
      if (r.status === "stands") {
        return t("{player}'s illegal move {move} stands (no claim)", { player: by, move });
      }
      return (move ? t("Illegal move by {player} ({move}): position restored", { player: by, move })
        : t("Illegal move by {player}: position restored", { player: by })) +
        (must ? t("; must play {must}", { must }) : "");
    case "incorrect_claim":
      return t("{player}'s claim is incorrect", { player: by }) +
        (must ? t("; the written move must be played: {must}", { must }) : "");
    case "claim_refused":
      return t("{player}'s claim is refused", { player: by });
    case "draw_offer": {
      const words = {
        standing: t("{player} offers a draw", { player: by }),
        declined: t("{player}'s draw offer is declined", { player: by }),
        lapsed: t("{player}'s draw offer lapses", { player: by }),
        not_allowed: t("{player}'s draw offer is not allowed yet", { player: by }),
      };
      return words[r.status] || `${by} ${r.status}`;
    }
    case "flag":
      return t("{player}'s flag has fallen", { player: by });
    case "penalty":
      return ARBITER;
    case "clock":
      if (r.status === "corrected") return t("The time control is corrected");
      if (r.status !== "paused") {
        return r.status === "started" || r.article === "6.6" ? t("The clocks start")
          : t("The clocks run again");
      }
      return r.reason === "restart" ? t("The clocks are paused: {why}", { why: PAUSES.restart })
        : t("The clocks are paused");
    case "adjournment":
      return adjournmentText(r, by, move);
    case "game_over":
      return t("Game over: {result}", { result: resultText(r.result, r.reason) });
    case "result_amended":
      return t("Result amended: {result}", { result: resultText(r.result, r.reason) });
    case "position_restored":
      return t("An earlier position is restored");
    case "scoresheet":
      return scoresheetText(r, by);
    case "announcement": {  // Appendix D
      const words = {
        time: t("{player} asks for the times (D.2.6)", { player: by }),
        differs: t("{player}'s announcement differs from the move made", { player: by }),
        corrected: t("{player} corrects the announcement", { player: by }),
      };
      return words[r.status] || t("Announcement");
    }
    case "rejected":
      return t("Not taken");
    default:
      return r.ruling;
  }
}

const ARBITER = t("Arbiter");

/** The words of a `scoresheet` ruling (Article 8). */
function scoresheetText(r, by) {
  switch (r.status) {
    case "exempt": return t("{player} need not record the moves for the rest of the period (8.4)", { player: by });
    case "reconstruction": return t("The clocks are paused: the scoresheets are brought up to date (8.5)");
    case "differs": return t("{player}'s scoresheet differs from the moves played", { player: by });
    case "in_advance": return t("{player} wrote a move in advance", { player: by });
    case "not_recorded": return t("{player} did not record his previous move", { player: by });
    case "signed": return t("The players signed different results");
    default: return t("Scoresheet");
  }
}

/** An adjournment's ruling (Guidelines I): never a sealed move before the envelope is opened
 *  (the server does not send it; `move` is the one made once it is). */
function adjournmentText(r, by, move) {
  const player = by;
  switch (r.status) {
    case "seal": return t("The game is adjourned: {player} seals his move", { player });
    case "written": return t("{player} has written his sealed move", { player });
    case "changed": return t("{player} has changed what he wrote", { player });
    case "sealed": return t("{player} has sealed his move: the arbiter keeps the envelope", { player });
    case "resumed": return t("The session resumes: {player}'s clock is started", { player });
    case "opened": return t("The envelope is opened: {player}'s sealed move {move} is made", { player, move });
    case "lost": return t("The envelope is lost: {player} makes the move he sealed", { player });
    case "reply_written": return t("{player} has written his reply", { player });
    case "reply_sealed": return t("{player} has sealed his reply: it is opened when his opponent arrives", { player });
    case "reply_opened": return t("The reply is opened: {player}'s {move} is made", { player, move });
    default: return `${player} ${r.status}`;
  }
}

/** Why the clocks stand (6.11): the words each page shows beside a paused clock. */
export const PAUSES = {
  restart: t("the server restarted; the arbiter resumes the game"),
  reconstruction: t("the scoresheets are brought up to date (8.5); the arbiter resumes the game"),
  arbiter: t("play waits for the arbiter"),
  adjourned: t("the game is adjourned"),
  other: t("play waits for the arbiter"),
};

export function pauseText(reason) {
  return PAUSES[reason] || PAUSES.other;
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
  if (r.penalty) text += `${text === ARBITER ? ": " : "; "}${penaltyText(r.penalty)}`;
  if (r.ruling === "rejected" && r.reason) text += `: ${said(r, "reason")}`;
  words.textContent = text;
  li.appendChild(words);
  if (r.article) li.appendChild(articleLink(r.article));
  if (r.note) {
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = said(r, "note");
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

const CATEGORIES = {
  blitz: t("blitz"), rapid: t("rapid"), standard: t("standard"), classical: t("standard"),
};

/** A time control's category (Appendices A and B; "standard" is the rest) in words. */
export function categoryText(category) {
  return CATEGORIES[category] || category;
}

/** The time control's reading in words, asked of the server once per page (not per message). */
export async function timeControlWords(text) {
  if (!text) return t("no clock");
  try {
    const answer = await fetch(`/api/timecontrol?text=${encodeURIComponent(text)}`);
    const body = await answer.json();
    const reading = answer.ok && body.readings && body.readings[0];
    return reading ? `${said(reading, "words")} · ${categoryText(reading.category)}` : text;
  } catch (error) {
    return text;
  }
}

/**
 * The server's time as this page can tell it: each view says when (server seconds, `at`) its
 * clocks were read. A message takes some time to arrive, never less than nothing, so the
 * smallest gap seen between the page's time and `at` is the best guess of the offset.
 */
class ServerTime {
  constructor() {
    this.offset = null;
  }

  saw(at) {
    if (typeof at !== "number") return;
    const gap = Date.now() / 1000 - at;
    if (this.offset === null || gap < this.offset) this.offset = gap;
  }

  now() {
    return Date.now() / 1000 - (this.offset || 0);
  }
}

/**
 * Two clocks that run in the browser between two views of the server. A clock runs only while
 * the game has started, is not paused nor over, and the page hears the server: with the
 * connection lost the clocks stand at their last reading and say so.
 */
export class Clocks {
  constructor(elements) {
    this.elements = elements; // {white: {time, info, state, flag, box}, black: {...}}
    this.base = null;
    this.time = new ServerTime();
  }

  read(view, connected) {
    if (!view.clock) {
      this.base = null;
      for (const c of COLORS) this.elements[c].time.textContent = "–";
      return;
    }
    this.time.saw(view.at);
    const ticking = connected && view.started && !view.paused && !view.result;
    this.base = {
      clock: { ...view.clock }, delay: { ...(view.delay || {}) },
      at: typeof view.at === "number" ? view.at : this.time.now(),
      running: ticking ? view.running : null,
    };
    for (const c of COLORS) {
      const e = this.elements[c];
      const flagged = Boolean(view.result) && /^flag/.test(view.reason || "") && view.clock[c] <= 0;
      const state = !connected ? t("connection lost") : view.paused ? t("paused")
        : !view.started && !view.result ? t("not started") : "";
      e.state.textContent = state;
      e.flag.hidden = !flagged;
      e.box.classList.toggle("running", this.base.running === c);
      e.box.classList.toggle("paused", Boolean(view.paused) && !view.result);
      e.box.classList.toggle("standing", !view.started && !view.result);
      e.box.classList.toggle("offline", !connected);
      e.box.classList.toggle("flagged", flagged);
    }
  }

  remaining(color) {
    const b = this.base;
    if (!b) return null;
    if (b.running !== color) return b.clock[color];
    const elapsed = Math.max(0, this.time.now() - b.at) * 1000;
    return Math.max(0, b.clock[color] - Math.max(0, elapsed - (b.delay[color] || 0)));
  }

  /** What is left of the running player's delay for this move (6.3.2), when the view says it. */
  delayLeft(color) {
    const b = this.base;
    if (!b || b.running !== color || !b.delay[color]) return 0;
    return Math.max(0, b.delay[color] - Math.max(0, this.time.now() - b.at) * 1000);
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
      e.box.dataset.delay = delay > 0 ? t("delay {seconds} s", { seconds: (delay / 1000).toFixed(1) }) : "";
    }
  }
}

// -- the scoresheet ----------------------------------------------------------------------------

/**
 * The moves in SAN, kept from the views: the whole sheet comes with a snapshot, each later view
 * brings its last move (`last`) and the number of half-moves made (`ply`: a move taken back
 * under 7.5 shortens the sheet).
 */
export class Scoresheet {
  constructor(tbody) {
    this.tbody = tbody;
    this.moves = [];
    this.first = 1;          // the number of the first move on the sheet
    this.blackFirst = false; // the game started with Black to move
  }

  take(view, snapshot) {
    if (snapshot && Array.isArray(view.san)) this.moves = view.san.slice();
    if (typeof view.ply === "number") {
      this.moves = this.moves.slice(0, view.ply);
      if (view.last && view.ply > 0) this.moves[view.ply - 1] = view.last.san;
    }
    this.number(view);
    this.fill();
  }

  /** Where the sheet starts: from the last move's number and colour, or from the FEN. */
  number(view) {
    let halfMoves; // half-moves of the whole game before the sheet's first move
    if (view.last && view.ply > 0) {
      const k = 2 * (view.last.number - 1) + (view.last.color === "black" ? 1 : 0);
      halfMoves = k - (view.ply - 1);
    } else if (view.fen) {
      const fields = view.fen.split(" ");
      halfMoves = 2 * (Number(fields[5] || 1) - 1) + (fields[1] === "b" ? 1 : 0);
    } else {
      return;
    }
    this.blackFirst = halfMoves % 2 === 1;
    this.first = Math.floor(halfMoves / 2) + 1;
  }

  fill() {
    const rows = [];
    this.moves.forEach((san, ply) => {
      const index = ply + (this.blackFirst ? 1 : 0);
      const row = Math.floor(index / 2);
      if (!rows[row]) rows[row] = [null, null];
      rows[row][index % 2] = san;
    });
    this.tbody.replaceChildren(...rows.map((pair, i) => {
      const tr = document.createElement("tr");
      const num = document.createElement("td");
      num.className = "num";
      num.textContent = `${this.first + i}.`;
      tr.appendChild(num);
      for (const san of pair) {
        const td = document.createElement("td");
        if (san) {
          td.className = "san";
          td.textContent = localMove(san);
        }
        tr.appendChild(td);
      }
      return tr;
    }));
    const wrap = this.tbody.closest(".sheet-scroll");
    if (wrap) wrap.scrollTop = wrap.scrollHeight;
  }
}

// -- the connection ----------------------------------------------------------------------------

/**
 * The live game `id`, seen with `token` (a seat's or the arbiter's; none for a spectator).
 * `onView(view, message)` is called with the game's view after each message that carries one;
 * `onAnswer(message)` with every message; `onStatus(connected)` when the connection is made
 * (the snapshot has come) or lost. Nothing is queued: an act while the connection is lost is
 * not sent, and `send` says so by returning false.
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
    this.view = null;
    this.connected = false;
    this.closed = false;
  }

  start() {
    this.connect();
  }

  stop() {
    this.closed = true;
    if (this.socket) this.socket.close();
  }

  socketUrl() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${proto}//${location.host}/ws/games/${encodeURIComponent(this.id)}${query}`;
  }

  connect() {
    if (this.closed) return;
    const socket = new WebSocket(this.socketUrl());
    this.socket = socket;
    socket.addEventListener("message", (e) => {
      if (this.socket === socket) this.receive(e.data);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.lost();
      if (!this.closed) setTimeout(() => this.connect(), 1000);
    });
  }

  lost() {
    this.connected = false;
    this.onStatus(false);
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch (error) {
      return;
    }
    if (message.type === "snapshot" && message.view) {
      // Joining or back after an outage: the server's view replaces whatever the page had.
      this.seq = message.seq;
      this.view = { ...message.view };
      this.connected = true;
      this.onStatus(true);
      this.onView(this.view, message);
      return;
    }
    this.onAnswer(message);
    if (typeof message.seq !== "number" || !message.view) return;
    if (this.seq !== null && message.seq <= this.seq) return;  // already in the snapshot
    this.seq = message.seq;
    this.view = { ...this.view, ...message.view };
    this.onView(this.view, message);
  }

  /** Send an act of docs/events.md (the server adds `at` and `by`); false when not connected. */
  send(event) {
    if (!this.connected || !this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(event));
    return true;
  }
}

/** What a refusal says, in the contract's form (`error`) or the older one (a rejected ruling). */
export function refusalText(message) {
  if (message.error) return said(message, "error");
  const r = (message.rulings || [])[0];
  return r && r.reason ? said(r, "reason") : t("rejected");
}

export function isRefusal(message) {
  return message.type === "refused" || message.seq === null;
}

export function gameIdFromPath() {
  const parts = location.pathname.split("/").filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] || "");
}
