// The player's page: a seat at the board, from the seat's link (/play/ID?token=TOKEN).
//
// The hand on the board sends `touch` and `move`; the clock button (or Space) sends `press`.
// Everything else is on the buttons: draw offers, claims with the written move, resignation,
// calling the arbiter. What the player may do is decided by the arbiter, not here: a button
// is only hidden when the Laws give it no meaning (accepting an offer nobody made).

import { pieceSvg, PIECE_NAMES } from "./board.js";
import { gameIdFromPath } from "./game.js";
import { GameScreen } from "./screen.js";

const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
const id = gameIdFromPath();
const $ = (name) => document.getElementById(name);

const pressWithMove = $("press-with-move");
const showLegal = $("show-legal");
pressWithMove.checked = localStorage.getItem("chesslaws.pressWithMove") === "1";
showLegal.checked = localStorage.getItem("chesslaws.showLegal") === "1";
pressWithMove.addEventListener("change", () =>
  localStorage.setItem("chesslaws.pressWithMove", pressWithMove.checked ? "1" : "0"));
showLegal.addEventListener("change", () => {
  localStorage.setItem("chesslaws.showLegal", showLegal.checked ? "1" : "0");
  showHints();
});

/** The seat's colour. The token says it to the server, which echoes the seat as the `by` of
 *  any event it refuses: the page asks once with a message no seat may send. */
async function whoAmI() {
  const as = params.get("as");
  if (as === "white" || as === "black") return as;
  return new Promise((resolve) => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${proto}//${location.host}/ws/games/${encodeURIComponent(id)}` +
      `?token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(url);
    const done = (seat) => { socket.close(); resolve(seat); };
    const timer = setTimeout(() => done(null), 5000);
    socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "which_seat" })));
    socket.addEventListener("message", (e) => {
      const message = JSON.parse(e.data);
      if (message.seq !== null) return;
      clearTimeout(timer);
      const by = message.event && message.event.by;
      done(by === "black" ? "black" : by === "white" ? "white" : null);
    });
    // A token that holds no seat is refused at the handshake.
    socket.addEventListener("error", () => { clearTimeout(timer); done(null); });
  });
}

const seat = await whoAmI();
const side = seat || "white";
document.body.dataset.side = seat || "none";
if (!seat) {
  document.getElementById("status").textContent =
    "This link is no seat of this game (a wrong or missing token): you can only watch.";
}

const screen = new GameScreen({
  // A token that holds no seat would be refused at every connection: such a page watches.
  id, token: seat ? token : null, side, interactive: Boolean(seat),
  onView: (view) => afterView(view),
  onAnswer: (message) => afterAnswer(message),
});
const board = screen.board;
const send = (event) => screen.live.send(event);

// -- the hand ----------------------------------------------------------------------------------

board.canAct = () => {
  const v = screen.view;
  return Boolean(v) && !v.result && !v.paused && v.turn === side;
};
board.onRefused = () => {
  const v = screen.view;
  if (!v) return;
  flash(v.result ? "The game is over." : v.paused ? "The clocks are paused."
    : "It is not your move: only the player having the move touches pieces (4.3).");
};
board.onTouch = (square) => {
  const v = screen.view;
  if (!v.touched.includes(square)) send({ type: "touch", square });
  showHints();
};
board.onRelease = (from, to, letter) => {
  from = correctedFrom(from);
  if (isPromotion(from, to, letter)) {
    askPromotion(from, to);
    return;
  }
  makeMove(from + to);
};

/** A piece standing on an illegal square (released, not yet pressed) is moved from there. */
function correctedFrom(from) {
  const p = screen.view && screen.view.pending_illegal;
  if (p && p.by === side && !p.completed && /^[a-h][1-8][a-h][1-8]/.test(p.move)) {
    if (from === p.move.slice(2, 4)) return p.move.slice(0, 2);
  }
  return from;
}

function isPromotion(from, to, letter) {
  if (!letter || letter.toLowerCase() !== "p") return false;
  return (letter === "P" && to[1] === "8") || (letter === "p" && to[1] === "1");
}

function makeMove(uci) {
  send({ type: "move", move: uci });
  if (pressWithMove.checked) send({ type: "press" });
}

function showHints() {
  const v = screen.view;
  if (!showLegal.checked || !board.lifted || !v) {
    board.setHints([]);
    return;
  }
  const from = board.lifted;
  board.setHints(v.legal.filter((m) => m.startsWith(from)).map((m) => m.slice(2, 4)));
}

// -- promotion (4.4.4, 4.7.3) -----------------------------------------------------------------

const promotionDialog = $("promotion-dialog");
function askPromotion(from, to) {
  const box = $("promotion-pieces");
  box.replaceChildren();
  for (const letter of ["q", "r", "b", "n"]) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "promotion-piece";
    button.dataset.piece = letter;
    button.setAttribute("aria-label", PIECE_NAMES[letter]);
    button.innerHTML = pieceSvg(side === "white" ? letter.toUpperCase() : letter, 56);
    button.addEventListener("click", () => {
      promotionDialog.close("picked");
      // The new piece touches the promotion square (fixed, 4.4.4), then the move is made.
      send({ type: "touch", square: to, piece: letter });
      makeMove(from + to + letter);
    });
    box.appendChild(button);
  }
  promotionDialog.showModal();
}
promotionDialog.addEventListener("close", () => {
  // No piece picked: the pawn was not released as a move; the board shows the game again.
  if (promotionDialog.returnValue !== "picked" && screen.view) screen.show(screen.view, screen.live.state);
});

// -- the clock (6.2) ---------------------------------------------------------------------------

$("press").addEventListener("click", () => send({ type: "press" }));
document.addEventListener("keydown", (e) => {
  if (e.key !== " " || e.repeat) return;
  const t = e.target;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLButtonElement) return;
  if (document.querySelector("dialog[open]")) return;
  e.preventDefault();
  send({ type: "press" });
});

// -- written moves, offers, claims, resignation, the arbiter ----------------------------------

$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = $("move-text");
  const text = input.value.trim();
  if (!text) return;
  makeMove(text);
  input.value = "";
});

$("offer").addEventListener("click", () => send({ type: "offer_draw" }));
$("accept").addEventListener("click", () => send({ type: "accept_draw" }));
$("decline").addEventListener("click", () => send({ type: "decline_draw" }));

const claimDialog = $("claim-dialog");
const claimForm = $("claim-form");
$("claim").addEventListener("click", () => {
  $("claim-move").value = "";
  updateClaimForm();
  claimDialog.showModal();
});
claimForm.addEventListener("change", updateClaimForm);
function updateClaimForm() {
  const kind = claimForm.elements.kind.value;
  const written = kind === "threefold" || kind === "fifty";
  $("claim-move").disabled = !written;
  $("claim-move-label").classList.toggle("disabled", !written);
}
claimDialog.addEventListener("close", () => {
  if (claimDialog.returnValue !== "send") return;
  const kind = claimForm.elements.kind.value;
  const event = { type: "claim", kind };
  const move = $("claim-move").value.trim();
  if ((kind === "threefold" || kind === "fifty") && move) event.move = move;
  send(event);
});

const resignDialog = $("resign-dialog");
$("resign").addEventListener("click", () => resignDialog.showModal());
resignDialog.addEventListener("close", () => {
  if (resignDialog.returnValue === "yes") send({ type: "resign" });
});

// A player may pause the clocks only to call the arbiter (6.11.2).
$("call").addEventListener("click", () => send({ type: "pause" }));

// -- after each view ---------------------------------------------------------------------------

function afterView(view) {
  const mine = view.turn === side && !view.result;
  const opponentOffer = view.offers[side === "white" ? "black" : "white"];
  $("accept").hidden = !opponentOffer || Boolean(view.result);
  $("decline").hidden = !opponentOffer || Boolean(view.result);
  for (const name of ["offer", "claim", "resign", "call", "press"]) {
    $(name).disabled = Boolean(view.result);
  }
  $("move-text").disabled = Boolean(view.result);
  const duty = $("duty");
  if (mine && view.obligation) {
    const squares = [...new Set(view.obligation.moves.map((m) => m.slice(0, 2)))];
    duty.hidden = false;
    duty.replaceChildren(`You must move ${squares.join(" or ")} (${view.obligation.moves.join(", ")}) `);
    const a = document.createElement("a");
    a.className = "article";
    a.href = `/static/laws.html#art-${view.obligation.article}`;
    a.target = "_blank";
    a.textContent = `Art. ${view.obligation.article}`;
    duty.appendChild(a);
  } else if (mine && view.touched.length) {
    duty.hidden = false;
    duty.textContent = `Touched: ${view.touched.join(", ")}.`;
  } else {
    duty.hidden = true;
  }
  if (!mine) board.dropBack();
  showHints();
}

function afterAnswer(message) {
  if (message.seq === null) {
    const r = (message.rulings || [])[0];
    flash(`Not taken: ${r && r.reason ? r.reason : "rejected"}`);
    board.dropBack();
  }
}

let flashTimer = null;
function flash(text) {
  const status = $("status");
  status.textContent = text;
  status.classList.add("flash");
  clearTimeout(flashTimer);
  flashTimer = setTimeout(() => status.classList.remove("flash"), 4000);
}

await screen.start();
