// Asking first: a modal dialog (#confirm-dialog in the page) that runs an act only on "yes",
// for whatever ends or amends a game, sets a clock or pairs a round.

const $ = (name) => document.getElementById(name);
let confirmed = null;

/** Ask `words` in the page's dialog; `then()` runs only on the user's yes. */
export function ask(words, then) {
  const dialog = $("confirm-dialog");
  if (!dialog.dataset.ready) {
    dialog.dataset.ready = "1";
    dialog.addEventListener("close", () => {
      const act = confirmed;
      confirmed = null;
      if (dialog.returnValue === "yes" && act) act();
    });
  }
  $("confirm-words").textContent = words;
  confirmed = then;
  dialog.returnValue = "";
  dialog.showModal();
  $("confirm-no").focus();
}
