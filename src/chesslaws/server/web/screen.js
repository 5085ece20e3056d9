// What every page shows of a game: the board, two clocks, the scoresheet, the rulings, the
// result. The player's page and the arbiter's console add their controls on top of it.

import { Board } from "./board.js";
import {
  COLORS, Clocks, LiveGame, fillScoresheet, loadArticles, other, resultText, rulingItem,
  serverClock,
} from "./game.js";

const FLAG = `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">` +
  `<path d="M3 1 V15" stroke="currentColor" stroke-width="1.6"/>` +
  `<path d="M4 2 H13 L10.5 5 L13 8 H4 Z" fill="currentColor"/></svg>`;

function clockBox(box, color) {
  box.dataset.color = color;
  box.innerHTML = `<span class="name"></span>` +
    `<span class="flag" hidden title="flag fallen (6.8)">${FLAG} flag</span>` +
    `<span class="paused-mark">paused</span>` +
    `<span class="time" role="timer">–</span><span class="info"></span>`;
  return {
    box,
    name: box.querySelector(".name"),
    flag: box.querySelector(".flag"),
    time: box.querySelector(".time"),
    info: box.querySelector(".info"),
  };
}

/** The screen of one game in the page's standard layout (ids: board, clock-top, …). */
export class GameScreen {
  constructor({ id, token, side = null, interactive = false, onView = null, onAnswer = null }) {
    this.id = id;
    this.side = side;                      // the seat's colour, or null
    this.orientation = side || "white";
    this.extraView = onView;
    this.extraAnswer = onAnswer;
    this.names = { white: "White", black: "Black" };
    this.board = new Board(document.getElementById("board"), {
      orientation: this.orientation, side: side || "white", interactive,
    });
    this.layoutClocks();
    this.sheet = document.getElementById("sheet");
    this.rulings = document.getElementById("rulings");
    this.result = document.getElementById("result");
    this.turn = document.getElementById("turn");
    this.status = document.getElementById("status");
    this.shown = 0;
    const pgn = document.getElementById("pgn");
    if (pgn) {
      pgn.href = `/api/games/${encodeURIComponent(id)}/pgn`;
      pgn.setAttribute("download", `game-${id}.pgn`);
    }
    const title = document.getElementById("title");
    if (title) title.textContent = `Game ${id}`;
    this.live = new LiveGame(id, token, {
      onView: (view, state, sent) => this.show(view, state, sent),
      onAnswer: (message) => this.answer(message),
      onStatus: (text) => { if (this.status) this.status.textContent = text; },
    });
    const tick = () => {
      this.clocks.show();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  layoutClocks() {
    const top = document.getElementById("clock-top");
    const bottom = document.getElementById("clock-bottom");
    const below = this.orientation;
    this.clockElements = {
      [below]: clockBox(bottom, below),
      [other(below)]: clockBox(top, other(below)),
    };
    this.clocks = new Clocks(this.clockElements);
    if (this.view) this.clocks.read(this.view, serverClock(this.live.state));
    this.showNames();
  }

  flip() {
    this.orientation = other(this.orientation);
    this.board.setOrientation(this.orientation);
    this.layoutClocks();
    if (this.view) this.show(this.view, this.live.state);
  }

  async start() {
    await loadArticles();
    await this.live.start();
  }

  showNames() {
    for (const c of COLORS) {
      const label = this.side === c ? `${this.names[c]} (you)` : this.names[c];
      this.clockElements[c].name.textContent = label;
    }
  }

  /** Draw `view` (the arbiter's reading of the log) and correct the clocks from `state`. */
  show(view, state, sent) {
    this.view = view;
    if (state) {
      const w = state.white || (state.players && state.players.white);
      const b = state.black || (state.players && state.players.black);
      if (typeof w === "string" && w) this.names.white = w;
      if (typeof b === "string" && b) this.names.black = b;
      this.showNames();
    }
    this.clocks.read(view, serverClock(state), sent);
    const lastMove = view.last_move ? [view.last_move.slice(0, 2), view.last_move.slice(2, 4)] : [];
    this.board.setPosition(this.boardFen(view), {
      last: lastMove, touched: view.touched, check: view.check,
      obliged: this.side && this.side === view.turn && view.obligation
        ? [...new Set(view.obligation.moves.map((m) => m.slice(0, 2)))] : [],
    });
    fillScoresheet(this.sheet, view);
    this.showRulings(view.rulings);
    if (view.result) {
      this.result.hidden = false;
      this.result.textContent = resultText(view.result, view.reason) +
        (view.article ? ` (Art. ${view.article})` : "");
      this.result.dataset.result = view.result;
    } else {
      this.result.hidden = true;
    }
    if (this.turn) this.turn.textContent = this.turnText(view);
    document.body.dataset.events = String(view.events);
    if (this.extraView) this.extraView(view, state);
  }

  boardFen(view) {
    return view.board;
  }

  turnText(view) {
    if (view.result) return "The game is over.";
    if (view.paused) return "The clocks are paused: the arbiter decides when play goes on (6.11).";
    const mover = view.turn;
    if (this.side) return mover === this.side ? "Your move." : `${this.names[mover]}'s move.`;
    return `${this.names[mover]} to move.`;
  }

  showRulings(rulings) {
    // The log's rulings are all replayed; only the new ones are added (they come in order).
    if (rulings.length < this.shown) {
      this.rulings.querySelectorAll("li:not(.rejected-here)").forEach((li) => li.remove());
      this.shown = 0;
    }
    for (const r of rulings.slice(this.shown)) this.rulings.appendChild(rulingItem(r));
    this.shown = rulings.length;
    this.rulings.scrollTop = this.rulings.scrollHeight;
  }

  /** A message of the socket: a rejection comes only to the page that sent the event. */
  answer(message) {
    if (message.seq === null) {
      for (const r of message.rulings || []) {
        const li = rulingItem(r);
        li.classList.add("rejected-here");
        this.rulings.appendChild(li);
      }
      this.rulings.scrollTop = this.rulings.scrollHeight;
    }
    if (this.extraAnswer) this.extraAnswer(message);
  }
}
