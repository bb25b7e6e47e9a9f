import { describe, expect, it } from "vitest";
import enGame from "../../locales/en/game.json";
import { SEED_GAME_TITLES } from "./seed-titles";

describe("seed game titles", () => {
  it("are the English names the game namespace gives each title key, so a seeded room's name is recognised", () => {
    expect(SEED_GAME_TITLES).toEqual(enGame.games);
  });
});
