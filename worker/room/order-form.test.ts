import { describe, expect, it } from "vitest";
import { ProductError } from "#shared/product-error";
import { MAX_OPTIONS_PER_ORDER } from "#shared/rooms";
import { parseOrderLines } from "./order-form";

const room = {
  optionCount: 11,
  ratesMilli: [1980, 1980, 1980, 1980, 4200, 3600, 3600, 4200, 17000, 17000, 95000],
  minbuyCents: 2000,
};

function refusal(raw: unknown) {
  try {
    parseOrderLines(raw, room);
  } catch (error) {
    expect(error).toBeInstanceOf(ProductError);
    return { code: (error as ProductError).errCode, extra: (error as ProductError).extra };
  }
  throw new Error("expected a refusal");
}

describe("parseOrderLines", () => {
  it("turns rows into bet lines in cents and thousandths", () => {
    expect(
      parseOrderLines(
        [
          [0, 1.98, 10],
          [10, "95.000", "15"],
        ],
        room,
      ),
    ).toEqual([
      { optionIndex: 0, oddsMilli: 1980, stakeCents: 1000 },
      { optionIndex: 10, oddsMilli: 95000, stakeCents: 1500 },
    ]);
    expect(parseOrderLines("[[4, 4.2, 20]]", room)).toEqual([{ optionIndex: 4, oddsMilli: 4200, stakeCents: 2000 }]);
  });

  it("refuses empty, malformed, too many, unknown, duplicate or stale-odds rows", () => {
    expect(refusal(undefined).code).toBe(1030);
    expect(refusal([]).code).toBe(1030);
    expect(refusal("").code).toBe(1030);
    expect(refusal("{").code).toBe(1031);
    expect(refusal({ 0: [0, 1.98, 20] }).code).toBe(1031);
    expect(refusal([[0, 1.98]]).code).toBe(1031);
    expect(refusal([[11, 1.98, 20]]).code).toBe(1031);
    expect(refusal([[1.5, 1.98, 20]]).code).toBe(1031);
    expect(
      refusal([
        [0, 1.98, 20],
        ["0", 1.98, 20],
      ]).code,
    ).toBe(1031);
    expect(refusal([[0, 1.99, 20]]).code).toBe(1031);
    const ten = Array.from({ length: MAX_OPTIONS_PER_ORDER + 1 }, (_, i) => [i, room.ratesMilli[i] / 1000, 20]);
    expect(refusal(ten).code).toBe(1031);
  });

  it("wants positive whole amounts totalling at least minbuy", () => {
    expect(refusal([[0, 1.98, 0]]).code).toBe(1042);
    expect(refusal([[0, 1.98, -5]]).code).toBe(1042);
    expect(refusal([[0, 1.98, 2.5]]).code).toBe(1050);
    expect(refusal([[0, 1.98, "1e3"]]).code).toBe(1050);
    expect(refusal([[0, 1.98, 2e9]]).code).toBe(1025);
    expect(refusal([[0, 1.98, 19]])).toEqual({ code: 1024, extra: { num: 20 } });
    expect(
      parseOrderLines(
        [
          [0, 1.98, 10],
          [1, 1.98, 10],
        ],
        room,
      ),
    ).toHaveLength(2);
  });
});
