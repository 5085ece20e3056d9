// The spectator's page (/watch/ID): the live board, clocks, scoresheet and rulings, and
// nothing to act with (a spectator's socket carries no token; the server refuses any event).

import { gameIdFromPath } from "./game.js";
import { GameScreen } from "./screen.js";

const screen = new GameScreen({ id: gameIdFromPath(), token: null });
document.getElementById("flip").addEventListener("click", () => screen.flip());
await screen.start();
