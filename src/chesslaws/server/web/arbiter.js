// The arbiter's console (/arbiter?game=ID&token=TOKEN): for one game the arbiter's actions
// (docs/events.md, "Arbiter actions"), each sent as an `arbiter` event: the server logs it, the
// arbiter's ruling comes back to every page; below it, every game of the server at a glance.
// Every action that starts, ends, amends or settles a game, sets a clock, or records a sanction
// asks first: one click is no ruling. Pausing and a warning go at once.

import { formatClock, formatElapsed, reasonText, rulingItem, title } from "./game.js";
import { t } from "./i18n.js";
import { GameScreen } from "./screen.js";

const $ = (name) => document.getElementById(name);
const params = new URLSearchParams(location.search);
const selected = params.get("game");
const key = (id) => `chesslaws.arbiter.${id}`;
if (selected && params.get("token")) sessionStorage.setItem(key(selected), params.get("token"));

// -- every game at a glance --------------------------------------------------------------------

let glancing = null;
function glance() {
  if (!glancing) glancing = glanceOnce().catch(() => {}).finally(() => { glancing = null; });
  return glancing;
}

async function glanceOnce() {
  const response = await fetch("/api/games", { cache: "no-store" });
  if (!response.ok) return;
  const body = await response.json();
  const games = Array.isArray(body) ? body : body.games || [];
  const rows = await Promise.all(games.map((g) => oneRow(g.id)));
  $("glance-rows").replaceChildren(...rows.filter(Boolean));
}

/** One game's row, from the server's state of it (its view where the state carries one). */
async function oneRow(id) {
  const enc = encodeURIComponent(id);
  const state = await fetch(`/api/games/${enc}`, { cache: "no-store" }).then((r) => (r.ok ? r.json() : null));
  if (!state) return null;
  const view = { ...state, ...(state.view || {}) };
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
  td(view.white || title("white"));
  td(view.black || title("black"));
  const clock = view.clock && typeof view.clock.white === "number" ? view.clock : null;
  for (const c of ["white", "black"]) {
    const fallen = clock && clock[c] <= 0;
    td((clock ? formatClock(clock[c]) : "–") + (fallen ? ` ⚑ ${t("fallen")}` : "") +
      (view.running === c ? " ◂" : ""), fallen ? "flag-cell" : "");
  }
  td(view.result ? "–" : view.to_move ? title(view.to_move) : "");
  td(needs(view).join("; "), "needs");
  td(view.result ? `${view.result} (${reasonText(view.reason)})` : view.started === false ? t("not started")
    : t("playing"));
  return tr;
}

/** What waits for the arbiter in a game: a start, offers, calls, a restart's pause, flags. */
function needs(view) {
  const out = [];
  if (view.result) return out;
  if (view.started === false && (!view.start || view.start.mode === "arbiter")) out.push(t("to be started"));
  if (view.draw_offer) out.push(t("{player} offers a draw", { player: title(view.draw_offer) }));
  if (view.adjourned) {
    out.push(view.adjourned.resumed ? t("adjourned: the session has resumed") : t("adjourned"));
  } else if (view.paused) {
    out.push(view.pause_reason === "restart" ? t("paused by a restart: resume it") : t("clock paused"));
  }
  const clock = view.clock;
  for (const c of ["white", "black"]) {
    if (clock && clock[c] <= 0) out.push(t("{player}'s flag is down", { player: title(c) }));
  }
  return out;
}

// The list is read every few seconds, not after each message of the chosen game.
glance();
setInterval(glance, 3000);

// -- asking first ------------------------------------------------------------------------------

const confirmDialog = $("confirm-dialog");
let confirmed = null;

/** Ask "words?" in a dialog; `then()` runs only on the arbiter's yes. */
function ask(words, then) {
  $("confirm-words").textContent = words;
  confirmed = then;
  confirmDialog.returnValue = "";
  confirmDialog.showModal();
  $("confirm-no").focus();
}
confirmDialog.addEventListener("close", () => {
  const then = confirmed;
  confirmed = null;
  if (confirmDialog.returnValue === "yes" && then) then();
});

/** The question an action asks before it is sent, or null for one sent at once. */
export function question(fields, names) {
  const name = names[fields.player];
  const who = title(fields.player) + (name && name !== title(fields.player) ? ` (${name})` : "");
  const article = fields.article ? ` (${t("Art. {number}", { number: fields.article })})` : "";
  const seconds = fields.seconds;
  switch (fields.action) {
    case "start": return t("Start the clocks (6.6)? White's clock starts running now.");
    case "set_time":
      return t("Set the clock of {player} to {time}{article}?",
        { player: who, time: formatClock(seconds * 1000), article });
    case "add_time":
      return seconds >= 0 ? t("Add {seconds} s to the clock of {player}{article}?", { seconds, player: who, article })
        : t("Take {seconds} s from the clock of {player}{article}?", { seconds: -seconds, player: who, article });
    case "set_moves":
      return t("Set the move counter of {player} to {moves}?", { player: who, moves: fields.moves });
    case "quickplay_increment":
      return t("Grant {player}'s request: a {seconds} s increment for both players (III.4)?",
        { player: who, seconds });
    case "observe_flag": return t("Look at the clocks for a fallen flag (6.8)? A fallen flag ends the game.");
    case "observe_illegal_move":
      return t("Rule an illegal move observed (A.5.2)? A second one loses the game (7.5.5).");
    case "observe_touch_move": return t("Rule a touch-move breach observed (4.8)?");
    case "declare":
      return t("End the game: {result} ({reason}){article}? This cannot be undone here.",
        { result: fields.result, reason: reasonText(fields.reason), article });
    case "amend_result":
      return t("Amend the result of the game to {result} ({reason}){article}? It replaces the result that stands.",
        { result: fields.result, reason: reasonText(fields.reason), article });
    case "device":
      return t("{player} had an electronic device in the playing venue (11.3.2.1)? {player} loses the game, even after it ended.",
        { player: who });
    case "fine": return t("Record a fine for {player} (12.9.7){article}?", { player: who, article });
    case "exclusion":
      return t("Exclude {player} from one or more rounds (12.9.8){article}?", { player: who, article });
    case "expulsion":
      return t("Expel {player} from the competition (12.9.9){article}?", { player: who, article });
    case "restore":
      return t("Restore the position after {moves} moves (plies){article}? The later moves are taken back.",
        { moves: fields.moves, article });
    case "set_control":
      return t("Install the time control {control}{article}? The clocks keep their times and counters (6.10.2).",
        { control: fields.time_control, article });
    default: return PLAIN[fields.action]?.question || null;
  }
}

/** The actions without fields (7.2.1, 7.2.2, 7.3, 8.5, III.3.1): the question each asks, and
 *  its line in the arbiter's log. */
const PLAIN = {
  set_up_wrong: {
    question: t("The initial position was incorrect (7.2.1)? The game is cancelled."),
    logged: t("the arbiter finds the initial position incorrect"),
  },
  board_orientation: {
    question: t("The board was wrongly placed (7.2.2)? Play continues on a correctly placed board."),
    logged: t("the arbiter has the board placed correctly"),
  },
  colours_reversed: {
    question: t("The colours were reversed (7.3)? With fewer than ten moves each the game is discontinued."),
    logged: t("the arbiter finds the colours reversed"),
  },
  reconstruct: {
    question: t("Pause the clocks to update the scoresheets (8.5)?"),
    logged: t("the arbiter pauses to update the scoresheets"),
  },
  flags_unordered: {
    question: t("Both flags are down and which fell first cannot be told (III.3.1)? In the last period the game is drawn."),
    logged: t("the arbiter finds both flags down, order unknown"),
  },
};

// -- one game ----------------------------------------------------------------------------------

const log = [];  // the arbiter's actions seen on this page: {seq, at, event, rulings}

if (selected) {
  $("one-game").hidden = false;
  const token = sessionStorage.getItem(key(selected)) || "";
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
    onView: (view, message) => {
      remember(view, message);
      $("start").disabled = Boolean(view.started || view.result);
      showEnvelope(view, screen.names);
    },
  });
  const act = (fields) => {
    const words = question(fields, screen.names);
    const go = () => {
      if (!screen.live.send({ type: "arbiter", ...fields })) {
        screen.notice(t("Not sent: the connection to the server is lost."), "refused");
      }
    };
    if (words) ask(words, go);
    else go();
  };
  const player = (id) => $(id).value;
  const withArticle = (fields, id, fallback = "") => {
    const article = $(id).value.trim() || fallback;
    return article ? { ...fields, article } : fields;
  };
  for (const button of document.querySelectorAll("[data-action]")) {
    button.addEventListener("click", () => act({ action: button.dataset.action }));
  }
  $("add-time").addEventListener("click", () => act(withArticle(
    { action: "add_time", player: player("time-player"), seconds: Number($("time-seconds").value) },
    "time-article")));
  $("set-time").addEventListener("click", () => act(withArticle(
    { action: "set_time", player: player("time-player"), seconds: Number($("time-seconds").value) },
    "time-article")));
  $("set-moves").addEventListener("click", () => act(
    { action: "set_moves", player: player("time-player"), moves: Number($("moves").value) }));
  $("take-time").addEventListener("click", () => act(withArticle(
    { action: "add_time", player: player("time-player"), seconds: -Math.abs(Number($("time-seconds").value)) },
    "time-article", "12.9.3")));
  for (const id of ["warning", "fine", "exclusion", "expulsion", "device"]) {
    $(id === "warning" ? "warn" : id).addEventListener("click", () => act(withArticle(
      { action: id, player: player("warn-player") }, "penalty-article")));
  }
  $("restore").addEventListener("click", () => act(withArticle(
    { action: "restore", moves: Number($("restore-moves").value) }, "restore-article")));
  $("set-control").addEventListener("click", () => {
    const control = $("control").value.trim();
    if (control) act(withArticle({ action: "set_control", time_control: control }, "time-article"));
    else screen.notice(t("Write the correct time control first (e.g. 5400+30)."), "refused");
  });
  // An amended result takes the reasons of a declared one (one list, in the page), and checkmate.
  const amendReason = $("amend-reason");
  for (const option of $("declare-reason").options) {
    amendReason.insertBefore(option.cloneNode(true), amendReason.lastElementChild);
  }
  amendReason.selectedIndex = 0;  // the arbiter's decision, as for a declaration
  $("amend").addEventListener("click", () => act(withArticle(
    { action: "amend_result", result: $("amend-result").value, reason: $("amend-reason").value },
    "amend-article")));
  $("quickplay").addEventListener("click", () => act(
    { action: "quickplay_increment", player: player("qp-player"), seconds: Number($("qp-seconds").value) }));
  const adjournment = (event, words) => ask(words, () => {
    if (!screen.live.send(event)) screen.notice(t("Not sent: the connection to the server is lost."), "refused");
  });
  $("adjourn").addEventListener("click", () => {
    const local = $("resumes").value;
    const when = local ? new Date(local) : null;
    const event = when && !Number.isNaN(when.getTime())
      ? { type: "adjourn", resumes: when.toISOString() } : { type: "adjourn" };
    const player = screen.view ? screen.names[screen.view.to_move] : "";
    adjournment(event, when
      ? t("Adjourn the game (I.1)? {player} seals his move; play resumes at {time}.",
        { player, time: when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" }) })
      : t("Adjourn the game (I.1)? {player} seals his move; you set the resumption later.", { player }));
  });
  $("resume-session").addEventListener("click", () => adjournment({ type: "resume_session" },
    t("Resume the session (I.9)? The clock of the player replying to the sealed move starts now, present or not.")));
  $("open-envelope").addEventListener("click", () => adjournment({ type: "open_envelope" },
    t("Open the envelope (I.7, I.9)? The sealed move is made on the board and shown to everyone.")));
  $("envelope-lost").addEventListener("click", () => adjournment({ type: "open_envelope", lost: true },
    t("The envelope is missing (I.12)? Play goes on from the adjourned position with the times recorded; the sealer makes the move he states he sealed.")));
  $("declare").addEventListener("click", () => act(withArticle(
    { action: "declare", result: $("declare-result").value, reason: $("declare-reason").value },
    "declare-article")));
  await screen.start();
  $("title").textContent = t("Arbiter's console · game {id}", { id: selected });
}

// -- the envelope (Guidelines I.2, I.3): the arbiter's alone ----------------------------------

function showEnvelope(view, names) {
  const a = view.adjourned;
  const box = $("envelope");
  const over = Boolean(view.result);
  $("adjourn").disabled = over || Boolean(a) || !view.started;
  $("resume-session").disabled = over || !a || a.phase !== "sealed";
  $("open-envelope").disabled = over || !a || !a.resumed || a.opened;
  $("envelope-lost").disabled = $("open-envelope").disabled;
  box.hidden = !a;
  if (!a) {
    box.replaceChildren();
    return;
  }
  const rows = [[t("Sealed by"), names[a.sealer]]];
  if (a.move_number) rows.push([t("Move number"), String(a.move_number)]);
  rows.push([t("Sealed move"), a.sealed_move || t("nothing written yet")]);
  const envelope = a.envelope;
  if (envelope && envelope.clock) {
    rows.push([t("Times"), `${names.white} ${formatClock(envelope.clock.white)} · ${names.black} ${formatClock(envelope.clock.black)}`]);
  }
  if (envelope && envelope.draw_offer) rows.push([t("Draw offer standing"), names[envelope.draw_offer]]);
  if (envelope) rows.push([t("Position before the sealed move"), envelope.fen]);
  if (a.resumes) rows.push([t("Resumes at"), new Date(a.resumes).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })]);
  if (a.resumed) {
    const here = ["white", "black"].filter((c) => a.present[c]).map((c) => names[c]).join(", ");
    rows.push([t("At the board"), here || t("nobody yet")]);
  }
  if (a.reply) rows.push([t("Sealed reply (I.9.3)"), a.reply]);
  box.replaceChildren(...rows.flatMap(([name, value]) => {
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dd.dataset.field = name;
    return [dt, dd];
  }));
}

// -- the arbiter's log: each action as logged, with the rulings it caused ----------------------

function remember(view, message) {
  if (message.type === "snapshot" && Array.isArray(view.arbiter_actions)) {
    log.splice(0, log.length, ...view.arbiter_actions.map((a) => ({ seq: a.seq, at: a.at, event: a, rulings: a.rulings })));
  } else if (message.event && message.event.type === "arbiter") {
    log.push({ seq: message.seq, at: message.event.at, event: message.event, rulings: message.rulings || [] });
  } else {
    return;
  }
  showActions();
}

function actionText(a) {
  const who = title(a.player);
  const seconds = Number(a.seconds);
  switch (a.action) {
    case "start": return t("the arbiter starts the clocks");
    case "add_time": return seconds >= 0 ? t("the arbiter adds {seconds} s to {player}", { seconds, player: who })
      : t("the arbiter takes {seconds} s from {player}", { seconds: -seconds, player: who });
    case "set_time":
      return t("the arbiter sets {player}'s clock to {time}", { player: who, time: formatClock(seconds * 1000) });
    case "set_moves": return t("the arbiter sets {player}'s move counter to {moves}", { player: who, moves: a.moves });
    case "pause": return t("the arbiter pauses the clocks");
    case "resume": return a.article === "6.6" ? t("the arbiter starts the clocks: both players are seated (6.6)")
      : t("the arbiter resumes the clocks");
    case "observe_flag": return t("the arbiter looks at the clock for a flag");
    case "observe_illegal_move": return t("the arbiter observes an illegal move");
    case "observe_touch_move": return t("the arbiter observes a touch-move breach");
    case "warning": return t("the arbiter warns {player}", { player: who });
    case "quickplay_increment":
      return t("the arbiter grants {player}'s request for a {seconds} s increment", { player: who, seconds: a.seconds || 5 });
    case "declare":
      return t("the arbiter declares {result} ({reason})", { result: a.result, reason: reasonText(a.reason) });
    case "amend_result":
      return t("the arbiter amends the result to {result} ({reason})", { result: a.result, reason: reasonText(a.reason) });
    case "device": return t("the arbiter rules on {player}'s electronic device", { player: who });
    case "fine": return t("the arbiter records a fine for {player}", { player: who });
    case "exclusion": return t("the arbiter excludes {player} from rounds", { player: who });
    case "expulsion": return t("the arbiter expels {player}", { player: who });
    case "restore": return t("the arbiter restores the position after {moves} moves", { moves: a.moves });
    case "set_control": return t("the arbiter installs the time control {control}", { control: a.time_control });
    default: return PLAIN[a.action]?.logged || `${t("the arbiter")}: ${a.action}`;
  }
}

function showActions() {
  const list = $("actions-log");
  list.replaceChildren(...log.map(({ seq, at, event, rulings }) => {
    const li = document.createElement("li");
    li.className = "action";
    li.dataset.action = event.action;
    li.dataset.seq = String(seq);
    const head = document.createElement("div");
    head.className = "action-head";
    head.textContent = `#${seq} · ${typeof at === "number" ? formatElapsed(at) + " · " : ""}` +
      actionText(event);
    li.appendChild(head);
    const ruled = document.createElement("ul");
    ruled.className = "action-rulings";
    for (const r of rulings) ruled.appendChild(rulingItem(r));
    if (!rulings.length) {
      const none = document.createElement("li");
      none.className = "ruling none";
      none.textContent = event.action === "observe_flag" ? t("No flag has fallen: no ruling.") : t("No ruling.");
      ruled.appendChild(none);
    }
    li.appendChild(ruled);
    return li;
  }));
  list.scrollTop = list.scrollHeight;
}
