import { describe, expect, it } from "vitest";
import { diffView, gameView, maskUsername, optionChinese, roundResultView } from "./round-view";

const drawn = {
  id: 7,
  seqno: 3,
  gameType: 1,
  commit: "c".repeat(64),
  seed: "a".repeat(64),
  numbers: "[9,8,7]",
  num1: 9,
  num2: 8,
  num3: 7,
  sum: 24,
  // big (0), even (3), big_even (5), extreme_big (8)
  winMask: (1 << 0) | (1 << 3) | (1 << 5) | (1 << 8),
  closeAtMs: 400,
  drawAtMs: 1_000,
  status: "settled",
  voidReason: null,
  beaconChain: null,
  beaconRound: null,
  beaconSignature: null,
  beaconRandomness: null,
};

describe("round views", () => {
  it("shows a drawn round with its winners among the room's options, in keys and legacy Chinese", () => {
    expect(roundResultView(drawn, 11)).toEqual({
      id: 7,
      seqno: 3,
      num1: 9,
      num2: 8,
      num3: 7,
      sum: 24,
      numbers: [9, 8, 7],
      resultcn: "大,双,大双,极大",
      resultKeys: ["big", "even", "big_even", "extreme_big"],
      commit: drawn.commit,
      seed: drawn.seed,
      closeAt: 400,
      drawAt: 1_000,
      status: "settled",
      voidReason: null,
      voidPreset: null,
      beacon: null,
    });
    expect(roundResultView(drawn, 4).resultKeys).toEqual(["big", "even"]);
  });

  it("keeps an undrawn round's result empty", () => {
    const open = { ...drawn, seed: null, numbers: null, num1: null, num2: null, num3: null, sum: null, winMask: null };
    expect(roundResultView(open, 11)).toMatchObject({
      num1: null,
      sum: null,
      numbers: [],
      resultKeys: [],
      resultcn: "",
      seed: null,
    });
  });

  it("shows a void round as void with its reason and its published seed, and no result", () => {
    const voided = {
      ...drawn,
      seed: null,
      numbers: null,
      num1: null,
      num2: null,
      num3: null,
      sum: null,
      winMask: 0,
      status: "void",
      voidReason: "seed_lost",
    };
    expect(roundResultView(voided, 11)).toMatchObject({
      status: "void",
      voidReason: "seed_lost",
      numbers: [],
      resultKeys: [],
      seed: null,
    });
    const byOperator = { ...voided, seed: "b".repeat(64), voidReason: "operator" };
    expect(roundResultView(byOperator, 11)).toMatchObject({ status: "void", numbers: [], seed: "b".repeat(64) });
    expect(roundResultView({ ...byOperator, status: "open" }, 11).seed).toBeNull();
    expect(roundResultView({ ...drawn, voidReason: "seed_lost" }, 11).voidReason).toBeNull();
  });

  it("shows the beacon round named at open, and its signature and randomness only once drawn", () => {
    const beacon = {
      beaconChain: "d".repeat(64),
      beaconRound: 42,
      beaconSignature: "e".repeat(96),
      beaconRandomness: "f".repeat(64),
    };
    expect(roundResultView({ ...drawn, ...beacon }, 11).beacon).toEqual({
      chain: "d".repeat(64),
      round: 42,
      signature: "e".repeat(96),
      randomness: "f".repeat(64),
    });
    const open = {
      ...drawn,
      ...beacon,
      seed: null,
      numbers: null,
      winMask: null,
      status: "open",
      beaconSignature: null,
      beaconRandomness: null,
    };
    expect(roundResultView(open, 11).beacon).toEqual({
      chain: "d".repeat(64),
      round: 42,
      signature: null,
      randomness: null,
    });
  });

  it("names Racing 10 ranks and the 11x5 middle sum in Chinese", () => {
    expect(optionChinese(4, 0, "rank1_big")).toBe("冠军大");
    expect(optionChinese(4, 39, "rank10_even")).toBe("第十名双");
    expect(optionChinese(3, 10, "triple")).toBe("和值30");
    expect(optionChinese(1, 10, "triple")).toBe("豹子");
  });

  it("masks usernames and counts down to the draw", () => {
    expect(maskUsername("demo01")).toBe("de***1");
    expect(maskUsername("ab")).toBe("a***");
    const schedule = {
      roundId: 1,
      seqno: 1,
      gameType: 1,
      commit: "",
      openAtMs: 0,
      closeAtMs: 120_000,
      drawAtMs: 180_000,
      beaconChain: "d".repeat(64),
      beaconRound: 9,
    };
    expect(diffView(schedule, 45_500)).toEqual({ minute: 2, second: 15 });
    expect(diffView(schedule, 200_000)).toEqual({ minute: 0, second: 0 });
    expect(gameView(schedule, 119_999).status).toBe("open");
    expect(gameView(schedule, 120_000).status).toBe("closed");
    // Past the draw time and still in play: waiting for its beacon round, which the view names.
    expect(gameView(schedule, 180_000)).toMatchObject({
      status: "waiting",
      beacon: { chain: "d".repeat(64), round: 9 },
    });
    expect(gameView({ ...schedule, beaconChain: null, beaconRound: null }, 0).beacon).toBeNull();
  });
});
