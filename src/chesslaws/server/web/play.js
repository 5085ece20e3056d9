// The player's page: a seat at the board, from the seat's link (/play/ID?token=TOKEN).
//
// The hand on the board sends `touch` and `move`; the clock button (or Space) sends `press`.
// Everything else is on the buttons: draw offers, claims with the written move, resignation,
// calling the arbiter. What the player may do is decided by the arbiter, not here: a button
// is only hidden when the Laws give it no meaning (accepting an offer nobody made). While the
// connection is lost the board is locked and nothing is sent, nor kept to be sent later.

import { squareWords, visuallyDisabled } from "./a11y.js";
import { pieceSvg, PIECE_NAMES } from "./board.js";
import { articleHref, articleLink, gameIdFromPath, isRefusal, movesText, other, title } from "./game.js";
import { englishMove, t } from "./i18n.js";
import { GameScreen } from "./screen.js";
import { SealBox } from "./seal.js";

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

let side = null;  // the seat's colour, once the server has said it
document.body.dataset.side = "unknown";

const screen = new GameScreen({
  id, token, side: null, interactive: true,
  onView: (view, message) => afterView(view, message),
  onAnswer: (message) => afterAnswer(message),
});
const board = screen.board;
const sealBox = new SealBox($("press").closest(".press-row"), (event) => send(event));

/** Send an act; with the connection lost nothing goes (nor waits to go), and the page says so. */
function send(event) {
  if (screen.live.send(event)) return true;
  screen.notice(t("Not sent: the connection to the server is lost. Wait until it is back."), "refused");
  return false;
}

// -- the seat ----------------------------------------------------------------------------------

/** The seat's colour: the token says it to the server, which names the seat (`seat`) in its
 *  snapshot, or echoes it as the `by` of an act it refuses: the page asks once with an act no
 *  seat may send. A link's `as=white|black` is taken only where the server says neither. */
const COLOR = /^(white|black)$/;
function learnSeat(message) {
  const said = message.seat || (message.view && message.view.seat);
  if (COLOR.test(said || "")) {
    takeSeat(said);
    return;
  }
  if (side === null && message.type === "snapshot") send({ type: "which_seat" });
  if (isRefusal(message) && message.event && message.event.type === "which_seat") {
    const by = message.event.by;
    const hint = params.get("as");
    takeSeat(COLOR.test(by || "") ? by : !by && COLOR.test(hint || "") ? hint : "none");
  }
}

function takeSeat(seat) {
  if (side === seat) return;
  side = seat;
  document.body.dataset.side = seat;
  if (seat === "none") {
    $("status").textContent =
      t("This link is no seat of this game (a wrong or missing token): you can only watch.");
    screen.setSide(null);
  } else {
    screen.setSide(seat);
  }
  if (screen.view) afterView(screen.view, { type: "seat" });
}

// -- the hand ----------------------------------------------------------------------------------

/** Why the hand may not act now, or "" when it may. */
function lockedBecause() {
  const v = screen.view;
  if (!screen.live.connected) return t("The connection is lost: the board is locked.");
  if (!v || !side || side === "none") return t("This page holds no seat.");
  if (v.result) return t("The game is over.");
  if (!v.started) return t("The game has not started: the clocks stand (6.6).");
  if (v.paused) return t("The clocks are paused.");
  const awaiting = v.awaiting || { player: v.to_move, act: "move" };
  if (awaiting.player !== side) {
    return t("It is not your move: only the player having the move touches pieces (4.3).");
  }
  return "";
}

board.canAct = () => !lockedBecause();
board.onRefused = () => screen.notice(lockedBecause(), "refused");
board.onTouch = (square) => {
  const v = screen.view;
  const sealing = v.adjourned && v.adjourned.phase === "sealing";  // no touch binds a seal (I.1.1)
  if (!sealing && !(v.touched || []).includes(square)) send({ type: "touch", square });
  if (screen.speaker.on) {
    screen.speaker.say(t("Touched: {what}", { what: squareWords(square, board.squares[square]) }));
  }
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

function makeMove(move) {
  if (!send({ type: "move", move })) return;
  // Appendix D: the page announces the visually disabled player's move for him (D.2.1,
  // D.2.10.2); it is made, and his clock may be pressed, only once announced (D.2.3, D.2.4).
  if (visuallyDisabled(screen.view, side)) send({ type: "announce", move });
  if (pressWithMove.checked) send({ type: "press" });
}

// The accessible mode's keys on the board: C presses the clock (Space picks up and puts down
// there); the times read out on request are logged for the visually disabled player (D.2.6.1).
screen.extraKeys = (key) => {
  if (key !== "c") return false;
  pressClock();
  return true;
};
screen.onReadClocks = () => {
  if (visuallyDisabled(screen.view, side)) send({ type: "request_time" });
};

/** Legal destinations of the piece in hand, where the server's view lists the legal moves. */
function showHints() {
  const v = screen.view;
  if (!showLegal.checked || !board.lifted || !v || !Array.isArray(v.legal)) {
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
    button.innerHTML = pieceSvg(side === "black" ? letter : letter.toUpperCase(), 56);
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
  if (promotionDialog.returnValue !== "picked" && screen.view) screen.draw(screen.view);
});

// -- the clock (6.2) ---------------------------------------------------------------------------

/** Where Space is not the clock: a field the player is typing in, or the board in the
 *  accessible mode (Space picks up and puts down there, as Enter does). */
function typingIn(target) {
  if (board.spaceSelects && board.svg.contains(target)) return true;  // Space picks up there
  if (target instanceof HTMLTextAreaElement || target.isContentEditable) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !["checkbox", "radio", "button", "submit", "reset", "range", "color"].includes(target.type);
}

function pressClock() {
  send({ type: "press" });
}

$("press").addEventListener("click", pressClock);
// Space presses the clock whatever has focus (a button just used, a checkbox, the board), so
// that move, offer, press (9.1.2.1) is three acts, not a second offer; only typing keeps it.
// The capture phase runs before the focused element sees the key, and the keyup is held too:
// a focused button would otherwise be clicked on it.
document.addEventListener("keydown", (e) => {
  if (e.key !== " " || typingIn(e.target) || document.querySelector("dialog[open]")) return;
  e.preventDefault();
  e.stopPropagation();
  if (!e.repeat) pressClock();
}, true);
document.addEventListener("keyup", (e) => {
  if (e.key !== " " || typingIn(e.target) || document.querySelector("dialog[open]")) return;
  e.preventDefault();
  e.stopPropagation();
}, true);

// -- written moves, offers, claims, resignation, the arbiter ----------------------------------

$("move-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const input = $("move-text");
  const text = input.value.trim();
  if (!text) return;
  makeMove(englishMove(text));  // written in the page's language's letters (C.3)
  input.value = "";
  // The move is written: the hand goes to the clock, so Space presses it.
  input.blur();
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
  const move = englishMove($("claim-move").value.trim());
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

function afterView(view, message) {
  learnSeat(message);
  const over = Boolean(view.result);
  const live = screen.live.connected;
  for (const name of ["offer", "claim", "resign", "call", "press", "accept", "decline"]) {
    $(name).disabled = over || !live;
  }
  $("move-text").disabled = over || !live;
  $("show-legal-option").hidden = !Array.isArray(view.legal);
  showOffer(view);
  showDuty(view);
  showRecording(view);
  sealBox.show(view, side, message);
  if (lockedBecause()) board.dropBack();
  showHints();
}

/** A draw offer (9.1.2) shows as an offer to the one it is made to: accept or decline it. */
function showOffer(view) {
  const by = view.draw_offer;
  const box = $("offer-box");
  const toMe = Boolean(by) && side !== "none" && by === other(side) && !view.result;
  const mine = Boolean(by) && by === side && !view.result;
  box.hidden = !toMe && !mine;
  box.classList.toggle("to-me", toMe);
  $("accept").hidden = !toMe;
  $("decline").hidden = !toMe;
  $("offer").disabled = $("offer").disabled || mine;
  $("offer-words").textContent = toMe
    ? t("{player} offers you a draw (9.1.2). Accept it, or decline it (or simply move: 9.1.2.3).",
      { player: screen.names[by] })
    : mine ? t("Your draw offer stands until your opponent accepts or declines it (9.1.2).") : "";
}

/** What binds the player: the piece he must move (4.3, 7.5.1) or the move he wrote (9.5.3),
 *  with the moves named in SAN. */
function showDuty(view) {
  const duty = $("duty");
  const o = view.obligation;
  if (o && o.player === side && !view.result) {
    duty.hidden = false;
    const moves = movesText(o.san, o.moves);
    const required = t("the move required");
    const words = o.square
      ? (moves ? t("You must move the piece on {square}: {moves}", { square: o.square, moves })
        : t("You must move the piece on {square}", { square: o.square }))
      : t("You must play {moves}", { moves: moves || required });
    duty.replaceChildren(`${words} `);
    const a = document.createElement("a");
    a.className = "article";
    a.href = articleHref(o.article || "4.3");
    a.target = "_blank";
    a.textContent = t("Art. {number}", { number: o.article || "4.3" });
    duty.appendChild(a);
  } else {
    duty.hidden = true;
  }
}

/** 8.4: who need not record the moves for the rest of the period (the view's `exempt`, judged
 *  by the server as the arbiter judges 8.1.3). */
function showRecording(view) {
  const line = $("recording");
  const exempt = Array.isArray(view.exempt) && !view.result ? view.exempt : [];
  line.hidden = exempt.length === 0;
  if (line.hidden) return;
  const words = exempt.map((c) => (c === side
    ? t("You need not record the moves for the rest of this period: less than five minutes, and less than 30 s added a move.")
    : t("{player} need not record the moves for the rest of this period.", { player: screen.names[c] || title(c) })));
  line.replaceChildren(`${words.join(" ")} `, articleLink("8.4"));
}

function afterAnswer(message) {
  if (isRefusal(message)) {
    learnSeat(message);
    board.dropBack();
    if (screen.view) screen.draw(screen.view);
  }
}

await screen.start();
