// The list of games (/): watch any game, download its PGN, or create one and get the links.

import { reasonText } from "./game.js";

const $ = (name) => document.getElementById(name);

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text ?? "";
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
  const tbody = $("games");
  tbody.replaceChildren();
  for (const g of games) {
    const tr = document.createElement("tr");
    const odds = g.time_controls && `${g.time_controls.white} / ${g.time_controls.black}`;
    tr.append(cell(g.id), cell(g.white || "White"), cell(g.black || "Black"),
      cell(g.time_control || odds || "–"), cell(g.result ? `${g.result} (${reasonText(g.reason)})` : "playing"));
    const td = document.createElement("td");
    td.append(link(`/watch/${encodeURIComponent(g.id)}`, "watch"), " · ",
      link(`/api/games/${encodeURIComponent(g.id)}/pgn`, "PGN", `game-${g.id}.pgn`));
    tr.appendChild(td);
    tbody.appendChild(tr);
  }
}

$("new-game").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = new FormData(e.target);
  const body = {};
  for (const key of ["white", "black", "time_control", "fen"]) {
    const value = String(form.get(key) || "").trim();
    if (value) body[key] = value;
  }
  const supervision = form.get("supervision");
  if (supervision) body.rules = { supervision };
  const response = await fetch("/api/games", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  const links = $("links");
  links.replaceChildren();
  $("created").hidden = false;
  if (!response.ok) {
    const li = document.createElement("li");
    li.className = "error";
    li.textContent = answer.error || answer.detail || `HTTP ${response.status}`;
    links.appendChild(li);
    return;
  }
  const id = encodeURIComponent(answer.id);
  const entries = [
    ["White plays at", `/play/${id}?token=${encodeURIComponent(answer.seats.white)}`],
    ["Black plays at", `/play/${id}?token=${encodeURIComponent(answer.seats.black)}`],
    ["The arbiter's console", `/arbiter?game=${id}&token=${encodeURIComponent(answer.arbiter)}`],
    ["Spectators watch at", `/watch/${id}`],
  ];
  for (const [words, href] of entries) {
    const li = document.createElement("li");
    li.append(`${words}: `, link(href, new URL(href, location.href).href));
    links.appendChild(li);
  }
  listGames();
});

listGames();
setInterval(listGames, 5000);
