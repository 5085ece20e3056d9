// What every page shows of a game: the board, two clocks, the scoresheet, the rulings, the
// result, whose act is awaited, how the game starts, and a line of notices. The player's page
// and the arbiter's console add their controls on top of it.

import { Board } from "./board.js";
import {
  COLORS, Clocks, LiveGame, Scoresheet, isRefusal, loadArticles, other, pauseText, refusalText,
  resultText, rulingItem, timeControlWords, title,
} from "./game.js";

const FLAG = `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">` +
  `<path d="M3 1 V15" stroke="currentColor" stroke-width="1.6"/>` +
  `<path d="M4 2 H13 L10.5 5 L13 8 H4 Z" fill="currentColor"/></svg>`;

const NOTICE_MS = 6000;  // a notice clears by itself after this long

function clockBox(box, color) {
  box.dataset.color = color;
  box.innerHTML = `<span class="name"></span>` +
    `<span class="flag" hidden title="flag fallen (6.8)">${FLAG} flag</span>` +
    `<span class="state-mark"></span>` +
    `<span class="time" role="timer">–</span><span class="info"></span>`;
  return {
    box,
    name: box.querySelector(".name"),
    flag: box.querySelector(".flag"),
    state: box.querySelector(".state-mark"),
    time: box.querySelector(".time"),
    info: box.querySelector(".info"),
  };
}

function clockTime(iso) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  return when.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

/** How this game starts (6.6, 6.7), in one line, while its clocks stand. */
export function startText(view, names) {
  const start = view.start || { mode: "arbiter" };
  if (start.mode === "seated") {
    const seated = view.seated || {};
    const who = COLORS.map((c) => `${names[c]} ${seated[c] ? "is seated" : "not yet"}`).join(", ");
    return `The clocks start when both players are seated (6.6): ${who}.`;
  }
  if (start.mode === "scheduled") {
    return `The clocks start at ${clockTime(start.at)} (6.6); a player who has not arrived ` +
      "by the default time then loses the game (6.7.1).";
  }
  return "The clocks start when the arbiter starts them (6.6).";
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
    this.view = null;
    this.board = new Board(document.getElementById("board"), {
      orientation: this.orientation, side: side || "white", interactive,
    });
    this.layoutClocks();
    this.sheet = new Scoresheet(document.getElementById("sheet"));
    this.rulings = document.getElementById("rulings");
    this.result = document.getElementById("result");
    this.turn = document.getElementById("turn");
    this.startLine = document.getElementById("start-line");
    this.status = document.getElementById("status");
    this.noticeLine = document.getElementById("notice");
    this.noticeTimer = null;
    this.timeControl = null;
    const pgn = document.getElementById("pgn");
    if (pgn) {
      pgn.href = `/api/games/${encodeURIComponent(id)}/pgn`;
      pgn.setAttribute("download", `game-${id}.pgn`);
    }
    const heading = document.getElementById("title");
    if (heading) heading.textContent = `Game ${id}`;
    this.live = new LiveGame(id, token, {
      onView: (view, message) => this.show(view, message),
      onAnswer: (message) => this.answer(message),
      onStatus: (connected) => this.connection(connected),
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
    const words = this.clockElements && this.clockElements.white.info.textContent;
    this.clockElements = {
      [below]: clockBox(bottom, below),
      [other(below)]: clockBox(top, other(below)),
    };
    for (const c of COLORS) this.clockElements[c].info.textContent = words || "";
    this.clocks = new Clocks(this.clockElements);
    if (this.view) this.clocks.read(this.view, this.live.connected);
    this.showNames();
  }

  /** The seat is known (from the server's answer): the board turns to it. */
  setSide(side) {
    this.side = side;
    this.board.side = side || "white";
    if ((side || "white") !== this.orientation) this.flip();
    else this.showNames();
  }

  flip() {
    this.orientation = other(this.orientation);
    this.board.setOrientation(this.orientation);
    this.layoutClocks();
    if (this.view) this.draw(this.view);
  }

  async start() {
    await loadArticles();
    this.live.start();
  }

  showNames() {
    for (const c of COLORS) {
      const label = this.side === c ? `${this.names[c]} (you)` : this.names[c];
      this.clockElements[c].name.textContent = label;
    }
  }

  /** A message's view: draw it, and add the rulings the message brought. */
  show(view, message) {
    this.view = view;
    for (const c of COLORS) if (typeof view[c] === "string" && view[c]) this.names[c] = view[c];
    this.showNames();
    if (message.type === "snapshot") {
      if (Array.isArray(view.rulings)) this.rulings.replaceChildren();
      this.addRulings(view.rulings || []);
      if (view.time_control !== this.timeControl) this.showTimeControl(view.time_control);
    } else {
      this.addRulings(message.rulings || []);
    }
    this.sheet.take(view, message.type === "snapshot");
    this.draw(view);
    document.body.dataset.seq = String(message.seq);
    if (this.extraView) this.extraView(view, message);
  }

  async showTimeControl(text) {
    this.timeControl = text;
    const words = await timeControlWords(text);
    for (const c of COLORS) this.clockElements[c].info.textContent = words;
  }

  draw(view) {
    this.clocks.read(view, this.live.connected);
    const last = view.last && view.last.uci ? [view.last.uci.slice(0, 2), view.last.uci.slice(2, 4)] : [];
    const bound = view.obligation && view.obligation.square ? [view.obligation.square] : [];
    this.board.setPosition(view.fen, {
      last, touched: view.touched || bound, check: view.check || null,
      obliged: this.side && view.obligation && view.obligation.player === this.side ? bound : [],
    });
    if (view.result) {
      this.result.hidden = false;
      this.result.textContent = resultText(view.result, view.reason) +
        (view.article ? ` (Art. ${view.article})` : "");
      this.result.dataset.result = view.result;
    } else {
      this.result.hidden = true;
    }
    if (this.startLine) {
      this.startLine.hidden = Boolean(view.started || view.result);
      this.startLine.textContent = startText(view, this.names);
    }
    if (this.turn) {
      this.turn.textContent = this.turnText(view);
      this.turn.dataset.awaiting = view.awaiting ? view.awaiting.act : "";
    }
    document.body.classList.toggle("paused", Boolean(view.paused) && !view.result);
  }

  turnText(view) {
    if (view.result) return "The game is over.";
    if (!view.started) return "The game has not started: the clocks stand.";
    if (view.paused) return `The clocks are paused: ${pauseText(view.pause_reason)} (6.11).`;
    const awaiting = view.awaiting || { player: view.to_move, act: "move" };
    const mine = this.side === awaiting.player;
    const name = this.names[awaiting.player] || title(awaiting.player);
    if (awaiting.act === "press") {
      return mine ? "Press your clock (6.2)." : `${name} has moved and is to press the clock.`;
    }
    if (this.side) return mine ? "Your move." : `${name}'s move.`;
    const offer = view.draw_offer ? ` ${this.names[view.draw_offer]}'s draw offer stands (9.1.2).` : "";
    return `${name} to move.${offer}`;
  }

  addRulings(rulings) {
    for (const r of rulings) this.rulings.appendChild(rulingItem(r));
    this.rulings.scrollTop = this.rulings.scrollHeight;
  }

  /** A line of one fixed height for what passes: it clears by itself and moves nothing. */
  notice(text, kind = "info") {
    const line = this.noticeLine;
    if (!line) return;
    line.textContent = text;
    line.title = text;
    line.dataset.kind = kind;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => {
      line.textContent = "";
      line.title = "";
      line.dataset.kind = "";
    }, NOTICE_MS);
  }

  /** The connection is made or lost: said plainly; while lost the board is locked. */
  connection(connected) {
    document.body.dataset.connected = connected ? "yes" : "no";
    const wrap = document.getElementById("board");
    wrap.classList.toggle("locked", !connected);
    const never = !connected && !this.view;
    wrap.dataset.lock = connected ? "" : never
      ? "Not connected: the server does not answer, or this link is no longer valid. Trying again…"
      : "Connection lost: the board is locked and nothing you do is sent. Reconnecting…";
    if (this.status) {
      this.status.textContent = connected ? "connected" : never ? "not connected" : "connection lost";
    }
    if (this.status) this.status.classList.toggle("lost", !connected);
    if (this.view) {
      this.draw(this.view);
      if (this.extraView) this.extraView(this.view, { type: "connection" });
    }
  }

  /** A message of the socket: a refusal comes only to the page that sent the act. */
  answer(message) {
    if (isRefusal(message) && message.event && message.event.type !== "which_seat") {
      this.notice(`Not taken: ${refusalText(message)}`, "refused");
    }
    if (this.extraAnswer) this.extraAnswer(message);
  }
}
