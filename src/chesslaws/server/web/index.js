// The list of games (/): watch any game, download its PGN, or create one and get the links.
//
// Creating a game needs the organiser's token: `chesslaws serve` prints the organiser's link
// (/?token=…); the page keeps the token for the tab (sessionStorage), takes it out of the
// address bar, and sends it as a Bearer token. The time control is typed as players write it
// ("5+3", "90+30", "40/90+30:30+30"); the server reads it, the page shows the reading in words
// and its category before anything is created, and asks when the text can be read two ways.

import { categoryText, reasonText, title } from "./game.js";
import { said, t } from "./i18n.js";
import { linkItem } from "./links.js";

const $ = (name) => document.getElementById(name);
const TOKEN_KEY = "chesslaws.organiser";

const params = new URLSearchParams(location.search);
if (params.get("token")) {
  sessionStorage.setItem(TOKEN_KEY, params.get("token"));
  params.delete("token");
  const rest = params.toString();
  history.replaceState(null, "", location.pathname + (rest ? `?${rest}` : ""));
}
const organiser = () => sessionStorage.getItem(TOKEN_KEY) || "";

function cell(text, cls) {
  const td = document.createElement("td");
  td.textContent = text ?? "";
  if (cls) td.className = cls;
  return td;
}

function link(href, text, download) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  if (download) a.setAttribute("download", download);
  return a;
}

async function listGames() {
  const response = await fetch("/api/games", { cache: "no-store" });
  if (!response.ok) return;
  const body = await response.json();
  const games = Array.isArray(body) ? body : body.games || [];
  $("games").replaceChildren(...games.map((g) => {
    const tr = document.createElement("tr");
    const odds = g.time_controls && `${g.time_controls.white} / ${g.time_controls.black}`;
    tr.append(cell(g.id), cell(g.white || title("white")), cell(g.black || title("black")),
      cell(g.time_control || odds || "–", "wide-only"),
      cell(g.result ? `${g.result} (${reasonText(g.reason)})` : g.started === false ? t("not started")
        : t("playing")));
    const td = document.createElement("td");
    td.append(link(`/watch/${encodeURIComponent(g.id)}`, t("watch")), " · ",
      link(`/api/games/${encodeURIComponent(g.id)}/pgn`, "PGN", `game-${g.id}.pgn`));
    tr.appendChild(td);
    return tr;
  }));
}

// -- the time control, read by the server before anything is created --------------------------

let reading = null;       // the chosen reading: {pgn, words, category}
let asked = 0;            // the number of the latest question (answers out of turn are dropped)

function say(...nodes) {
  $("reading").replaceChildren(...nodes);
}

async function readTimeControl() {
  const text = $("time-control").value.trim();
  const mine = ++asked;
  reading = null;
  $("create").disabled = true;
  if (!text) {
    say(t("No time control: a game without clocks."));
    $("create").disabled = false;
    return;
  }
  let answer;
  let body;
  try {
    answer = await fetch(`/api/timecontrol?text=${encodeURIComponent(text)}`);
    body = await answer.json();
  } catch (error) {
    body = { error: t("the server did not answer") };
  }
  if (mine !== asked) return;
  if (!answer || !answer.ok || !body.readings || !body.readings.length) {
    const p = document.createElement("span");
    p.className = "error";
    const why = body.error || t("unknown form");
    p.textContent = t("Cannot read \"{text}\": {why}. Write it as players do: 5+3, 90+30, " +
      "40/90+30:30+30.", { text, why });
    say(p);
    return;
  }
  if (body.readings.length === 1) {
    choose(body.readings[0]);
    say(readingText(body.readings[0]));
    return;
  }
  // Read two ways: the organiser says which.
  const box = document.createElement("fieldset");
  box.className = "ambiguous";
  const legend = document.createElement("legend");
  legend.textContent = t("\"{text}\" can be read {count} ways: which one?",
    { text, count: body.readings.length });
  box.appendChild(legend);
  body.readings.forEach((r, i) => {
    const label = document.createElement("label");
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "reading";
    radio.value = String(i);
    radio.addEventListener("change", () => choose(r));
    label.append(radio, ` ${readingText(r)}`);
    box.appendChild(label);
  });
  say(box);
}

function readingText(r) {
  return `${said(r, "words")} · ${categoryText(r.category)}`;
}

function choose(r) {
  reading = r;
  $("create").disabled = false;
}

let typing = null;
$("time-control").addEventListener("input", () => {
  clearTimeout(typing);
  $("create").disabled = true;
  typing = setTimeout(readTimeControl, 250);
});

// -- how the game starts (6.6, 6.7) -------------------------------------------------------------

function startFields(form) {
  const mode = form.get("start");
  if (mode !== "scheduled") return { start: mode };
  const at = String(form.get("start_at") || "");
  if (!at) throw new Error(t("a scheduled start needs its date and time"));
  const minutes = Number(form.get("default_time") || 0);
  return { start: new Date(at).toISOString(), default_time: Math.round(minutes * 60) };
}

function showStartMode() {
  const scheduled = document.querySelector("input[name=start]:checked").value === "scheduled";
  $("start-at").disabled = !scheduled;
  $("default-time").disabled = !scheduled;
  $("default-time-label").classList.toggle("disabled", !scheduled);
}
for (const radio of document.querySelectorAll("input[name=start]")) radio.addEventListener("change", showStartMode);
showStartMode();

// -- creating the game -------------------------------------------------------------------------

function refusal(text) {
  const li = document.createElement("li");
  li.className = "error";
  li.textContent = text;
  return li;
}

$("new-game").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  const links = $("links");
  $("created").hidden = false;
  const body = {};
  for (const key of ["white", "black", "fen"]) {
    const value = String(form.get(key) || "").trim();
    if (value) body[key] = value;
  }
  if (reading) body.time_control = reading.pgn;
  const supervision = form.get("supervision");
  if (supervision) body.rules = { supervision };
  // Appendix D.1: the players whose pages are in the accessible mode and announce for them.
  const disabled = String(form.get("visually_disabled") || "");
  if (disabled) {
    const players = disabled === "both" ? ["white", "black"] : [disabled];
    body.rules = { ...body.rules, appendix_d: { visually_disabled: players } };
  }
  try {
    Object.assign(body, startFields(form));
  } catch (error) {
    links.replaceChildren(refusal(error.message));
    return;
  }
  const headers = { "Content-Type": "application/json" };
  if (organiser()) headers.Authorization = `Bearer ${organiser()}`;
  const response = await fetch("/api/games", { method: "POST", headers, body: JSON.stringify(body) });
  let answer = {};
  try {
    answer = await response.json();
  } catch (error) {
    answer = {};
  }
  if (!response.ok) {
    const why = said(answer, "error") || answer.detail || `HTTP ${response.status}`;
    links.replaceChildren(refusal(response.status === 401
      ? t("Not created: {why}. Open the organiser's link that chesslaws serve printed (/?token=…).",
        { why })
      : t("Not created: {why}", { why })));
    return;
  }
  const id = encodeURIComponent(answer.id);
  const entries = [
    [t("White plays at"), `/play/${id}?token=${encodeURIComponent(answer.seats.white)}`, true],
    [t("Black plays at"), `/play/${id}?token=${encodeURIComponent(answer.seats.black)}`, true],
    [t("The arbiter's console"), `/arbiter?game=${id}&token=${encodeURIComponent(answer.arbiter)}`, true],
    [t("Spectators watch at"), `/watch/${id}`, false],
  ];
  links.replaceChildren(...entries.map(([words, href, qr]) => linkItem(words, new URL(href, location.href).href, qr)));
  links.querySelector("details").open = true;  // White's code shown: the first to hand out
  listGames();
});

readTimeControl();
listGames();
setInterval(listGames, 5000);
