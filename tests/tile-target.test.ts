import { describe, expect, it } from "vitest";
import { SEED_GAMES } from "../worker/seed/catalogue";
import { tileImage, tileRoomId } from "../app/components/home/tile-target";

describe("home tiles", () => {
  it("send every seed game to the standard room of its own draw: 1, 4, 15, 16 or 9 (11x5)", () => {
    const target = Object.fromEntries(SEED_GAMES.map((g) => [g.key, tileRoomId({ type: g.type, titleKey: g.key })]));
    expect(new Set(Object.values(target))).toEqual(new Set([1, 4, 9, 15, 16]));
    expect(target).toMatchObject({
      lucky28: 1,
      classic28: 1,
      turbo28: 1,
      royal28: 1,
      racing10: 4,
      skyracing: 4,
      speedracing: 4,
      fast3: 15,
      dicefast3: 15,
      tripledice: 15,
      royalfast3: 15,
      bigsmall: 16,
      classic11x5: 9,
      turbo11x5: 9,
      gold11x5: 9,
      royal11x5: 9,
    });
  });

  it("open each home room from the game that owns it", () => {
    const owner = (room: number) => SEED_GAMES.find((g) => g.id === room)!;
    for (const room of [1, 4, 9, 15, 16])
      expect(tileRoomId({ type: owner(room).type, titleKey: owner(room).key })).toBe(room);
  });

  it("accept only our paths or https images", () => {
    expect(tileImage("/tiles/lucky28.svg")).toBe("/tiles/lucky28.svg");
    expect(tileImage("https://cdn.example/t.png")).toBe("https://cdn.example/t.png");
    expect(tileImage("javascript:alert(1)")).toBeNull();
    expect(tileImage("//evil.example/x.svg")).toBeNull();
    expect(tileImage('/x" onerror="1')).toBeNull();
  });
});
