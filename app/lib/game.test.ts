import { describe, expect, it } from "vitest";
import {
  betStatusOf,
  betTabOf,
  buildOrderInfo,
  decodePick,
  encodePick,
  formatMoney,
  formatOdds,
  orderProblem,
  parseStake,
  roomIdParam,
} from "./game";

describe("order checks before sending", () => {
  it("asks for at least one option and at most nine", () => {
    expect(orderProblem(0, "100", 20, 1000)).toEqual({ reason: "select" });
    expect(orderProblem(10, "100", 20, 10_000)).toEqual({ reason: "tooMany" });
    expect(orderProblem(9, "10", 20, 10_000)).toBeNull();
  });

  it("takes only a positive whole amount per option", () => {
    for (const bad of ["", " ", "0", "-5", "1.5", "1e3", "abc", "12345678901"]) {
      expect(orderProblem(1, bad, 20, 1_000_000), bad).toEqual({ reason: "amount" });
    }
    expect(parseStake(" 25 ")).toBe(25);
  });

  it("compares options x amount with the room's minimum and the balance", () => {
    expect(orderProblem(1, "19", 20, 1000)).toEqual({ reason: "minbuy", num: 20 });
    expect(orderProblem(2, "10", 20, 1000)).toBeNull();
    expect(orderProblem(3, "400", 20, 1199.99)).toEqual({ reason: "balance" });
    expect(orderProblem(3, "400", 20, 1200)).toBeNull();
  });
});

describe("picks travel as index:odds", () => {
  it("round-trips an option and builds order_info rows", () => {
    const pick = encodePick({ index: 4, key: "big_odd", odds: 4.2 });
    expect(pick).toBe("4:4.2");
    expect(decodePick(pick)).toEqual({ index: 4, odds: 4.2 });
    expect(buildOrderInfo(["0:1.98", "4:4.2"], 50)).toEqual([
      [0, 1.98, 50],
      [4, 4.2, 50],
    ]);
  });

  it("refuses malformed or repeated picks", () => {
    expect(decodePick("x:1")).toBeNull();
    expect(decodePick("1:")).toBeNull();
    expect(decodePick("-1:1.98")).toBeNull();
    expect(buildOrderInfo(["0:1.98", "0:1.98"], 10)).toBeNull();
    expect(buildOrderInfo(["0:1.98", "oops"], 10)).toBeNull();
  });
});

describe("formatting and params", () => {
  it("shows money with two decimals and odds with three", () => {
    expect(formatMoney(10000)).toBe("10,000.00");
    expect(formatMoney(-3.5)).toBe("-3.50");
    expect(formatMoney(Number.NaN)).toBe("0.00");
    expect(formatOdds(1.98)).toBe("1.980");
  });

  it("accepts only positive whole room ids", () => {
    expect(roomIdParam("16")).toBe(16);
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "9999999"]) expect(roomIdParam(bad)).toBeNull();
  });

  it("maps isaward to a status and unknown tabs to all", () => {
    expect([-1, 0, 1, 2, 3].map(betStatusOf)).toEqual(["pending", "lost", "won", "refunded", "cancelled"]);
    expect(betTabOf("won")).toBe("won");
    expect(betTabOf("<script>")).toBe("all");
    expect(betTabOf(null)).toBe("all");
  });
});
