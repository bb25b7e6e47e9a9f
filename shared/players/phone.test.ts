import { describe, expect, it } from "vitest";
import { maskedPhone, normalisePhone } from "./phone";

describe("normalisePhone", () => {
  it.each([
    "0912345678",
    "912345678",
    "+84912345678",
    "+084912345678",
    "+0084912345678",
    "0084912345678",
    "0912 345 678",
    "0912.345.678",
    "0912-345-678",
    "+84 912-345-678",
    "+84 (0) 912 345 678",
    "(+84) 912.345.678",
    " 0912\u00a0345\u00a0678 ",
  ])("reads %j as +84912345678", (typed) => {
    expect(normalisePhone(typed)).toEqual({ e164: "+84912345678", dialCode: "+84" });
    expect(normalisePhone(typed, "+84")).toEqual({ e164: "+84912345678", dialCode: "+84" });
  });

  it("defaults to Vietnam, and reads a number without a country in the dial code's country", () => {
    expect(normalisePhone("0900000001")?.e164).toBe("+84900000001");
    expect(normalisePhone("(202) 555-0123", "+1")).toEqual({ e164: "+12025550123", dialCode: "+1" });
    expect(normalisePhone("0612345678", "+33")).toEqual({ e164: "+33612345678", dialCode: "+33" });
  });

  it("lets a number's own international prefix win over the dial code picked", () => {
    expect(normalisePhone("+84 912 345 678", "+1")).toEqual({ e164: "+84912345678", dialCode: "+84" });
    expect(normalisePhone("0084912345678", "+86")).toEqual({ e164: "+84912345678", dialCode: "+84" });
  });

  it.each([
    "",
    "   ",
    "12345",
    "0123",
    "+84 12",
    "091234567890123",
    "0912abc678",
    "+999912345678",
    "++84912345678",
    "0912345678#",
  ])("refuses %j", (typed) => {
    expect(normalisePhone(typed)).toBeNull();
  });

  it("refuses a dial code that is not one", () => {
    expect(normalisePhone("912345678", "84")).toBeNull();
    expect(normalisePhone("912345678", "")).toBeNull();
  });

  it("keeps E.164 as it is (a stored number reads back the same)", () => {
    for (const e164 of ["+84912345678", "+12025550123", "+84900000001"]) expect(normalisePhone(e164)?.e164).toBe(e164);
  });
});

describe("maskedPhone", () => {
  it("shows the national number's first three and last two digits", () => {
    expect(maskedPhone("+84912345678", "+84")).toBe("912****78");
    expect(maskedPhone("", "")).toBe("");
  });
});
