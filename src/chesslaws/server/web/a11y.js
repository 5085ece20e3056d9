// The pages for a player who plays by keyboard and screen reader (Appendix D, for the visually
// disabled player, and for anyone who asks for it).
//
// What a square holds and the moves, in words of the page's language: moves as the Laws
// announce them (D.2.1, Appendix C: "Knight f3", "e takes d5", "short castling"), spoken in a
// live region as they are made: the opponent's move read out, one's own confirmed. The clocks
// are read only when the player asks (a button, or T on the board: D.2.6.1 lets the visually
// disabled player hear the times; 12.6 forbids prompting a player, so the page never reads
// them by itself). In a game whose rules name the seat's player visually disabled
// (`appendix_d`), the page is his assistant (D.2.10): it announces each move he makes to the
// arbiter (`announce`, D.2.1: his clock is pressed only after it, D.2.3) and logs his requests
// for the times (`request_time`, D.2.6.1, D.2.10.4).

import { t } from "./i18n.js";

export const PIECE_NAMES = {
  p: t("pawn"), n: t("knight"), b: t("bishop"), r: t("rook"), q: t("queen"), k: t("king"),
};

const SPOKEN_PIECES = {
  K: t("King"), Q: t("Queen"), R: t("Rook"), B: t("Bishop"), N: t("Knight"),
};

/** A square and what stands on it, for its cell of the board ("e2, white pawn"). */
export function squareWords(square, letter) {
  if (!letter) return t("{square}, empty", { square });
  const piece = PIECE_NAMES[letter.toLowerCase()];
  return letter === letter.toUpperCase()
    ? t("{square}, white {piece}", { square, piece })
    : t("{square}, black {piece}", { square, piece });
}

/** A move in SAN (the server's, in English letters) as it is announced (D.2.1, Appendix C):
 *  "Nf3" is "Knight f3", "exd5" "e takes d5", "O-O" "short castling", "e8=Q+" "e8 queen,
 *  check". A text that is no SAN is read as it is. */
export function moveWords(san) {
  const text = String(san || "");
  const mark = text.endsWith("#") ? "mate" : text.endsWith("+") ? "check" : "";
  const bare = text.replace(/[+#!?]+$/, "");
  let words = bare;
  const castle = /^(O-O-O|O-O|0-0-0|0-0)$/.exec(bare);
  const m = /^([KQRBN])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=([QRBN]))?$/.exec(bare);
  if (castle) {
    words = bare.length > 3 ? t("long castling") : t("short castling");
  } else if (m) {
    const [, piece, from, takes, to, promoted] = m;
    const who = piece ? SPOKEN_PIECES[piece] : "";
    const head = [who, from].filter(Boolean).join(" ");
    words = takes ? t("{piece} takes {square}", { piece: head, square: to })
      : head ? `${head} ${to}` : to;
    if (promoted) words = t("{move}, promotes to {piece}", { move: words, piece: PIECE_NAMES[promoted.toLowerCase()] });
  }
  if (mark === "mate") return t("{move}, checkmate", { move: words });
  if (mark === "check") return t("{move}, check", { move: words });
  return words;
}

/** A view's last move with who made it: "Boris: Queen h4, checkmate". */
export function spokenMove(last, names) {
  return `${names[last.color]}: ${moveWords(last.san)}`;
}

/** Whether the game's rules name `side`'s player visually disabled (Appendix D.1). */
export function visuallyDisabled(view, side) {
  const setting = view && view.appendix_d;
  return Boolean(setting && side && (setting.visually_disabled || []).includes(side));
}

/**
 * The spoken side of a page: a live region that reads moves out, and the accessible mode (on
 * for the visually disabled player of the game's rules, else as the reader chose it last).
 * `spaceSelects`: in the accessible mode Space on a square of the board picks up and puts
 * down, like Enter (the clock is then pressed with C, its button, or Space elsewhere).
 */
export class Speaker {
  constructor(storeKey = "chesslaws.accessible") {
    this.storeKey = storeKey;
    this.chosen = localStorage.getItem(storeKey);
    this.on = this.chosen === "1";
    this.region = document.createElement("p");
    this.region.id = "announcer";
    this.region.className = "visually-hidden";
    this.region.setAttribute("aria-live", "assertive");
    this.region.setAttribute("aria-atomic", "true");
    document.body.appendChild(this.region);
    this.lastPly = null;
  }

  /** The reader turns the accessible mode on or off; remembered for his next pages. */
  choose(on) {
    this.on = on;
    this.chosen = on ? "1" : "0";
    localStorage.setItem(this.storeKey, this.chosen);
  }

  /** Said in the live region (the same text twice is still said: the region is emptied first). */
  say(text) {
    if (!text) return;
    this.region.textContent = "";
    requestAnimationFrame(() => { this.region.textContent = text; });
  }

  /** A message's view: its new move, read out as the Laws announce it, with who made it. */
  hear(view, message, names) {
    const last = view.last;
    if (!last || !last.san || message.type === "snapshot") {
      this.lastPly = last ? last.ply : null;
      return;
    }
    const before = this.lastPly;
    this.lastPly = last.ply;
    if (before !== null && last.ply <= before) return;  // no new move (a move taken back: 7.5)
    if (!this.on) return;
    this.say(spokenMove(last, names));
  }
}

/** Both clocks in words, to be read on request (D.2.6.1): "Anna 4:59, Boris 5:00". */
export function clocksWords(clocks, names, format) {
  return ["white", "black"].map((c) => {
    const ms = clocks.remaining(c);
    return `${names[c]} ${ms === null ? "–" : format(ms)}`;
  }).join(", ");
}
