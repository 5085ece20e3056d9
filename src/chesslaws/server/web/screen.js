// What every page shows of a game: the board, two clocks, the scoresheet, the rulings, the
// result, whose act is awaited, how the game starts, and a line of notices. The player's page
// and the arbiter's console add their controls on top of it.

import { Speaker, clocksWords, spokenMove, visuallyDisabled } from "./a11y.js";
import { Board } from "./board.js";
import {
  COLORS, Clocks, LiveGame, Scoresheet, formatClock, isRefusal, loadArticles, other, pauseText,
  refusalText, resultText, rulingItem, setEdition, timeControlWords, title,
} from "./game.js";
import { t } from "./i18n.js";

const FLAG = `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">` +
  `<path d="M3 1 V15" stroke="currentColor" stroke-width="1.6"/>` +
  `<path d="M4 2 H13 L10.5 5 L13 8 H4 Z" fill="currentColor"/></svg>`;

const NOTICE_MS = 6000;  // a notice clears by itself after this long

function clockBox(box, color) {
  box.dataset.color = color;
  const fallen = t("flag fallen (6.8)");
  box.innerHTML = `<span class="name"></span>` +
    `<span class="flag" hidden title="${fallen}">${FLAG} ${t("flag")}</span>` +
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
    const who = COLORS.map((c) => (seated[c] ? t("{player} is seated", { player: names[c] })
      : t("{player} not yet", { player: names[c] }))).join(", ");
    return t("The clocks start when both players are seated (6.6): {who}.", { who });
  }
  if (start.mode === "scheduled") {
    return t("The clocks start at {time} (6.6); a player who has not arrived by the default " +
      "time then loses the game (6.7.1).", { time: clockTime(start.at) });
  }
  return t("The clocks start when the arbiter starts them (6.6).");
}

/** Where an adjourned game stands (Guidelines I), in one line; null once play goes on. */
export function adjournedText(adjourned, names, side) {
  const sealer = adjourned.sealer;
  const replier = other(sealer);
  if (adjourned.phase === "sealing") {
    return side === sealer ? t("The game is adjourned: write your sealed move, then stop your clock (I.1.1).")
      : t("The game is adjourned: {player} seals his move (I.1.1).", { player: names[sealer] });
  }
  if (!adjourned.resumed) {
    const sealed = t("Adjourned: {player} has sealed move {number}.",
      { player: names[sealer], number: adjourned.move_number });
    return `${sealed} ${adjourned.resumes ? t("Resumes at {time} (I.2).", { time: clockTime(adjourned.resumes) })
      : t("The arbiter sets the time of resumption (I.2).")}`;
  }
  if (!adjourned.opened) {
    return t("The session has resumed: the envelope is opened when {player} is at the board (I.7, I.9).",
      { player: names[replier] });
  }
  if (adjourned.reply_sealed) {
    return t("{player}'s reply is sealed: it is opened when {sealer} arrives (I.9.3).",
      { player: names[replier], sealer: names[sealer] });
  }
  return null;
}

/** The screen of one game in the page's standard layout (ids: board, clock-top, …). */
export class GameScreen {
  constructor({ id, token, side = null, interactive = false, onView = null, onAnswer = null }) {
    this.id = id;
    this.side = side;                      // the seat's colour, or null
    this.orientation = side || "white";
    this.extraView = onView;
    this.extraAnswer = onAnswer;
    this.names = { white: title("white"), black: title("black") };
    this.view = null;
    this.board = new Board(document.getElementById("board"), {
      orientation: this.orientation, side: side || "white", interactive,
    });
    this.layoutClocks();
    this.listenSpoken();
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
    if (heading) heading.textContent = t("Game {id}", { id });
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

  /** The spoken side (a11y.js): moves read out in the accessible mode, the clocks read on
   *  request (its button, or T on the board), the last move again with L. */
  listenSpoken() {
    this.speaker = new Speaker();
    this.onReadClocks = null;  // the player's page: logs the request in an Appendix D game
    this.extraKeys = null;     // the player's page: C presses the clock
    const box = document.getElementById("accessible");
    if (box) {
      box.checked = this.speaker.on;
      box.addEventListener("change", () => this.accessible(box.checked, true));
    }
    this.accessible(this.speaker.on);
    const read = document.getElementById("read-clocks");
    if (read) read.addEventListener("click", () => this.readClocks());
    this.board.onKey = (key) => {
      if (key === "t") this.readClocks();
      else if (key === "l") this.sayLast();
      else return Boolean(this.extraKeys && this.extraKeys(key));
      return true;
    };
  }

  /** The accessible mode on or off (`chosen`: by the reader, remembered). */
  accessible(on, chosen = false) {
    if (chosen) this.speaker.choose(on);
    else this.speaker.on = on;
    this.board.spaceSelects = on;
    const box = document.getElementById("accessible");
    if (box) box.checked = on;
    document.body.classList.toggle("accessible", on);
  }

  /** D.1: the game's rules name this seat's player visually disabled: the accessible mode is
   *  on, unless he turned it off himself on this browser. */
  followSetting() {
    if (this.speaker.chosen === null && !this.speaker.on && visuallyDisabled(this.view, this.side)) {
      this.accessible(true);
    }
  }

  /** Both clocks, said on the reader's request only (D.2.6.1; 12.6: never by itself). */
  readClocks() {
    this.speaker.say(clocksWords(this.clocks, this.names, formatClock));
    if (this.onReadClocks) this.onReadClocks();
  }

  sayLast() {
    const last = this.view && this.view.last;
    this.speaker.say(last && last.san ? spokenMove(last, this.names) : t("No move yet."));
  }

  /** The seat is known (from the server's answer): the board turns to it. */
  setSide(side) {
    this.side = side;
    this.board.side = side || "white";
    if (!this.board.focusInside()) this.board.cursor = side === "black" ? "e7" : "e2";
    this.followSetting();
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
      const label = this.side === c ? t("{player} (you)", { player: this.names[c] }) : this.names[c];
      this.clockElements[c].name.textContent = label;
    }
  }

  /** A message's view: draw it, and add the rulings the message brought. */
  show(view, message) {
    this.view = view;
    setEdition(view.edition || (view.rules && view.rules.edition));
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
    this.followSetting();
    this.speaker.hear(view, message, this.names);
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
        (view.article ? ` (${t("Art. {number}", { number: view.article })})` : "");
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
    document.body.dataset.adjourned = view.adjourned ? view.adjourned.phase : "";
  }

  turnText(view) {
    if (view.result) return t("The game is over.");
    if (!view.started) return t("The game has not started: the clocks stand.");
    const adjourned = view.adjourned && adjournedText(view.adjourned, this.names, this.side);
    if (adjourned) return adjourned;
    if (view.paused) return t("The clocks are paused: {why} (6.11).", { why: pauseText(view.pause_reason) });
    const awaiting = view.awaiting || { player: view.to_move, act: "move" };
    const mine = this.side === awaiting.player;
    const name = this.names[awaiting.player] || title(awaiting.player);
    if (awaiting.act === "press") {
      return mine ? t("Press your clock (6.2).")
        : t("{player} has moved and is to press the clock.", { player: name });
    }
    if (this.side) return mine ? t("Your move.") : t("{player}'s move.", { player: name });
    const offer = view.draw_offer
      ? ` ${t("{player}'s draw offer stands (9.1.2).", { player: this.names[view.draw_offer] })}` : "";
    return t("{player} to move.", { player: name }) + offer;
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
      ? t("Not connected: the server does not answer, or this link is no longer valid. Trying again…")
      : t("Connection lost: the board is locked and nothing you do is sent. Reconnecting…");
    if (this.status) {
      this.status.textContent = connected ? t("connected") : never ? t("not connected")
        : t("connection lost");
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
      this.notice(t("Not taken: {why}", { why: refusalText(message) }), "refused");
    }
    if (this.extraAnswer) this.extraAnswer(message);
  }
}
