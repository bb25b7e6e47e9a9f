import { describe, expect, it } from "vitest";
import en from "../../locales/en/game.json";
import vi from "../../locales/vi/game.json";
import zhCN from "../../locales/zh-CN/game.json";
import zhTW from "../../locales/zh-TW/game.json";

// Keys of a nested resource, with plural suffixes folded (English has _one and _other, Chinese and
// Vietnamese only _other), so every language must say the same things.
function keys(resource: object, prefix = ""): string[] {
  return Object.entries(resource).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keys(value, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|other)$/, "")}`],
  );
}

function placeholders(resource: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(resource)) {
    if (typeof value === "object" && value !== null) Object.assign(out, placeholders(value, `${prefix}${key}.`));
    else
      out[`${prefix}${key.replace(/_(one|other)$/, "")}`] = [...String(value).matchAll(/\{\{(\w+)\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(",");
  }
  return out;
}

describe("game translations", () => {
  const english = [...new Set(keys(en))].sort();
  it.each([
    ["zh-CN", zhCN],
    ["zh-TW", zhTW],
    ["vi", vi],
  ])("%s has every English key with the same placeholders", (_lng, resource) => {
    expect([...new Set(keys(resource))].sort()).toEqual(english);
    expect(placeholders(resource)).toEqual(placeholders(en));
  });
});
