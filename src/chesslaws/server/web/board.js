// The board: an SVG drawing of a FEN, and the hands of a player on it.
//
// The board rules nothing. It tells its owner what the hand did: a piece touched (the first
// click on it, or the start of a drag: Article 4.2.2, 4.3), and a piece released on a square
// (the move is made: 4.7). Illegal releases are reported like any other: the arbiter rules.
//
// For the keyboard and screen readers the board is an ARIA grid: eight rows of eight cells,
// one per square, in the order the player sees them, each named by its square and what stands
// on it ("e2, white pawn"); one cell is in the tab order (a roving tabindex) and the arrow keys
// move between them (Home and End to the ends of a row). Enter on a square picks up the piece
// there (a touch) or puts the piece in hand down on it (the move is made); Space does the same
// when `spaceSelects` is set (the accessible mode; otherwise Space is the player's clock).

import { PIECE_NAMES, squareWords } from "./a11y.js";
import { t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const FILES = "abcdefgh";

// Each piece is drawn on a 100 x 100 cell: a base, a body and a head, in simple shapes.
const SHAPES = {
  p: `<path d="M30 88 H70 V80 H30 Z"/><path d="M37 80 L42 52 H58 L63 80 Z"/>
      <path d="M35 52 H65 V45 H35 Z"/><circle cx="50" cy="32" r="13"/>`,
  r: `<path d="M24 90 H76 V80 H24 Z"/><path d="M31 80 L34 42 H66 L69 80 Z"/>
      <path d="M27 42 V18 H38 V27 H45 V18 H55 V27 H62 V18 H73 V42 Z"/>
      <path class="line" d="M34 50 H66"/>`,
  n: `<path d="M26 90 H76 V81 H26 Z"/>
      <path d="M32 81 C31 64 43 56 46 47 C39 50 33 55 27 52 C22 48 24 41 31 36
               C39 29 43 21 49 14 L54 23 C68 26 75 42 71 81 Z"/>
      <circle class="eye" cx="47" cy="31" r="3"/>`,
  b: `<path d="M26 90 H74 V82 H26 Z"/><path d="M40 82 L44 64 H56 L60 82 Z"/>
      <path d="M35 64 H65 V57 H35 Z"/><path d="M50 16 C65 27 69 42 60 57 H40 C31 42 35 27 50 16 Z"/>
      <circle cx="50" cy="12" r="5"/><path class="line" d="M55 29 L46 43"/>`,
  q: `<path d="M24 90 H76 V82 H24 Z"/>
      <path d="M30 82 L21 36 L35 57 L36 26 L45 55 L50 20 L55 55 L64 26 L65 57 L79 36 L70 82 Z"/>
      <circle cx="21" cy="32" r="5"/><circle cx="36" cy="22" r="5"/><circle cx="50" cy="16" r="5"/>
      <circle cx="64" cy="22" r="5"/><circle cx="79" cy="32" r="5"/><path class="line" d="M31 72 H69"/>`,
  k: `<path d="M24 90 H76 V82 H24 Z"/>
      <path d="M30 82 C21 62 24 45 36 42 C44 40 48 47 50 53 C52 47 56 40 64 42 C76 45 79 62 70 82 Z"/>
      <path d="M46.5 10 H53.5 V18 H61 V25 H53.5 V40 H46.5 V25 H39 V18 H46.5 Z"/>
      <path class="line" d="M31 72 H69"/>`,
};

export { PIECE_NAMES };
/** A man on the board in words, for screen readers ("white knight on g1"). */
const MAN = {
  white: (piece, square) => t("white {piece} on {square}", { piece, square }),
  black: (piece, square) => t("black {piece} on {square}", { piece, square }),
};

/** The 64 squares of a FEN's board: {square name: piece letter (upper case: White)}. */
export function parsePlacement(fen) {
  const squares = {};
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
      } else {
        squares[FILES[file] + (8 - i)] = ch;
        file += 1;
      }
    }
  });
  return squares;
}

export function pieceSvg(letter, size = 100) {
  const color = letter === letter.toUpperCase() ? "white" : "black";
  return `<svg xmlns="${SVG}" viewBox="0 0 100 100" width="${size}" height="${size}" ` +
    `class="piece ${color}" aria-hidden="true">${SHAPES[letter.toLowerCase()]}</svg>`;
}

function el(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

/**
 * A board in `container`. `options.orientation` is "white" or "black"; `options.onTouch(square)`
 * and `options.onRelease(from, to)` receive what the hand does (only when `interactive`).
 */
export class Board {
  constructor(container, options = {}) {
    this.container = container;
    this.orientation = options.orientation || "white";
    this.side = options.side || this.orientation;  // whose hand it is
    this.onTouch = options.onTouch || null;
    this.onRelease = options.onRelease || null;
    this.onRefused = options.onRefused || null;
    this.interactive = Boolean(options.interactive);
    this.canAct = () => true;
    this.squares = {};
    this.lifted = null;       // the square of the piece in hand (touched, not yet released)
    this.cursor = this.side === "black" ? "e7" : "e2";  // the keyboard's square
    this.hints = [];          // squares to mark as legal destinations
    this.marks = { last: [], touched: [], check: null, obliged: [] };
    this.drag = null;
    this.spaceSelects = false;  // the accessible mode: Space on a square is Enter
    this.onKey = null;          // the page's keys on the board (letters), or null
    this.build();
  }

  build() {
    const svg = el("svg", {
      viewBox: "0 0 800 800", class: "board", role: "grid",
      "aria-label": t("chess board"),
    });
    // Focus goes to the grid's cells; the board itself is focused only by a script.
    svg.setAttribute("tabindex", "-1");
    this.svg = svg;
    this.layers = {};
    for (const name of ["squares", "marks", "pieces", "hints", "cursor", "cells", "drag"]) {
      this.layers[name] = el("g", { class: name });
      if (name !== "cells") this.layers[name].setAttribute("aria-hidden", "true");
      svg.appendChild(this.layers[name]);
    }
    this.container.replaceChildren(svg);
    this.buildCells();
    this.listenKeys();
    if (this.interactive) this.listen();
  }

  /** The grid's rows and cells, in the order the player sees the squares. */
  buildCells() {
    const layer = this.layers.cells;
    const focused = this.focusInside();
    layer.replaceChildren();
    this.cells = {};
    for (let row = 0; row < 8; row++) {
      const g = el("g", { role: "row" });
      for (let col = 0; col < 8; col++) {
        const name = this.orientation === "white" ? FILES[col] + (8 - row) : FILES[7 - col] + (row + 1);
        const cell = el("rect", {
          x: col * 100, y: row * 100, width: 100, height: 100, class: "cell",
          role: "gridcell", tabindex: "-1", "data-square": name,
        });
        this.cells[name] = cell;
        g.appendChild(cell);
      }
      layer.appendChild(g);
    }
    this.labelCells(focused);
  }

  focusInside() {
    return Boolean(this.svg) && this.svg.contains(document.activeElement);
  }

  /** Each cell's name from what stands on its square; the cursor's cell is the tab stop. */
  labelCells(focused = this.focusInside()) {
    if (!this.cells) return;
    for (const [name, cell] of Object.entries(this.cells)) {
      let words = squareWords(name, this.squares[name]);
      if (name === this.lifted) words = t("{square}, in your hand", { square: words });
      if (cell.getAttribute("aria-label") !== words) cell.setAttribute("aria-label", words);
      const selected = name === this.lifted ? "true" : "false";
      if (cell.getAttribute("aria-selected") !== selected) cell.setAttribute("aria-selected", selected);
      cell.setAttribute("tabindex", name === this.cursor ? "0" : "-1");
    }
    const here = this.cells[this.cursor];
    if (focused && here && document.activeElement !== here) here.focus({ preventScroll: true });
  }

  /** The top-left corner of `square` in board units. */
  corner(square) {
    const file = FILES.indexOf(square[0]);
    const rank = Number(square[1]) - 1;
    return this.orientation === "white"
      ? [file * 100, (7 - rank) * 100]
      : [(7 - file) * 100, rank * 100];
  }

  squareAt(clientX, clientY) {
    const box = this.svg.getBoundingClientRect();
    const x = Math.floor(((clientX - box.left) / box.width) * 8);
    const y = Math.floor(((clientY - box.top) / box.height) * 8);
    if (x < 0 || x > 7 || y < 0 || y > 7) return null;
    return this.orientation === "white" ? FILES[x] + (8 - y) : FILES[7 - x] + (y + 1);
  }

  setOrientation(orientation) {
    this.orientation = orientation;
    this.buildCells();
    this.render();
  }

  /** Draw the board of `fen` with its marks (last move, touched pieces, check). */
  setPosition(fen, marks = {}) {
    this.squares = parsePlacement(fen);
    this.marks = { last: [], touched: [], check: null, obliged: [], ...marks };
    if (this.lifted && !this.squares[this.lifted]) this.lifted = null;
    this.render();
  }

  render() {
    const { squares: sq, marks, pieces, hints, cursor } = this.layers;
    sq.replaceChildren();
    marks.replaceChildren();
    pieces.replaceChildren();
    hints.replaceChildren();
    cursor.replaceChildren();
    for (let f = 0; f < 8; f++) {
      for (let r = 1; r <= 8; r++) {
        const name = FILES[f] + r;
        const [x, y] = this.corner(name);
        const light = (f + r) % 2 === 0;  // a1 is dark (2.2)
        sq.appendChild(el("rect", {
          x, y, width: 100, height: 100, class: light ? "light" : "dark", "data-square": name,
        }));
      }
    }
    this.drawCoordinates(sq);
    const mark = (square, cls) => {
      const [x, y] = this.corner(square);
      marks.appendChild(el("rect", { x, y, width: 100, height: 100, class: cls }));
    };
    this.marks.last.forEach((s) => mark(s, "mark-last"));
    this.marks.obliged.forEach((s) => mark(s, "mark-obliged"));
    this.marks.touched.forEach((s) => mark(s, "mark-touched"));
    if (this.marks.check) mark(this.marks.check, "mark-check");
    if (this.lifted) mark(this.lifted, "mark-lifted");
    for (const [square, letter] of Object.entries(this.squares)) {
      if (this.drag && this.drag.from === square && this.drag.moved) continue;
      pieces.appendChild(this.pieceNode(square, letter));
    }
    for (const square of this.hints) {
      const [x, y] = this.corner(square);
      const capture = Boolean(this.squares[square]);
      hints.appendChild(el("circle", {
        cx: x + 50, cy: y + 50, r: capture ? 44 : 14, class: capture ? "hint-capture" : "hint",
      }));
    }
    if (this.keyboardActive) {
      const [x, y] = this.corner(this.cursor);
      cursor.appendChild(el("rect", {
        x: x + 4, y: y + 4, width: 92, height: 92, class: "cursor",
      }));
    }
    this.labelCells();
  }

  drawCoordinates(layer) {
    for (let i = 0; i < 8; i++) {
      const file = this.orientation === "white" ? FILES[i] : FILES[7 - i];
      const rank = this.orientation === "white" ? 8 - i : i + 1;
      const fileText = el("text", { x: i * 100 + 95, y: 793, class: "coord", "text-anchor": "end" });
      fileText.textContent = file;
      const rankText = el("text", { x: 4, y: i * 100 + 20, class: "coord" });
      rankText.textContent = String(rank);
      layer.append(fileText, rankText);
    }
  }

  pieceNode(square, letter) {
    const [x, y] = this.corner(square);
    const g = el("g", {
      class: `piece ${letter === letter.toUpperCase() ? "white" : "black"}`,
      transform: `translate(${x} ${y})`,
      "data-piece": letter,
      "data-square": square,
    });
    g.innerHTML = SHAPES[letter.toLowerCase()];
    const title = el("title");
    const side = letter === letter.toUpperCase() ? "white" : "black";
    title.textContent = MAN[side](PIECE_NAMES[letter.toLowerCase()], square);
    g.appendChild(title);
    return g;
  }

  setHints(squares) {
    this.hints = squares;
    this.render();
  }

  // -- the hand -------------------------------------------------------------------------------

  listen() {
    const svg = this.svg;
    svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    svg.addEventListener("pointercancel", () => this.cancelDrag());
    // A touch screen must not scroll or zoom while a piece is in hand.
    svg.style.touchAction = "none";
  }

  /** The hand comes down on `square`: a touch, a pick-up, or the release of the piece in hand. */
  handDown(square) {
    if (!this.canAct()) {
      if (this.onRefused) this.onRefused(square);
      return "refused";
    }
    if (this.lifted && square !== this.lifted && this.isOwn(this.squares[this.lifted])) {
      const target = this.squares[square];
      if (!target || !this.isOwn(target)) return "destination";
    }
    if (!this.squares[square]) return "empty";
    if (square !== this.lifted) {
      this.lifted = square;
      if (this.onTouch) this.onTouch(square);
      this.render();
    }
    return "lifted";
  }

  isOwn(letter) {
    return Boolean(letter) && (letter === letter.toUpperCase()) === (this.side === "white");
  }

  release(from, to) {
    // The piece stands where it was released until the arbiter's view of the game comes back.
    const letter = this.squares[from];
    if (letter) {
      this.squares[to] = letter;
      delete this.squares[from];
    }
    this.lifted = null;
    this.hints = [];
    this.render();
    if (this.onRelease) this.onRelease(from, to, letter);
  }

  /** The keys of the grid (every board) and the cursor shown while a cell has focus. */
  listenKeys() {
    const svg = this.svg;
    svg.addEventListener("keydown", (e) => this.keyDown(e));
    svg.addEventListener("focusin", (e) => {
      // A cell focused otherwise than by the arrows (a screen reader's own cursor, a script)
      // is the keyboard's square from then on.
      const square = e.target.dataset && e.target.dataset.square;
      if (square && this.cells[square] === e.target) this.cursor = square;
      if (!this.pointing) this.keyboardActive = true;
      this.render();
    });
    svg.addEventListener("focusout", (e) => {
      if (svg.contains(e.relatedTarget)) return;
      this.keyboardActive = false;
      this.render();
    });
  }

  pointerDown(e) {
    const square = this.squareAt(e.clientX, e.clientY);
    if (!square) return;
    e.preventDefault();
    // The hand's square becomes the keyboard's too, without showing the keyboard's cursor.
    this.pointing = true;
    this.cursor = square;
    this.cells[square].focus({ preventScroll: true });
    this.pointing = false;
    this.keyboardActive = false;
    const what = this.handDown(square);
    if (what === "lifted") {
      this.drag = { from: square, pointer: e.pointerId, moved: false };
      this.svg.setPointerCapture(e.pointerId);
    } else if (what === "destination") {
      this.drag = { from: this.lifted, pointer: e.pointerId, moved: false, target: square };
    }
  }

  pointerMove(e) {
    const drag = this.drag;
    if (!drag || drag.pointer !== e.pointerId || drag.target) return;
    const box = this.svg.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * 800;
    const y = ((e.clientY - box.top) / box.height) * 800;
    if (!drag.moved) {
      drag.moved = true;
      this.render();
    }
    const letter = this.squares[drag.from];
    const layer = this.layers.drag;
    layer.replaceChildren();
    const g = el("g", {
      class: `piece dragging ${letter === letter.toUpperCase() ? "white" : "black"}`,
      transform: `translate(${x - 50} ${y - 60})`,
    });
    g.innerHTML = SHAPES[letter.toLowerCase()];
    layer.appendChild(g);
  }

  pointerUp(e) {
    const drag = this.drag;
    if (!drag || drag.pointer !== e.pointerId) return;
    this.drag = null;
    this.layers.drag.replaceChildren();
    const square = drag.target || this.squareAt(e.clientX, e.clientY);
    if (square && square !== drag.from && (drag.moved || drag.target)) {
      this.release(drag.from, square);
    } else {
      this.render();
    }
  }

  cancelDrag() {
    this.drag = null;
    this.layers.drag.replaceChildren();
    this.render();
  }

  /** Put the piece in hand down again without a move: it stays touched (4.3). */
  dropBack() {
    this.lifted = null;
    this.hints = [];
    this.render();
  }

  keyDown(e) {
    const steps = {
      ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
      Home: [-7, 0], End: [7, 0],
    };
    if (e.key in steps && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      let [df, dr] = steps[e.key];
      if (this.orientation === "black") { df = -df; dr = -dr; }
      const file = Math.min(7, Math.max(0, FILES.indexOf(this.cursor[0]) + df));
      const rank = Math.min(8, Math.max(1, Number(this.cursor[1]) + dr));
      this.cursor = FILES[file] + rank;
      this.keyboardActive = true;
      this.render();
    } else if (this.onKey && e.key.length === 1 && /\p{L}/u.test(e.key) && !e.ctrlKey && !e.metaKey
      && !e.altKey && this.onKey(e.key.toLowerCase())) {
      e.preventDefault();
    } else if (!this.interactive) {
      return;
    } else if (e.key === "Enter" || (e.key === " " && this.spaceSelects)) {
      e.preventDefault();
      this.keyboardActive = true;
      const what = this.handDown(this.cursor);
      if (what === "destination") this.release(this.lifted, this.cursor);
      else this.render();
    } else if (e.key === "Escape") {
      this.dropBack();
    }
  }
}
