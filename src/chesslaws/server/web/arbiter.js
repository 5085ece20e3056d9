// The arbiter's console (/arbiter?game=ID&token=TOKEN): every game of the server at a glance,
// and for one game the arbiter's actions (docs/events.md, "Arbiter actions"), each sent as an
// `arbiter` event: the server logs it, the arbiter's ruling comes back to every page.

import { formatClock, formatElapsed, reasonText, rulingItem, serverClock } from "./game.js";
import { GameScreen } from "./screen.js";

const $ = (name) => document.getElementById(name);
const params = new URLSearchParams(location.search);
const selected = params.get("game");
const key = (id) => `chesslaws.arbiter.${id}`;
if (selected && params.get("token")) sessionStorage.setItem(key(selected), params.get("token"));

// -- every game at a glance --------------------------------------------------------------------

const seen = new Map();  // game id -> {seq, view}

let glancing = null;
function glance() {
  if (!glancing) glancing = glanceOnce().finally(() => { glancing = null; });
  return glancing;
}

async function glanceOnce() {
  const response = await fetch("/api/games", { cache: "no-store" });
  if (!response.ok) return;
  const body = await response.json();
  const games = Array.isArray(body) ? body : body.games || [];
  const rows = await Promise.all(games.map((g) => oneRow(g.id)));
  const tbody = $("glance-rows");
  tbody.replaceChildren(...rows.filter(Boolean));
}

async function oneRow(id) {
  const enc = encodeURIComponent(id);
  const state = await fetch(`/api/games/${enc}`, { cache: "no-store" }).then((r) => (r.ok ? r.json() : null));
  if (!state) return null;
  let known = seen.get(id);
  if (!known || known.seq !== state.seq) {
    const log = await fetch(`/api/games/${enc}/log`, { cache: "no-store" }).then((r) => r.text());
    const view = await fetch("/board/view", { method: "POST", body: log }).then((r) => r.json());
    known = { seq: state.seq, view };
    seen.set(id, known);
  }
  const view = known.view;
  const clock = serverClock(state);
  const tr = document.createElement("tr");
  tr.dataset.game = id;
  if (id === selected) tr.classList.add("selected");
  const td = (text, cls) => {
    const cell = document.createElement("td");
    cell.textContent = text;
    if (cls) cell.className = cls;
    tr.appendChild(cell);
    return cell;
  };
  const a = document.createElement("a");
  a.href = `/arbiter?game=${enc}`;
  a.textContent = id;
  td("").appendChild(a);
  td(state.white || "White");
  td(state.black || "Black");
  for (const c of ["white", "black"]) {
    const flagged = view.rulings.some((r) => r.ruling === "flag" && r.by === c);
    const fallen = clock && clock[c] === 0;
    const text = clock ? formatClock(clock[c]) : "–";
    td(text + (flagged ? " ⚑ observed" : fallen ? " ⚑ fallen" : "") +
      (state.running === c ? " ◂" : ""), flagged || fallen ? "flag-cell" : "");
  }
  td(state.result ? "–" : view.turn);
  td(needs(view, state).join("; "), "needs");
  td(state.result ? `${state.result} (${reasonText(state.reason)})` : "playing");
  return tr;
}

/** What waits for the arbiter in a game: offers, calls, unclaimed illegal moves, flags. */
function needs(view, state) {
  const out = [];
  if (view.result) return out;
  for (const c of ["white", "black"]) if (view.offers[c]) out.push(`${c} offers a draw`);
  if (view.paused) {
    const last = [...view.rulings].reverse().find((r) => r.ruling === "clock");
    out.push(last && last.article === "6.11.2" ? "a player calls the arbiter" : "clock paused");
  }
  if (view.pending_illegal && view.pending_illegal.completed) {
    out.push(`${view.pending_illegal.by}'s illegal move ${view.pending_illegal.move} unclaimed`);
  }
  const clock = serverClock(state);
  if (clock) for (const c of ["white", "black"]) if (clock[c] === 0) out.push(`${c}'s flag is down`);
  return out;
}

glance();
setInterval(glance, 2000);

// -- one game ----------------------------------------------------------------------------------

if (selected) {
  $("one-game").hidden = false;
  let token = sessionStorage.getItem(key(selected)) || "";
  const tokenForm = $("token-form");
  tokenForm.hidden = Boolean(token);
  $("actions").hidden = !token;
  tokenForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const value = $("token").value.trim();
    if (!value) return;
    sessionStorage.setItem(key(selected), value);
    location.href = `/arbiter?game=${encodeURIComponent(selected)}`;
  });
  $("pgn").hidden = false;
  const screen = new GameScreen({
    id: selected, token: token || null,
    onView: (view) => { showActions(view.arbiter_actions); glance(); },
  });
  const send = (fields) => screen.live.send({ type: "arbiter", ...fields });
  const player = (id) => $(id).value;
  const withArticle = (fields, id) => {
    const article = $(id).value.trim();
    return article ? { ...fields, article } : fields;
  };
  for (const button of document.querySelectorAll("[data-action]")) {
    button.addEventListener("click", () => send({ action: button.dataset.action }));
  }
  $("add-time").addEventListener("click", () => send(withArticle(
    { action: "add_time", player: player("time-player"), seconds: Number($("time-seconds").value) },
    "time-article")));
  $("set-time").addEventListener("click", () => send(withArticle(
    { action: "set_time", player: player("time-player"), seconds: Number($("time-seconds").value) },
    "time-article")));
  $("set-moves").addEventListener("click", () => send(
    { action: "set_moves", player: player("time-player"), moves: Number($("moves").value) }));
  $("warn").addEventListener("click", () => send({ action: "warning", player: player("warn-player") }));
  $("quickplay").addEventListener("click", () => send(
    { action: "quickplay_increment", player: player("qp-player"), seconds: Number($("qp-seconds").value) }));
  $("declare").addEventListener("click", () => send(withArticle(
    { action: "declare", result: $("declare-result").value, reason: $("declare-reason").value },
    "declare-article")));
  await screen.start();
  $("title").textContent = `Arbiter's console · game ${selected}`;
}

// -- the arbiter's log: each action as logged, with the rulings it caused ----------------------

const title = (word) => (word ? word.charAt(0).toUpperCase() + word.slice(1) : "");

function actionText(a) {
  const who = title(a.player);
  switch (a.action) {
    case "add_time": return Number(a.seconds) >= 0 ? `adds ${a.seconds} s to ${who}` : `takes ${-a.seconds} s from ${who}`;
    case "set_time": return `sets ${who}'s clock to ${formatClock(Number(a.seconds) * 1000)}`;
    case "set_moves": return `sets ${who}'s move counter to ${a.moves}`;
    case "pause": return "pauses the clocks";
    case "resume": return "resumes the clocks";
    case "observe_flag": return "looks at the clock for a flag";
    case "observe_illegal_move": return "observes an illegal move";
    case "observe_touch_move": return "observes a touch-move breach";
    case "warning": return `warns ${who}`;
    case "quickplay_increment": return `grants ${who}'s request for a ${a.seconds || 5} s increment`;
    case "declare": return `declares ${a.result} (${reasonText(a.reason)})`;
    default: return a.action;
  }
}

function showActions(actions) {
  const list = document.getElementById("actions-log");
  list.replaceChildren();
  for (const a of actions || []) {
    const li = document.createElement("li");
    li.className = "action";
    li.dataset.action = a.action;
    li.dataset.seq = String(a.seq);
    const head = document.createElement("div");
    head.className = "action-head";
    head.textContent = `#${a.seq} · ${formatElapsed(a.at)} · the arbiter ${actionText(a)}`;
    li.appendChild(head);
    const ruled = document.createElement("ul");
    ruled.className = "action-rulings";
    for (const r of a.rulings) ruled.appendChild(rulingItem(r));
    if (!a.rulings.length) {
      const none = document.createElement("li");
      none.className = "ruling none";
      none.textContent = a.action === "observe_flag" ? "No flag has fallen: no ruling." : "No ruling.";
      ruled.appendChild(none);
    }
    li.appendChild(ruled);
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}
