import { describe, expect, it } from "vitest";
import { shownRoomBalance } from "./room-balance";

describe("the room's balance", () => {
  const firstLoad = { servedAt: 1_000, balance: 100 };

  it("shows what an order answered until the room loads again", () => {
    expect(shownRoomBalance(null, firstLoad)).toBe(100);
    expect(shownRoomBalance({ loadedAt: 1_000, value: 80 }, firstLoad)).toBe(80);
  });

  it("takes the next load's figure even when it equals the first one (a void refunded the bet)", () => {
    // The bet took 20; the void gave it back; the reload brings 100 again, as at the first load.
    expect(shownRoomBalance({ loadedAt: 1_000, value: 80 }, { servedAt: 2_000, balance: 100 })).toBe(100);
  });
});
