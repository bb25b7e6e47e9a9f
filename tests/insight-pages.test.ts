import { databasesOf } from "../worker/db/databases";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleOnly, operatorBrowser } from "./console-pages";
import { finishRound, placeOk, playerWith } from "./rooms-helpers";
import { checkEveryShard } from "../worker/insight/books";
import { formatDate } from "#shared/days";
import { playerD1 } from "./shard-helpers";
import { users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The console's insight screens as a browser gets them: server-drawn SVG charts with their
// tables, the books check on every screen, the markers of harm, the exports, in four languages.

const PAGES = ["/admin/insight", "/admin/insight?days=90&room=1", "/admin/risk", "/admin/exports"];

describe("the console's insight screens", () => {
  it("are 404 to guests and players and shown to the operator", async () => {
    const someone = await playerWith(0);
    await expectConsoleOnly([...PAGES, `/admin/risk/${someone.userId}`]);
  });

  it("show the books check and the charts on the first screen, in four languages", async () => {
    const p = await playerWith(10_000);
    await placeOk(p.token, 15, [[0, 1.98, 30]]);
    await finishRound(15);
    await checkEveryShard(databasesOf(env), Date.now());
    const browser = await operatorBrowser();
    const words = {
      en: ["Books balanced", "Turnover and payouts per day", "Show as a table", "Return to player by room"],
      "zh-CN": ["账目平衡", "每日投注额与派彩", "以表格显示", "各房间返奖率"],
      "zh-TW": ["帳目平衡", "每日投注額與派彩", "以表格顯示", "各房間返獎率"],
      vi: ["Sổ sách cân đối", "Doanh số và tiền trả mỗi ngày", "Xem dạng bảng", "Tỷ lệ trả thưởng theo phòng"],
    };
    for (const [lng, expected] of Object.entries(words)) {
      await (await browser.post("/languageSet", { lng, redirectTo: "/admin" })).body?.cancel();
      const page = await (await browser.get("/admin")).text();
      for (const w of expected) expect(page, `${lng}: ${w}`).toContain(w);
      expect(page).toContain('data-testid="books-ok"');
      // the books were checked at a time with its zone, written as every screen writes it
      expect(page).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC\+8/);
      // drawn on the server: an SVG picture with its title, no script of a chart library
      expect(page).toMatch(/<svg[^>]*role="img"/);
      expect(page).toContain(formatDate(Date.now()));
    }
    await (await browser.post("/languageSet", { lng: "en", redirectTo: "/admin" })).body?.cancel();
    // the table view carries the figures of the day: 0.30 turnover of this test at least, with its currency
    const insight = await (await browser.get("/admin/insight?room=15")).text();
    expect(insight).toMatch(/\d[\d,]*\.\d\d USD/);
    expect(insight).toContain("Within chance");
    // each bar chart writes its scale: the highest day in money (30.00 staked; 59.40 paid if the bet won, the
    // house then at -29.40, its lowest), the one active player as a count
    const scales = [...insight.matchAll(/<text[^>]*class="chart-label[^"]*"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    const won = scales.includes("59.40 USD");
    expect(scales).toContain(won ? "-29.40 USD" : "30.00 USD");
    expect(scales).toContain("1");
  });

  it("record an operator's action on a player's risk file, and stream an export as a file", async () => {
    const browser = await operatorBrowser();
    const p = await playerWith(0);
    const file = await (await browser.get(`/admin/players/${p.userId}`)).text();
    expect(file).toContain("Markers of harm");
    const saved = await browser.post(`/admin/risk/${p.userId}`, {
      kind: "message",
      text: "Sent a reminder about the reality check",
    });
    expect(saved.status).toBe(302);
    await saved.body?.cancel();
    const page = await (await browser.get(`/admin/risk/${p.userId}`)).text();
    expect(page).toContain("Sent a reminder about the reality check");
    expect(page).toContain("Message sent");
    const today = formatDate(Date.now());
    const csv = await browser.post("/admin/exports/csv", { kind: "audit", from: today, to: today });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain("risk.message");
    // the days as a Vietnamese operator's date fields write them (docs/decisions/185)
    const [y, m, d] = today.split("-");
    const vi = await browser.post("/admin/exports/csv?lng=vi", {
      kind: "audit",
      from: `${d}/${m}/${y}`,
      to: `${d}/${m}/${y}`,
    });
    expect(vi.status).toBe(200);
    expect(await vi.text()).toContain("risk.message");
    const refused = await browser.post("/admin/exports/csv", { kind: "audit", from: today, to: "2001-01-01" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/admin/exports");
    await refused.body?.cancel();
  });

  it("show a failed books check in red on every screen, with the rows that disagree", async () => {
    const p = await playerWith(5_000);
    await (
      await playerD1(p.userId)
    )
      .prepare(`UPDATE ${quotedTable(users)} SET money_cents = money_cents + 1 WHERE id = ?`)
      .bind(p.userId)
      .run();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await checkEveryShard(databasesOf(env), Date.now());
    vi.restoreAllMocks();
    const browser = await operatorBrowser();
    for (const path of ["/admin", "/admin/players", "/admin/audit"]) {
      const page = await (await browser.get(path)).text();
      expect(page, path).toContain('data-testid="books-failed"');
      expect(page).toContain('role="alert"');
      expect(page).toContain(`Player #${p.userId}: balance 50.01 USD, ledger sum 50.00 USD`);
    }
  });
});
