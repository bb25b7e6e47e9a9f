import { describe, expect, it } from "vitest";
import { Browser } from "./pages";
import { player } from "./wallet-helpers";

// Dates and times are written one way on every screen (app/components/PlayerTime.tsx: "2026-12-06 14:05", its date
// "2026-12-06"), with the zone named once, and a date field tells its picker the reader's language.

/** A page's words as a reader sees them: no tags, no scripts. */
const words = (html: string) =>
  html
    .replace(/<script[^]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

async function readerIn(lng: string) {
  const p = await player(0);
  const browser = await new Browser().logIn(p.username, "secret123");
  browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify(lng))));
  return browser;
}

describe("dates written one way", () => {
  it("writes an article's date as every other date, the zone named once above the list, in Vietnamese", async () => {
    const browser = await readerIn("vi");
    const page = words(await (await browser.get("/message")).text());
    expect(page).toMatch(/Ngày giờ theo UTC\+8 .*\d{4}-\d\d-\d\d/);
    expect(page.match(/UTC\+8/g)).toHaveLength(1);
    // not the browser's own medium date ("7 thg 12, 2026")
    expect(page).not.toMatch(/\d+ thg \d+, \d{4}/);
  });

  it("gives every date field the reader's language", async () => {
    for (const lng of ["vi", "zh-CN"]) {
      const browser = await readerIn(lng);
      const html = await (await browser.get("/user/statement")).text();
      const fields = html.match(/<input[^>]*type="date"[^>]*>/g) ?? [];
      expect(fields.length).toBe(2);
      for (const field of fields) expect(field).toContain(`lang="${lng}"`);
    }
  });
});
