// A link handed to someone (a seat, the arbiter's console, a spectator's page): its words, the
// link itself, a copy button and, for the links a player opens on his phone, its QR code.

import { t } from "./i18n.js";
import { qrSvg } from "./qr.js";

function anchor(href) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = href;
  return a;
}

/** A seat's link: its words, the link, a copy button and (for a seat) its QR code. */
export function linkItem(words, href, qr) {
  const li = document.createElement("li");
  const head = document.createElement("div");
  head.className = "link-head";
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "copy";
  copy.textContent = t("Copy");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(href);
      copy.textContent = t("Copied");
    } catch (error) {
      copy.textContent = t("Select and copy");
      const range = document.createRange();
      range.selectNodeContents(li.querySelector("a"));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
    setTimeout(() => { copy.textContent = t("Copy"); }, 2000);
  });
  head.append(`${words}`, copy);
  li.append(head, anchor(href));
  if (qr) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = t("QR code");
    const code = document.createElement("div");
    code.className = "qr";
    details.append(summary, code);
    details.addEventListener("toggle", () => {
      if (details.open && !code.firstChild) code.innerHTML = qrSvg(href, 200);
    }, { once: false });
    li.appendChild(details);
  }
  return li;
}
