import { describe, expect, it } from "vitest";
import { adjustmentRef, parseAdjustmentRef, parseRequestRef, reasonRequestRef, requestRef } from "./request-ref";

describe("request references", () => {
  it("write a request short: kind, shard, id within the shard in base 32", () => {
    expect(requestRef("deposit", 1)).toBe("D0-0001");
    expect(requestRef("withdrawal", 1_000_000_000_001)).toBe("W1-0001");
    expect(requestRef("deposit", 3_000_000_001_055)).toBe("D3-010Z");
    expect(requestRef("withdrawal", 2 * 1_000_000_000_000 + 999_999_999_999)).toBe("W2-X3AAA3ZZ");
  });

  it("read back what they write, in any case and with O, I, L for 0, 1, 1", () => {
    for (const id of [1, 31, 32, 1_055, 1_000_000_000_001, 254_999_999_999_999])
      for (const kind of ["deposit", "withdrawal"] as const)
        expect(parseRequestRef(requestRef(kind, id))).toEqual({ kind, id });
    expect(parseRequestRef(" d3-o1oz ")).toEqual({ kind: "deposit", id: 3_000_000_001_055 });
    expect(parseRequestRef("w1-000l")).toEqual({ kind: "withdrawal", id: 1_000_000_000_001 });
  });

  it("are nothing else: a name, a 13-digit id, a zero or another letter", () => {
    for (const text of ["", "alice", "1000000000001", "D0-0000", "X0-0001", "D0-00U1", "D0001", "D0-123456789"])
      expect(parseRequestRef(text), text).toBeNull();
  });

  it("write an adjustment as A, its shard and its number, one made alone never the same as one queued", () => {
    expect(adjustmentRef("alone", 1_000_000_000_001)).toBe("A1-0002");
    expect(adjustmentRef("queued", 1_000_000_000_001)).toBe("A1-0003");
    expect(adjustmentRef("queued", 2_000_000_000_002)).toBe("A2-0005");
    const refs = [1, 2, 3, 31, 32].flatMap((n) => [adjustmentRef("alone", n), adjustmentRef("queued", n)]);
    expect(new Set(refs).size).toBe(refs.length);
    expect(reasonRequestRef("adjustment", { text: "bonus", made: "queued", adjustmentId: 1_000_000_000_001 })).toBe(
      "A1-0003",
    );
    // a row written before adjustments had references names none
    expect(reasonRequestRef("adjustment", { text: "bonus" })).toBeNull();
  });

  it("read an adjustment's reference back to how it was made and its id, and never as a request", () => {
    for (const made of ["alone", "queued"] as const)
      for (const id of [1, 31, 1_000_000_000_001, 3_000_000_123_456])
        expect(parseAdjustmentRef(adjustmentRef(made, id))).toEqual({ made, id });
    expect(parseAdjustmentRef(" a1-ooo3 ")).toEqual({ made: "queued", id: 1_000_000_000_001 });
    for (const text of ["A1-0002", "a1-0003"]) expect(parseRequestRef(text), text).toBeNull();
    for (const text of ["", "alice", "D1-0002", "A1-0000", "A1-0001", "A1", "A1-00U2"])
      expect(parseAdjustmentRef(text), text).toBeNull();
  });
});
