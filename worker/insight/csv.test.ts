import { describe, expect, it } from "vitest";
import { csvField } from "./csv";

// Every Unicode format character (category Cf) is invisible, and a spreadsheet may drop it before reading the
// rest of the cell as a formula: a cell led by one is kept as text, as one led by = + - @ is (worker/insight/csv.ts).
const FORMAT_LEADS = [
  "\u00ad", // soft hyphen
  "\u0600", // Arabic number sign
  "\u061c", // Arabic letter mark
  "\u180e", // Mongolian vowel separator
  "\u200b",
  "\u200c",
  "\u200d",
  "\u200e", // left-to-right mark
  "\u200f", // right-to-left mark
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e", // right-to-left override
  "\u2060",
  "\u2061",
  "\u2062",
  "\u2063",
  "\u2064",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u206f",
  "\ufeff",
  "\ufff9",
  "\u{e0001}", // language tag
];

const guarded = (cell: string) => cell.replace(/^"/, "").startsWith("'");

describe("a CSV cell led by a Unicode format character", () => {
  it("is guarded, alone or before a formula, as = + - @ are", () => {
    for (const lead of FORMAT_LEADS) {
      expect(/^\p{Cf}$/u.test(lead), JSON.stringify(lead)).toBe(true);
      expect(guarded(csvField(`${lead}=1+1`)), JSON.stringify(lead)).toBe(true);
      expect(guarded(csvField(`${lead}HYPERLINK("x")`)), JSON.stringify(lead)).toBe(true);
      expect(guarded(csvField(`${lead}${lead}＝1`)), JSON.stringify(lead)).toBe(true);
      expect(guarded(csvField(` ${lead}@SUM(A1)`)), JSON.stringify(lead)).toBe(true);
    }
  });

  it("keeps the leads already guarded, and plain text, numbers and amounts as they are", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠", " ="]) {
      expect(guarded(csvField(`${lead}1`)), JSON.stringify(lead)).toBe(true);
    }
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a\u200eb")).toBe("a\u200eb");
    expect(csvField(-1)).toBe("-1");
    expect(csvField(1234.5)).toBe("1234.5");
    expect(csvField({ cents: -1250 })).toBe("-12.50");
    expect(csvField(null)).toBe("");
  });
});
