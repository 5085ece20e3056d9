// The sealed move on the player's page (Guidelines I.1.1): when the arbiter adjourns the game,
// the player having the move writes it here, may write another until he stops his clock, and
// then stops it (the clock button, or "Stop the clock" here), which seals it. A move made on
// the board meanwhile is his sealed move too (the server takes it so). The server never sends
// the sealed move back, not even to this seat: the page keeps what it sent, and shows it only
// here, only while sealing.

import { t } from "./i18n.js";

export class SealBox {
  /** A form placed before `before` (an element of the page); `send(event)` sends an act. */
  constructor(before, send) {
    this.send = send;
    this.written = "";  // what this page sent last, taken by the arbiter
    this.pending = "";
    const form = document.createElement("form");
    form.id = "seal-form";
    form.className = "seal-form";
    form.hidden = true;
    form.autocomplete = "off";
    form.innerHTML = `<label for="seal-move"></label> <input id="seal-move" size="8"
      spellcheck="false"> <button type="submit" id="seal-write"></button>
      <button type="button" id="seal-stop"></button><p id="seal-state" class="seal-state"
      role="status" aria-live="polite"></p>`;
    form.querySelector("label").textContent = t("Your sealed move (I.1.1)");
    form.querySelector("#seal-write").textContent = t("Write it");
    form.querySelector("#seal-stop").textContent = t("Stop the clock: seal it");
    before.parentNode.insertBefore(form, before);
    this.form = form;
    this.input = form.querySelector("#seal-move");
    this.state = form.querySelector("#seal-state");
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const move = this.input.value.trim();
      if (!move) return;
      if (this.send({ type: "seal", move })) this.pending = move;
    });
    form.querySelector("#seal-stop").addEventListener("click", () => this.send({ type: "press" }));
  }

  /** After each view: the form shows to the player told to seal, until he stops his clock. */
  show(view, side, message) {
    const adjourned = view.adjourned;
    const sealing = Boolean(adjourned) && adjourned.phase === "sealing" && adjourned.sealer === side &&
      !view.result;
    for (const r of (message && message.rulings) || []) {
      if (r.ruling === "adjournment" && r.by === side && ["written", "changed"].includes(r.status)) {
        this.written = this.pending || t("a move made on the board");
        this.pending = "";
      }
    }
    if (!sealing) {
      this.written = "";
      this.pending = "";
    }
    this.form.hidden = !sealing;
    this.state.textContent = !sealing ? ""
      : this.written ? t("Written: {move}. You may change it until you stop your clock.", { move: this.written })
        : t("Write your move unambiguously; it is sealed when you stop your clock.");
  }
}
