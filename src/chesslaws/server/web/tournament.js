// A tournament served live (/tournament/ID): its players, each round's boards with their
// results and, for the round being played, each board's clocks and state; the standings with
// the tie-breaks of the event (C.07) and the crosstable; the live PGN of the round.
//
// The organiser (the token of `chesslaws serve`'s organiser link, kept for the tab) pairs the
// next round, gets each board's links, and enters or corrects a result: both after a
// confirmation. The page reads the tournament every few seconds and the round's boards every
// two; it rules nothing.

import { formatClock, title } from "./game.js";
import { said, t } from "./i18n.js";
import { linkItem } from "./links.js";
import { ask } from "./confirm.js";

const $ = (name) => document.getElementById(name);
const TOKEN_KEY = "chesslaws.organiser";
const ID = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const API = `/api/tournaments/${encodeURIComponent(ID)}`;

const params = new URLSearchParams(location.search);
if (params.get("token")) {
  sessionStorage.setItem(TOKEN_KEY, params.get("token"));
  params.delete("token");
  history.replaceState(null, "", location.pathname);
}
const organiser = () => sessionStorage.getItem(TOKEN_KEY) || "";

let event = null;
let shown = 0;  // the round shown; 0: the last one paired

function cell(content, cls) {
  const td = document.createElement("td");
  if (content instanceof Node) td.append(content);
  else td.textContent = content ?? "";
  if (cls) td.className = cls;
  return td;
}

function say(text) {
  $("notice").textContent = text;
  clearTimeout(say.timer);
  say.timer = setTimeout(() => { $("notice").textContent = ""; }, 8000);
}

function name(number) {
  const player = event.players.find((p) => p.number === number);
  return player ? `${player.name} (${player.points})` : String(number);
}

async function send(path, body) {
  const response = await fetch(`${API}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${organiser()}` },
    body: JSON.stringify(body),
  });
  let answer = {};
  try { answer = await response.json(); } catch (error) { answer = {}; }
  if (!response.ok) {
    say(t("Not taken: {why}", { why: said(answer, "error") || `HTTP ${response.status}` }));
    return null;
  }
  return answer;
}

// -- the organiser -------------------------------------------------------------------------------

function showOrganiser() {
  const section = $("organiser");
  section.hidden = !organiser();
  const next = event.rounds_paired + 1;
  const button = $("pair");
  button.textContent = t("Pair round {round}", { round: next });
  const current = event.rounds[event.rounds_paired - 1];
  const playing = current ? current.pairs.some((pair) => pair.result === "*") : false;
  button.disabled = playing || Boolean(event.total_rounds && next > event.total_rounds);
  button.title = playing ? t("The round being played has boards without a result.") : "";
}

$("pair").addEventListener("click", () => {
  const round = event.rounds_paired + 1;
  ask(t("Pair round {round} and create its games?", { round }), async () => {
    const answer = await send("/rounds", {});
    if (!answer) return;
    const base = location.origin;
    const items = [];
    for (const board of answer.boards) {
      const id = encodeURIComponent(board.game);
      const seat = (color) => `${base}/play/${id}?token=${encodeURIComponent(board.tokens[color])}`;
      const who = t("Board {board}", { board: board.board });
      items.push(
        linkItem(`${who} · ${title("white")}: ${name(board.white)}`, seat("white"), true),
        linkItem(`${who} · ${title("black")}: ${name(board.black)}`, seat("black"), true),
        linkItem(`${who} · ${t("The arbiter's console")}`,
          `${base}/arbiter?game=${id}&token=${encodeURIComponent(board.tokens.arbiter)}`, true),
      );
    }
    $("links").replaceChildren(...items);
    shown = 0;
    refresh();
  });
});

const RESULTS = ["1-0", "1/2-1/2", "0-1", "1/2-0", "0-1/2", "+-", "-+", "--"];

function resultPicker(round, pair) {
  const select = document.createElement("select");
  select.setAttribute("aria-label", t("Enter the result of board {board}", { board: pair.board }));
  select.append(new Option(t("Enter…"), ""));
  for (const result of RESULTS) select.append(new Option(result, result));
  select.addEventListener("change", () => {
    const result = select.value;
    select.value = "";
    if (!result) return;
    ask(t("Enter {result} on board {board}: {white} against {black}?",
      { result, board: pair.board, white: name(pair.white), black: name(pair.black) }), async () => {
      if (await send("/results", { round, white: pair.white, result })) refresh();
    });
  });
  return select;
}

// -- the round -----------------------------------------------------------------------------------

function stateText(state) {
  if (!state) return "";
  if (state.result) return state.result;
  if (!state.started) return t("not started");
  const marks = [];
  if (state.paused) marks.push(t("paused"), t("the arbiter is needed"));  // 6.11.2, 6.11.3
  if (state.draw_offer) marks.push(t("draw offered"));
  return marks.join(" · ") || t("{player} to move", { player: title(state.to_move) });
}

function clocksText(state) {
  if (!state || !state.clock) return "";
  const mark = (color) => (state.running === color ? "▸" : "");
  return `${mark("white")}${formatClock(state.clock.white)} – ${mark("black")}${formatClock(state.clock.black)}`;
}

function showRound(round, boards) {
  const data = event.rounds[round - 1];
  const states = new Map((boards || []).map((b) => [b.game, b.state]));
  const rows = data.pairs.map((pair) => {
    const state = states.get(pair.game);
    const tr = document.createElement("tr");
    tr.append(cell(String(pair.board)), cell(name(pair.white)), cell(pair.result, "result-cell"),
      cell(name(pair.black)), cell(clocksText(state), "clocks-cell"), cell(stateText(state)));
    const last = cell("");
    if (pair.game) {
      const a = document.createElement("a");
      a.href = `/watch/${encodeURIComponent(pair.game)}`;
      a.textContent = t("Watch");
      last.append(a);
    }
    if (organiser()) last.append(" ", resultPicker(round, pair));
    tr.append(last);
    if (state && (state.paused || state.draw_offer)) tr.classList.add("needs");
    return tr;
  });
  $("pairs").replaceChildren(...rows);
  $("byes").textContent = data.byes.length
    ? t("Byes: {list}", { list: data.byes.map((b) => `${name(b.player)} ${b.code}`).join(", ") }) : "";
}

async function readBoards(round) {
  const response = await fetch(`${API}/rounds/${round}`);
  return response.ok ? (await response.json()).boards : [];
}

// -- standings and crosstable ---------------------------------------------------------------------

function showStandings() {
  const head = document.createElement("tr");
  for (const text of [t("Rank"), t("No."), t("Name"), t("Rating"), t("Points"), ...event.tiebreaks]) {
    const th = document.createElement("th");
    th.textContent = text;
    head.append(th);
  }
  $("standings-head").replaceChildren(head);
  const players = new Map(event.players.map((p) => [p.number, p]));
  $("standings").replaceChildren(...event.standings.map((row) => {
    const p = players.get(row.number);
    const tr = document.createElement("tr");
    tr.append(cell(String(row.rank)), cell(String(p.number)), cell(p.name), cell(p.rating ?? ""),
      cell(String(p.points)), ...row.values.map((v) => cell(v === null ? "" : String(v))));
    return tr;
  }));
}

function showCrosstable() {
  const head = document.createElement("tr");
  for (const text of [t("No."), t("Name"), ...event.rounds.map((r) => String(r.round)), t("Points")]) {
    const th = document.createElement("th");
    th.textContent = text;
    head.append(th);
  }
  $("cross-head").replaceChildren(head);
  const score = { "1": "1", "0": "0", "½": "½", "+": "+", "-": "-" };
  const cells = new Map();  // "player/round" -> "4w1"
  for (const round of event.rounds) {
    for (const pair of round.pairs) {
      const [w, b] = pair.result === "*" ? ["", ""] : pair.result.split("-");
      cells.set(`${pair.white}/${round.round}`, `${pair.black}w${score[w] ?? ""}`);
      cells.set(`${pair.black}/${round.round}`, `${pair.white}b${score[b] ?? ""}`);
    }
    for (const bye of round.byes) cells.set(`${bye.player}/${round.round}`, bye.code);
  }
  $("cross").replaceChildren(...event.players.map((p) => {
    const tr = document.createElement("tr");
    tr.append(cell(String(p.number)), cell(p.name),
      ...event.rounds.map((r) => cell(cells.get(`${p.number}/${r.round}`) || "")), cell(String(p.points)));
    return tr;
  }));
}

// -- reading -------------------------------------------------------------------------------------

function showRoundChoice() {
  const select = $("round");
  const wanted = shown || event.rounds_paired;
  select.replaceChildren(...event.rounds.map((r) => new Option(String(r.round), String(r.round), false,
    r.round === wanted)));
}

$("round").addEventListener("change", () => {
  shown = Number($("round").value);
  refresh();
});

async function refresh() {
  const response = await fetch(API);
  if (!response.ok) {
    say(t("No such tournament on this server."));
    return;
  }
  event = await response.json();
  $("name").textContent = event.name || ID;
  $("about").textContent = [event.city, event.system, event.time_control,
    t("round {paired} of {total}", { paired: event.rounds_paired, total: event.total_rounds ?? "?" })]
    .filter(Boolean).join(" · ");
  $("broadcast").href = `${API}/broadcast.pgn`;
  showOrganiser();
  showRoundChoice();
  const round = shown || event.rounds_paired;
  if (round) showRound(round, await readBoards(round));
  showStandings();
  showCrosstable();
}

refresh();
setInterval(refresh, 2000);
