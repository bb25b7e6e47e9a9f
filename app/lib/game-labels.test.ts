import { describe, expect, it } from "vitest";
import { gameTitle, optionLabel, rankOfKey, resultText } from "./game-labels";
import en from "../../locales/en/game.json";
import zh from "../../locales/zh-CN/game.json";

// A tiny t() over the real locale files: "game:options.big" looks up options.big.
function translator(resources: Record<string, unknown>) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const path = key.replace(/^game:/, "").split(".");
    let value: unknown = resources;
    for (const part of path) value = (value as Record<string, unknown> | undefined)?.[part];
    if (typeof value !== "string") return (options.defaultValue as string | undefined) ?? key;
    return value.replace(/\{\{(\w+)\}\}/g, (_, name) => String(options[name]));
  };
}

describe("option labels", () => {
  const t = translator(en);

  it("names every option key of the catalogue, and 11x5's triple as sum 30", () => {
    expect(optionLabel(t, "big_odd", 1)).toBe("Big odd");
    expect(optionLabel(t, "triple", 1)).toBe("Triple");
    expect(optionLabel(t, "triple", 3)).toBe("Sum 30");
    expect(optionLabel(t, "rank3_even", 4)).toBe("Rank 3 Even");
    expect(optionLabel(t, "mystery", 1)).toBe("mystery");
  });

  it("reads racing keys", () => {
    expect(rankOfKey("rank10_small")).toEqual({ rank: 10, kind: "small" });
    expect(rankOfKey("rank1_huge")).toBeNull();
  });

  it("names only the champion's options for Racing 10 results", () => {
    expect(resultText(t, ["big", "odd", "big_odd"], 1)).toBe("Big · Odd · Big odd");
    expect(resultText(t, ["rank1_big", "rank1_odd", "rank2_small", "rank2_even"], 4)).toBe("Rank 1 Big · Rank 1 Odd");
    expect(resultText(t, [], 1)).toBe("No winning option");
  });

  it("translates game titles by key, falling back to the stored title", () => {
    expect(gameTitle(translator(zh), "racing10", "Racing 10")).not.toBe("Racing 10");
    expect(gameTitle(t, "unknown", "Stored title")).toBe("Stored title");
  });

  it("has every option name in every language", async () => {
    for (const lng of ["en", "zh-CN", "zh-TW", "vi"]) {
      const resources = (await import(`../../locales/${lng}/game.json`)).default;
      const tr = translator(resources);
      for (const key of [
        "big",
        "small",
        "odd",
        "even",
        "big_odd",
        "big_even",
        "small_odd",
        "small_even",
        "extreme_big",
        "extreme_small",
        "triple",
      ]) {
        expect(optionLabel(tr, key, 1), `${lng} ${key}`).not.toContain("options.");
      }
    }
  });
});
