import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Chinese text takes full-width punctuation (，：；？！（）): a half-width comma, colon or bracket beside a
// Chinese character reads as a typo to a Chinese reader. Placeholders, codes and figures keep theirs.

const CJK = "\\u3400-\\u9fff\\uff00-\\uffef\\u3000-\\u303f";
const HALF_BESIDE_CHINESE = new RegExp(`[${CJK}][,:;?!()]|[,;?!(][${CJK}]|\\([^()]*[${CJK}][^()]*\\)`);

function strings(value: unknown, path: string, out: Array<[string, string]>) {
  if (typeof value === "string") out.push([path, value]);
  else if (value && typeof value === "object")
    for (const [key, child] of Object.entries(value)) strings(child, path ? `${path}.${key}` : key, out);
  return out;
}

describe.each(["zh-CN", "zh-TW"])("%s text", (lng) => {
  it("uses full-width punctuation beside Chinese characters", () => {
    const dir = join(import.meta.dirname, lng);
    const found: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      for (const [key, text] of strings(JSON.parse(readFileSync(join(dir, file), "utf8")), "", []))
        // placeholders, quoted literals (a message format like "房间:期号") and markup keep their own characters
        if (HALF_BESIDE_CHINESE.test(text.replace(/\{\{\w+\}\}|"[^"]*"|<[^>]+>/g, "X")))
          found.push(`${file} ${key}: ${text}`);
    }
    expect(found).toEqual([]);
  });
});
