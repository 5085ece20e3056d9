// The Laws, in short (/static/laws.html#art-N): the Articles the rulings cite, as short
// paraphrases (not the text of the FIDE Laws), in the page's language.

import { t } from "./i18n.js";

const articles = await (await fetch("/static/articles.json")).json();
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
