// The Laws, in short (/static/laws.html?edition=E#art-N): the Articles the rulings cite, as our
// own short summaries (not the text of the FIDE Laws, nor an official translation), in the
// page's language and under the edition asked for (2023 unless the link says the game's).

import { EDITIONS, EDITION_NAMES, editionArticles, loadArticles, setEdition } from "./game.js";
import { t } from "./i18n.js";

const params = new URLSearchParams(location.search);
const edition = EDITIONS.includes(params.get("edition")) ? params.get("edition") : "2023";
setEdition(edition);
await loadArticles();
const articles = editionArticles(edition);

document.getElementById("laws-edition").textContent = EDITION_NAMES[edition];
const others = document.getElementById("editions");
others.replaceChildren(...EDITIONS.map((e) => {
  const a = document.createElement("a");
  a.href = `?edition=${encodeURIComponent(e)}`;
  a.textContent = EDITION_NAMES[e];
  if (e === edition) a.setAttribute("aria-current", "page");
  return a;
}));

const list = document.getElementById("articles");
const order = (a) => a.split(".").map((p) => (isNaN(p) ? p.charCodeAt(0) * 1000 : Number(p)));
const keys = Object.keys(articles).sort((a, b) => {
  const x = order(a), y = order(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if ((x[i] ?? -1) !== (y[i] ?? -1)) return (x[i] ?? -1) - (y[i] ?? -1);
  }
  return 0;
});
for (const key of keys) {
  const dt = document.createElement("dt");
  dt.id = `art-${key}`;
  dt.textContent = t("Article {number}", { number: key });
  const dd = document.createElement("dd");
  dd.textContent = articles[key];
  list.append(dt, dd);
}
// Show the Article asked for, or its nearest parent ("9.2.1.1" -> "9.2.1").
let wanted = decodeURIComponent(location.hash.replace(/^#art-/, ""));
while (wanted && !document.getElementById(`art-${wanted}`)) {
  const cut = wanted.lastIndexOf(".");
  wanted = cut < 0 ? "" : wanted.slice(0, cut);
}
const target = wanted && document.getElementById(`art-${wanted}`);
if (target) {
  target.classList.add("wanted");
  target.nextElementSibling.classList.add("wanted");
  target.scrollIntoView();
}
document.body.dataset.ready = "yes";
