import { describe, expect, it } from "vitest";
import { Browser } from "./pages";
import { player } from "./wallet-helpers";
import { consoleBrowser } from "./console-pages";

// Dates and times are written one way on every screen (app/components/PlayerTime.tsx: "2026-12-06 14:05", its date
// "2026-12-06"), with the zone named once, and a date field shows and takes its day the reader's way
// (docs/decisions/185).

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

  it("names the zone once on the finance rules, which write no date", async () => {
    const browser = await readerIn("en");
    expect(words(await (await browser.get("/productrule")).text()).match(/UTC\+8/g)).toHaveLength(1);
  });

  it("shows and takes a date field's day the reader's way in each language, its calendar a button away", async () => {
    const ways = {
      en: {
        typed: ["2026-12-01", "2026-12-07"],
        shown: "2026-12-01",
        format: "YYYY-MM-DD",
        open: "Choose the day on a calendar",
      },
      "zh-CN": {
        typed: ["2026年12月1日", "2026-12-07"],
        shown: "2026-12-01",
        format: "年-月-日",
        open: "在日历上选择日期",
      },
      "zh-TW": {
        typed: ["2026/12/01", "2026/12/07"],
        shown: "2026/12/01",
        format: "年/月/日",
        open: "在日曆上選擇日期",
      },
      vi: {
        typed: ["01/12/2026", "07/12/2026"],
        shown: "01/12/2026",
        format: "ngày/tháng/năm",
        open: "Chọn ngày trên lịch",
      },
    };
    for (const [lng, way] of Object.entries(ways)) {
      const browser = await readerIn(lng);
      const [start, end] = way.typed.map(encodeURIComponent);
      const html = await (await browser.get(`/user/statement?start=${start}&end=${end}`)).text();
      // the range was read as the days the reader meant
      expect(words(html), lng).toContain("2026-12-01 – 2026-12-07");
      const fields = html.match(/<input[^>]*name="(?:start|end)"[^>]*>/g) ?? [];
      expect(fields, lng).toHaveLength(2);
      for (const field of fields) {
        expect(field, lng).toContain('type="text"');
        expect(field, lng).toContain(`lang="${lng}"`);
        expect(field, lng).toContain(`placeholder="${way.format}"`);
      }
      expect(fields[0], lng).toContain(`value="${way.shown}"`);
      expect(html, lng).toContain(`aria-label="${way.open}"`);
      // the device's calendar sends nothing itself: only the reader's text goes with the form
      expect(html.match(/<input[^>]*type="date"[^>]*>/g)?.every((f) => !f.includes("name="))).toBe(true);
    }
  });

  it("reads the console's history filter the operator's way, and shows it back so", async () => {
    const desk = await consoleBrowser();
    const html = await (
      await desk.get("/admin/history?kind=deposits&status=all&from=01%2F12%2F2026&to=07.12.2026&lng=vi")
    ).text();
    expect(html).toMatch(/<input[^>]*name="from"[^>]*value="01\/12\/2026"/);
    expect(html).toMatch(/<input[^>]*name="to"[^>]*value="07\/12\/2026"/);
    expect(html).not.toContain('id="from-error"');
    // an English reader's day-first text is no day: refused at its field, in English
    const en = await (await desk.get("/admin/history?kind=deposits&status=all&from=01%2F12%2F2026&lng=en")).text();
    expect(en).toContain('id="from-error"');
  });

  it("does not guess a day the reader's way does not write: an English reader's 07/12/2026 is refused, nothing listed", async () => {
    const browser = await readerIn("en");
    const html = await (await browser.get("/user/statement?start=07%2F12%2F2026&end=2026-12-07")).text();
    expect(html).toMatch(/class="form-error card" role="alert"/);
    expect(words(html)).not.toContain("2026-07-12");
    expect(words(html)).not.toContain("2026-12-07 – 2026-12-07");
  });
});
