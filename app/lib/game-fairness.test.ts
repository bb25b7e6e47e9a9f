import { describe, expect, it } from "vitest";
import { parseLookup, parseManual } from "./game-fairness";

const hex = "ab".repeat(32);

describe("fairness page inputs", () => {
  it("accepts a room and round number, and an empty form as nothing to check", () => {
    expect(parseLookup(new URLSearchParams("room=16&seqno=42"))).toEqual({
      lookup: { room: 16, seqno: "42" },
      errors: {},
    });
    expect(parseLookup(new URLSearchParams(""))).toEqual({ lookup: null, errors: {} });
  });

  it("names each bad field", () => {
    expect(parseLookup(new URLSearchParams("room=0&seqno=x")).errors).toEqual({ room: "room", seqno: "seqno" });
    expect(parseLookup(new URLSearchParams("room=3")).errors).toEqual({ seqno: "seqno" });
  });

  it("checks a seed by hand only with a game type and 64 lowercase hex characters", () => {
    const ok = parseManual(new URLSearchParams(`room=1&seqno=5&gametype=4&seed=${hex}&commit=${hex}`));
    expect(ok.manual).toEqual({ room: 1, seqno: "5", gameType: 4, seed: hex, commit: hex });
    const bad = parseManual(new URLSearchParams(`room=1&seqno=5&gametype=9&seed=${hex.toUpperCase()}&commit=abc`));
    expect(bad.manual).toBeNull();
    expect(bad.errors).toEqual({ gametype: "gametype", seed: "hex", commit: "hex" });
    expect(parseManual(new URLSearchParams(`seed=${hex}`)).errors).toMatchObject({ room: "room", seqno: "seqno" });
  });
});
