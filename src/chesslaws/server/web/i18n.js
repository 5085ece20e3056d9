// The pages' words in the reader's language: English, Spanish or Greek, from the message
// catalogs of src/chesslaws/locale (the .po files, exported to i18n-LANG.json by tools/i18n.py;
// English needs no file: its texts are the catalogs' keys).
//
// The language is the one the reader chose on a page (remembered in localStorage), else the
// first of the browser's languages (`navigator.languages`) that the pages speak, else English.
// Every text a page shows goes through `t("…")`; the HTML's own texts are marked `data-i18n`
// (plain text), `data-i18n-html` (text with links or emphasis) and `data-i18n-attr` (the
// attributes named, e.g. "title,placeholder"), and are put in the language once the catalog is
// loaded. Rulings stay codes and Article numbers in the log: only their words are translated.

export const LANGUAGE_NAMES = { en: "English", es: "Español", el: "Ελληνικά" };
const STORE = "chesslaws.lang";

let MESSAGES = {};
let PIECES = null;   // this language's piece letter -> the English letter (Appendix C.3)
let LETTERS = null;  // the English letter -> this language's
let LANG = "en";

/** The language the reader wants: chosen on a page, else the browser's, else English. */
export function preferredLanguage() {
  const params = new URLSearchParams(location.search);
  const asked = [params.get("lang"), localStorage.getItem(STORE)];
  for (const wish of navigator.languages || [navigator.language || ""]) {
    asked.push(String(wish).toLowerCase().split("-")[0]);
  }
  return asked.find((code) => code && LANGUAGE_NAMES[code]) || "en";
}

/** The page's language code ("en", "es", "el"). */
export function language() {
  return LANG;
}

/** The text `msgid` in the page's language, `{name}` replaced by `params.name`. */
export function t(msgid, params = {}) {
  const text = MESSAGES[msgid] || msgid;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/**
 * A text the server wrote in words (a refusal, a ruling's note, a time control): rendered in
 * the page's language from the code and parameters it sent beside the English
 * (`obj.i18n[field]`, `{"id", "params"}`; a parameter may be words too), else the English.
 */
export function said(obj, field) {
  const code = obj && obj.i18n && obj.i18n[field];
  if (code) return render(code);
  return obj && obj[field] !== undefined && obj[field] !== null ? String(obj[field]) : "";
}

function render(code) {
  if (!code || typeof code !== "object") return String(code);
  const params = {};
  for (const [name, value] of Object.entries(code.params || {})) {
    params[name] = value && typeof value === "object" ? render(value) : value;
  }
  return t(code.id, params).replaceAll("{{", "{").replaceAll("}}", "}");
}

/**
 * A move written with the page's language's piece letters, as English SAN (C.3): "Cf3" in
 * Spanish and "Ιf3" in Greek are "Nf3"; "e8=D" is "e8=Q". Files, ranks, x, O-O and the check
 * marks are alike in every language; a text that is no SAN in this language goes unchanged
 * (the server reads UCI, and refuses what it cannot read, saying why).
 */
export function englishMove(text) {
  if (!PIECES) return text;
  const piece = (letter) => PIECES[letter] || letter;
  const uci = /^([a-h][1-8][a-h][1-8])(\p{L})$/u.exec(text);
  if (uci) return uci[1] + piece(uci[2].toUpperCase()).toLowerCase();  // e7e8d: a queen in Spanish
  return text.replace(/^(\p{Lu})/u, piece).replace(/=(\p{Lu})/u, (whole, p) => `=${piece(p)}`);
}

/** English SAN (as the server sends it) in the page's language's letters: "Nf3" is "Cf3" in
 *  Spanish and "Ιf3" in Greek (C.3); the log and PGN keep the English. */
export function localMove(san) {
  if (!LETTERS || typeof san !== "string") return san;
  const piece = (letter) => LETTERS[letter] || letter;
  return san.replace(/^([KQRBN])/, piece).replace(/=([QRBN])/, (whole, p) => `=${piece(p)}`);
}

/** Put the marked texts of `root` in the page's language (keeping the English as the key). */
export function translateDocument(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (!el.dataset.i18n) el.dataset.i18n = el.textContent.replace(/\s+/g, " ").trim();
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll("[data-i18n-html]")) {
    if (!el.dataset.i18nHtml) el.dataset.i18nHtml = el.innerHTML.replace(/\s+/g, " ").trim();
    el.innerHTML = t(el.dataset.i18nHtml);  // the catalogs' own text, shipped with the pages
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const name of el.dataset.i18nAttr.split(",")) {
      const key = `i18n-${name}`;
      if (!el.hasAttribute(`data-${key}`)) el.setAttribute(`data-${key}`, el.getAttribute(name) || "");
      el.setAttribute(name, t(el.getAttribute(`data-${key}`)));
    }
  }
  if (root === document && document.body.dataset.title) {
    document.title = `${t(document.body.dataset.title)} · chesslaws`;
  }
}

/** A choice of language in the page's header; the choice is remembered and the page reloads
 *  in it (every text is drawn again from the server's view). */
function addPicker() {
  const header = document.querySelector("header.top");
  if (!header) return;
  const select = document.createElement("select");
  select.id = "lang";
  select.className = "lang";
  select.classList.toggle("alone", !header.querySelector(".status"));
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(LANGUAGE_NAMES)) {
    const option = new Option(name, code, false, code === LANG);
    option.lang = code;
    select.appendChild(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem(STORE, select.value);
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url.href);
  });
  header.appendChild(select);
}

/** Load the catalog of `lang` (English needs none); a catalog that cannot be had leaves the
 *  page in English rather than blank. */
export async function loadLanguage(lang) {
  LANG = LANGUAGE_NAMES[lang] ? lang : "en";
  MESSAGES = {};
  PIECES = null;
  LETTERS = null;
  if (LANG !== "en") {
    try {
      const response = await fetch(`/static/i18n-${LANG}.json`);
      const body = await response.json();
      MESSAGES = body.messages || {};
      PIECES = body.pieces || null;
      LETTERS = PIECES && Object.fromEntries(Object.entries(PIECES).map(([own, en]) => [en, own]));
    } catch (error) {
      LANG = "en";
    }
  }
  document.documentElement.lang = LANG;
  document.body.dataset.lang = LANG;
  translateDocument();
}

await loadLanguage(preferredLanguage());
addPicker();
