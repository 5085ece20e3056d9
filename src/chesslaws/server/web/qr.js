// A QR code of a seat's link, so a player's phone can open it from the organiser's screen.
//
// A small encoder of our own (ISO/IEC 18004): byte mode, error correction level M (about 15 %
// of the symbol may be lost), versions 1 to 10 (up to 213 bytes: a seat's link is about 90).
// The symbol is drawn in SVG, with its quiet zone of four modules.

const EC_M = {
  // version: [error-correction codewords per block, [blocks, data codewords each], ...]
  1: [10, [1, 16]], 2: [16, [1, 28]], 3: [26, [1, 44]], 4: [18, [2, 32]], 5: [24, [2, 43]],
  6: [16, [4, 27]], 7: [18, [4, 31]], 8: [22, [2, 38], [2, 39]], 9: [22, [3, 36], [2, 37]],
  10: [26, [4, 43], [1, 44]],
};
const ALIGNMENT = {
  1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38],
  8: [6, 24, 42], 9: [6, 26, 46], 10: [6, 28, 50],
};
const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

// -- Reed-Solomon over GF(256), the field of x^8 + x^4 + x^3 + x^2 + 1 -------------------------

function gfMultiply(a, b) {
  let product = 0;
  for (let i = 7; i >= 0; i--) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((b >>> i) & 1) * a;
  }
  return product;
}

/** The generator polynomial of `degree` (its coefficients, the leading 1 left out). */
function generator(degree) {
  const poly = new Array(degree).fill(0);
  poly[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      poly[j] = gfMultiply(poly[j], root);
      if (j + 1 < degree) poly[j] ^= poly[j + 1];
    }
    root = gfMultiply(root, 2);
  }
  return poly;
}

function remainder(data, poly) {
  const rest = new Array(poly.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ rest.shift();
    rest.push(0);
    poly.forEach((c, i) => { rest[i] ^= gfMultiply(c, factor); });
  }
  return rest;
}

// -- the codewords ------------------------------------------------------------------------------

function capacity(version) {
  const [, ...groups] = EC_M[version];
  return groups.reduce((sum, [blocks, size]) => sum + blocks * size, 0);
}

/** The smallest version whose byte mode holds `bytes`, or an error past version 10. */
export function versionFor(length) {
  for (let v = 1; v <= 10; v++) {
    const header = 4 + (v < 10 ? 8 : 16);
    if (header + 8 * length <= 8 * capacity(v)) return v;
  }
  throw new Error(`a QR code of version 10 at most holds 213 bytes, not ${length}`);
}

function dataCodewords(bytes, version) {
  const bits = [];
  const put = (value, count) => { for (let i = count - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4);                                  // byte mode
  put(bytes.length, version < 10 ? 8 : 16);        // character count
  bytes.forEach((b) => put(b, 8));
  const room = 8 * capacity(version);
  put(0, Math.min(4, room - bits.length));         // terminator
  put(0, (8 - (bits.length % 8)) % 8);
  const words = [];
  for (let i = 0; i < bits.length; i += 8) words.push(parseInt(bits.slice(i, i + 8).join(""), 2));
  for (let pad = 0xec; words.length < capacity(version); pad ^= 0xec ^ 0x11) words.push(pad);
  return words;
}

/** The data split into blocks, each with its error correction, interleaved (7.6). */
function codewords(bytes, version) {
  const [ecLength, ...groups] = EC_M[version];
  const data = dataCodewords(bytes, version);
  const poly = generator(ecLength);
  const blocks = [];
  let at = 0;
  for (const [count, size] of groups) {
    for (let b = 0; b < count; b++) {
      const part = data.slice(at, at + size);
      at += size;
      blocks.push({ data: part, ec: remainder(part, poly) });
    }
  }
  const out = [];
  const longest = Math.max(...blocks.map((b) => b.data.length));
  for (let i = 0; i < longest; i++) for (const b of blocks) if (i < b.data.length) out.push(b.data[i]);
  for (let i = 0; i < ecLength; i++) for (const b of blocks) out.push(b.ec[i]);
  return out;
}

// -- the symbol ---------------------------------------------------------------------------------

class Symbol {
  constructor(version) {
    this.version = version;
    this.size = 17 + 4 * version;
    this.dark = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    this.fixed = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
  }

  set(x, y, dark) {
    this.dark[y][x] = dark;
    this.fixed[y][x] = true;
  }

  drawFunctionPatterns() {
    const n = this.size;
    for (let i = 0; i < n; i++) {
      this.set(6, i, i % 2 === 0);                  // timing patterns
      this.set(i, 6, i % 2 === 0);
    }
    for (const [x, y] of [[3, 3], [n - 4, 3], [3, n - 4]]) this.drawFinder(x, y);
    const places = ALIGNMENT[this.version];
    for (const x of places) {
      for (const y of places) {
        const onFinder = (x === 6 && y === 6) || (x === 6 && y === places[places.length - 1]) ||
          (y === 6 && x === places[places.length - 1]);
        if (!onFinder) this.drawAlignment(x, y);
      }
    }
    this.drawFormat(0);                             // reserves the format's modules
    this.drawVersion();
  }

  drawFinder(cx, cy) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || y < 0 || x >= this.size || y >= this.size) continue;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        this.set(x, y, ring !== 2 && ring !== 4);
      }
    }
  }

  drawAlignment(cx, cy) {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }

  /** Level M (bits 00) and the mask, BCH(15,5) protected, twice (7.9). */
  drawFormat(mask) {
    const data = mask;  // level M is 0b00
    let rest = data;
    for (let i = 0; i < 10; i++) rest = (rest << 1) ^ ((rest >>> 9) * 0x537);
    const bits = ((data << 10) | rest) ^ 0x5412;
    const bit = (i) => ((bits >>> i) & 1) === 1;
    const n = this.size;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(n - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, n - 15 + i, bit(i));
    this.set(8, n - 8, true);                       // the dark module
  }

  /** From version 7 the version itself, BCH(18,6) protected, twice (7.10). */
  drawVersion() {
    if (this.version < 7) return;
    let rest = this.version;
    for (let i = 0; i < 12; i++) rest = (rest << 1) ^ ((rest >>> 11) * 0x1f25);
    const bits = (this.version << 12) | rest;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }

  /** The codewords in the zigzag of two-module columns, right to left (7.7.3). */
  drawCodewords(words) {
    let i = 0;
    const n = this.size;
    for (let right = n - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < n; vert++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? n - 1 - vert : vert;
          if (this.fixed[y][x]) continue;
          if (i < words.length * 8) {
            this.dark[y][x] = ((words[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
            i++;
          }
        }
      }
    }
  }

  applyMask(mask) {
    const test = MASKS[mask];
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) if (!this.fixed[y][x] && test(x, y)) this.dark[y][x] = !this.dark[y][x];
    }
  }

  /** The penalty of the symbol as drawn (7.8.3): runs, blocks, finder-like lines, balance. */
  penalty() {
    const n = this.size;
    let score = 0;
    const lines = [];
    for (let i = 0; i < n; i++) {
      lines.push(this.dark[i]);
      lines.push(this.dark.map((row) => row[i]));
    }
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= n; i++) {
        if (i < n && line[i] === line[i - 1]) { run++; continue; }
        if (run >= 5) score += run - 2;
        run = 1;
      }
      const text = line.map((d) => (d ? "1" : "0")).join("");
      for (const pattern of ["10111010000", "00001011101"]) {
        for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) score += 40;
      }
    }
    for (let y = 0; y + 1 < n; y++) {
      for (let x = 0; x + 1 < n; x++) {
        const d = this.dark[y][x];
        if (d === this.dark[y][x + 1] && d === this.dark[y + 1][x] && d === this.dark[y + 1][x + 1]) score += 3;
      }
    }
    const darkCount = this.dark.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
    score += 10 * Math.floor(Math.abs(darkCount * 20 - n * n * 10) / (n * n));
    return score;
  }
}

/** The modules of the QR code of `text` (rows of booleans, true = dark); `mask` forces one. */
export function qrMatrix(text, mask = null) {
  const bytes = Array.from(new TextEncoder().encode(text));
  const version = versionFor(bytes.length);
  const words = codewords(bytes, version);
  let best = null;
  for (const m of mask === null ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]) {
    const symbol = new Symbol(version);
    symbol.drawFunctionPatterns();
    symbol.drawCodewords(words);
    symbol.applyMask(m);
    symbol.drawFormat(m);
    const score = symbol.penalty();
    if (!best || score < best.score) best = { symbol, score, mask: m };
  }
  return { version, mask: best.mask, modules: best.symbol.dark };
}

/** An SVG drawing of the QR code of `text`, `pixels` wide, with its quiet zone. */
export function qrSvg(text, pixels = 160) {
  const { modules } = qrMatrix(text);
  const n = modules.length + 8;
  let path = "";
  modules.forEach((row, y) => row.forEach((dark, x) => { if (dark) path += `M${x + 4} ${y + 4}h1v1h-1z`; }));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${pixels}" ` +
    `height="${pixels}" shape-rendering="crispEdges" role="img" aria-label="QR code of the link">` +
    `<rect width="${n}" height="${n}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
