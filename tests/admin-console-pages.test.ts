import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count, expectMoneyInvariants } from "./helpers";
import { consoleBrowser, expectConsoleOnly, operatorBrowser } from "./console-pages";
import { Browser } from "./pages";
import { currentRound, placeOk, playerWith, balanceOf } from "./rooms-helpers";
import { articles, financeProducts } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The console screens added for content, settings, room creation, voiding, finance and protection:
// forms that work without JavaScript, each one an /api/admin call.

const NEW_PAGES = [
  "/admin/content",
  "/admin/content?group=26",
  "/admin/content/new",
  "/admin/banners",
  "/admin/settings",
  "/admin/finance",
  "/admin/rooms/new",
  "/admin/rooms/new?game=1",
];

async function html(response: Response) {
  return response.text();
}

describe("new console pages", () => {
  it("are 404 to guests and players and shown to the operator", async () => {
    const seeded = await env.DB.prepare(`SELECT id FROM ${quotedTable(articles)} ORDER BY id LIMIT 1`).first<{
      id: number;
    }>();
    await expectConsoleOnly([...NEW_PAGES, `/admin/content/${seeded!.id}`]);
  });

  it("preview an article sanitized without writing it, then save it and players read it", async () => {
    const browser = await operatorBrowser();
    const fields = {
      group: "9",
      sort: "0",
      img: "",
      title_yw: "Console news",
      content_yw: '<p>Hello <img src=x onerror="alert(1)"></p><script>alert(2)</script>',
      title: "",
      content: "",
      title_ft: "",
      content_ft: "",
      title_vi: "",
      content_vi: "",
    };
    const before = await count("articles");
    const preview = await browser.post("/admin/content/new", { ...fields, intent: "preview" });
    expect(preview.status).toBe(200);
    const page = await html(preview);
    // The form gives the operator's own text back (escaped); the preview shows what players will get.
    const shown = /data-testid="article-preview-en">([\s\S]*?)<\/section>/.exec(page)![1];
    expect(shown).toContain("<p>Hello <img");
    expect(shown).not.toContain("onerror");
    expect(shown).not.toContain("alert(2)");
    expect(await count("articles")).toBe(before);
    const saved = await browser.post("/admin/content/new", { ...fields, intent: "save" });
    expect(saved.status).toBe(302);
    const id = /\/admin\/content\/(\d+)$/.exec(saved.headers.get("location")!)![1];
    const reader = await new Browser().logIn();
    const article = await html(await reader.get(`/info/${id}`));
    expect(article).toContain("Console news");
    const bad = await browser.post("/admin/content/new", { ...fields, title_yw: "", intent: "save" });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("A title in at least one language, at most 200 characters");
  });

  it("save settings: the deposit account waits for a second admin, then appears on the player's deposit screen; a bad link is refused in the operator's words", async () => {
    const browser = await operatorBrowser();
    const settings = await html(await browser.get("/admin/settings"));
    const vip = [...settings.matchAll(/name="vip"[^>]*value="([\d.]+)"/g)].map((m) => m[1]);
    expect(vip).toHaveLength(8);
    const form: [string, string][] = [
      // the support link as approved (""): a change of it would wait for a second admin too
      ["kefu_url", ""],
      ["android_url", ""],
      ["ios_url", ""],
      ["currency_label", "USD"],
      ["withdraw_daily_cap", "50000"],
      ["deposit_mode", "request"],
      ...vip.map((v) => ["vip", v] as [string, string]),
      ["payee_type", "bank"],
      ["payee_name", "Techcombank"],
      ["payee_holder", "DEMO PAYMENTS"],
      ["payee_account", "19033344455566"],
      ...[1, 2, 3, 4].flatMap(
        () =>
          [
            ["payee_type", "bank"],
            ["payee_name", ""],
            ["payee_holder", ""],
            ["payee_account", ""],
          ] as [string, string][],
      ),
      ["invitations", "888\nWELCOME1"],
    ];
    const saved = await browser.post("/admin/settings", form);
    expect(saved.status).toBe(302);
    await saved.body?.cancel();
    const player = await new Browser().logIn();
    // where players pay is money: the change waits for a second admin (docs/decisions/167)
    expect(await html(await player.get("/recharge"))).not.toContain("19033344455566");
    const second = await consoleBrowser("admin2", "admin21234");
    const waiting = await html(await second.get("/admin/settings"));
    const id = /name="intent" value="approve"[^]*?name="id" value="(\d+)"/.exec(waiting)![1];
    const step = await html(await second.post("/admin/settings", { intent: "approve", id }));
    expect(step).toContain("Approve changing the deposit accounts from none to Techcombank");
    const approved = await second.post("/admin/settings", { intent: "approve", id, confirmed: "yes" });
    expect(approved.status).toBe(302);
    await approved.body?.cancel();
    const recharge = await html(await player.get("/recharge"));
    expect(recharge).toContain("19033344455566");
    expect(recharge).toContain("Techcombank");
    expect(recharge).toContain("Pay into");
    const bad = await browser.post(
      "/admin/settings",
      form.map(([k, v]) => [k, k === "kefu_url" ? "javascript:alert(1)" : v] as [string, string]),
    );
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain(
      "Empty, a path in the app starting with / and a letter or digit (such as /info/1), or an https:// address",
    );
  });

  it("create a room from a game's defaults, and void its round in play with a reason; stakes come back", async () => {
    const browser = await operatorBrowser();
    const form = await html(await browser.get("/admin/rooms/new?game=15"));
    const rates = [...form.matchAll(/name="rate"[^>]*value="([\d.]+)"/g)].map((m) => m[1]);
    expect(rates.length).toBeGreaterThan(0);
    const created = await browser.post("/admin/rooms/new", [
      ["gameId", "15"],
      ["roomtype", "3"],
      ["title", "Fast 3 · ETH console"],
      ["kind", "standard"],
      ["minjoin", "0"],
      ["minbuy", "20"],
      ["minLevel", "1"],
      ["roundSeconds", ""],
      ["closeSeconds", ""],
      ["trading", "on"],
      ...rates.map((r) => ["rate", r] as [string, string]),
    ]);
    expect(created.status).toBe(302);
    const roomId = Number(/\/admin\/rooms\/(\d+)$/.exec(created.headers.get("location")!)![1]);
    const p = await playerWith(10_000);
    await placeOk(p.token, roomId, [[0, Number(rates[0]), 30]]);
    const round = await currentRound(roomId);
    const page = await html(await browser.get(`/admin/rooms/${roomId}`));
    expect(page).toContain('name="intent" value="void"');
    const missing = await browser.post(`/admin/rooms/${roomId}`, {
      intent: "void",
      roundId: String(round.roundId),
      reason: "",
    });
    expect(missing.status).toBe(400);
    expect(await html(missing)).toContain("Please give a reason");
    // the first submit only asks: the step names the round, the bets and the stakes that come back
    const fields = {
      intent: "void",
      roundId: String(round.roundId),
      preset: "wrongOdds",
      reason: "typed 1.98 as 9.18",
    };
    const staked = await balanceOf(p.userId);
    const step = await browser.post(`/admin/rooms/${roomId}`, fields);
    expect(step.status).toBe(200);
    expect(await html(step)).toMatch(
      /Void round \d+ of Fast 3 · ETH console: 1 bets with 30.00 USD staked are refunded/,
    );
    expect(await balanceOf(p.userId)).toBe(staked);
    const voided = await browser.post(`/admin/rooms/${roomId}`, { ...fields, confirmed: "yes" });
    expect(voided.status).toBe(302);
    expect(await balanceOf(p.userId)).toBe(10_000);
    const after = await html(await browser.get(`/admin/rooms/${roomId}`));
    expect(after).toContain("Wrong odds · typed 1.98 as 9.18");
  });

  it("edit a finance tier; least above most is refused with its message", async () => {
    const browser = await operatorBrowser();
    const ok = await browser.post("/admin/finance", {
      id: "2",
      rate: "0.18",
      min: "300000",
      max: "800000",
      days: "30",
    });
    expect(ok.status).toBe(302);
    const row = await env.DB.prepare(`SELECT daily_rate_ppm FROM ${quotedTable(financeProducts)} WHERE id = 2`).first<{
      daily_rate_ppm: number;
    }>();
    expect(row!.daily_rate_ppm).toBe(1800);
    const bad = await browser.post("/admin/finance", {
      id: "2",
      rate: "0.18",
      min: "900000",
      max: "800000",
      days: "30",
    });
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("The least amount must not be above the most");
  });

  it("show a player's protection read-only on their file", async () => {
    const browser = await operatorBrowser();
    const page = await html(await browser.get("/admin/players/3"));
    expect(page).toContain('data-testid="player-protection"');
    expect(page).toContain("Loss limit");
    expect(page).not.toMatch(/name="(kind|period|money)"[^>]*>[^<]*<\/select>/);
  });

  it("show the day's totals with thousands separators and the currency, never raw figures", async () => {
    const p = await playerWith(200_000);
    await placeOk(p.token, 15, [[0, 1.98, 1500]]);
    const page = await (await (await operatorBrowser()).get("/admin/totals")).text();
    const table = /<table[\s\S]*<\/table>/.exec(page)![0];
    // today's turnover holds at least this 1,500.00 stake: written 1,5xx.xx USD or larger, with separators
    expect(table).toMatch(/\d{1,3}(,\d{3})+\.\d\d(<!-- -->)?\s*<small>USD<\/small>/);
    expect(table).not.toMatch(/>\d{4,}\.\d\d</);
    await expectMoneyInvariants();
  });
});
