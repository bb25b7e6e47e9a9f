import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count } from "./helpers";
import { operatorBrowser } from "./console-pages";
import { settings, financeProducts, rooms, banners as bannersTable } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Console forms refused at the wrong field, in the operator's units (docs/decisions/141): nothing is
// written, the input is marked invalid and described by its message. Banners are uploaded, previewed
// per language, then saved; the article list names missing languages; settings show the four-eyes limits.

/** The message under the field of that name marked invalid, found through its aria-describedby. */
function fieldMessage(page: string, name: string): string | null {
  const inputs =
    page.match(new RegExp(`<(?:input|textarea)[^>]*name="${name.replace(/[.]/g, "\\.")}"[^>]*>`, "g")) ?? [];
  const invalid = inputs.filter((input) => /aria-invalid="true"/.test(input));
  if (invalid.length > 1) throw new Error(`${invalid.length} invalid fields named ${name}`);
  const id = invalid[0] ? /aria-describedby="([^"]+)"/.exec(invalid[0])?.[1] : null;
  if (!id) return null;
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(page)?.[1].replace(/&amp;/g, "&") ?? null;
}

/** The value an input of that name is given on the page (the first of that name). */
const inputValue = (page: string, name: string) =>
  /value="([^"]*)"/.exec(new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? "")?.[1];

const settingsRow = async () =>
  (await env.DB.prepare(
    `SELECT group_concat(key || '=' || value, ';') AS all_values FROM ${quotedTable(settings)}`,
  ).first<{
    all_values: string;
  }>())!.all_values;

describe("console field errors", () => {
  it("settings: a withdrawal cap out of range says the range in the currency, at the field; nothing changes", async () => {
    const browser = await operatorBrowser();
    const page = await (await browser.get("/admin/settings")).text();
    const vip = [...page.matchAll(/name="vip"[^>]*value="([\d.]+)"/g)].map((m) => m[1]);
    const before = await settingsRow();
    const audits = await count("audit_log");
    const form: [string, string][] = [
      ["kefu_url", ""],
      ["android_url", "ftp://x"],
      ["ios_url", ""],
      ["currency_label", "USD"],
      ["withdraw_daily_cap", "0.50"],
      ["deposit_mode", "request"],
      ...vip.map((v) => ["vip", v] as [string, string]),
      ["invitations", "888"],
    ];
    const refused = await browser.post("/admin/settings", form);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(fieldMessage(html, "withdraw_daily_cap")).toBe("An amount from 1.00 USD to 10,000,000.00 USD");
    expect(fieldMessage(html, "android_url")).toContain("an https:// address");
    expect(fieldMessage(html, "kefu_url")).toBeNull();
    // without JavaScript the refused page is new: every field comes back as typed, not as stored
    expect(inputValue(html, "android_url")).toBe("ftp://x");
    expect(inputValue(html, "withdraw_daily_cap")).toBe("0.50");
    expect(await settingsRow()).toBe(before);
    expect(await count("audit_log")).toBe(audits);
  });

  it("settings show the four-eyes adjustment limits and the maximum, in money with the currency", async () => {
    const browser = await operatorBrowser();
    const page = await (await browser.get("/admin/settings")).text();
    const section = /data-testid="four-eyes"[\s\S]*?<\/section>/.exec(page)![0];
    expect(section).toContain("Largest single adjustment");
    expect(section).toContain("100,000.00 USD");
    expect(section).toContain("10,000.00 USD");
    expect(section).toContain("50,000.00 USD");
    expect(section).toContain("99.50 %");
    expect(section).not.toMatch(/<input/);
  });

  it("finance: the daily rate is typed and refused as a percentage; a good one is stored in parts per million", async () => {
    const browser = await operatorBrowser();
    const page = await (await browser.get("/admin/finance")).text();
    expect(page).toMatch(/name="rate"[^>]*value="0\.\d+"/);
    const stored = async () =>
      (await env.DB.prepare(
        `SELECT daily_rate_ppm, min_cents, days FROM ${quotedTable(financeProducts)} WHERE id = 3`,
      ).first())!;
    const before = await stored();
    const refused = await browser.post("/admin/finance", { id: "3", rate: "12", min: "0", max: "", days: "4000" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(fieldMessage(html, "rate")).toBe("A daily rate from 0.0001 % to 10 %, at most four decimals");
    expect(fieldMessage(html, "min")).toBe("An amount from 0.01 USD to 100,000,000.00 USD");
    expect(fieldMessage(html, "days")).toBe("A whole number from 1 to 3,650");
    expect(html).not.toContain("parts per million");
    expect(await stored()).toEqual(before);
    const saved = await browser.post("/admin/finance", {
      id: "3",
      rate: "0.2125",
      min: "100000",
      max: "",
      days: String(before.days),
    });
    expect(saved.status).toBe(302);
    expect((await stored()).daily_rate_ppm).toBe(2125);
  });

  it("finance: the open-ended tier's ceiling below its least (1201), or that least above the ceiling (1202), is refused at its field; nothing is written", async () => {
    const browser = await operatorBrowser();
    const before = {
      settings: await settingsRow(),
      tier: await env.DB.prepare(`SELECT * FROM ${quotedTable(financeProducts)} WHERE id = 4`).first(),
      audits: await count("audit_log"),
    };
    const low = await browser.post("/admin/finance", { intent: "openmax", max: "1499999.99" });
    expect(low.status).toBe(400);
    expect(fieldMessage(await low.text(), "max")).toBe(
      "The most one transfer-in takes must not be below the least amount of the tier with no maximum (1500000)",
    );
    const high = await browser.post("/admin/finance", {
      id: "4",
      rate: "1.3",
      min: "10000000.01",
      max: "",
      days: "60",
    });
    expect(high.status).toBe(400);
    expect(fieldMessage(await high.text(), "min")).toBe(
      "The least amount of a tier with no maximum must not be above the most one transfer-in takes (10000000)",
    );
    expect({
      settings: await settingsRow(),
      tier: await env.DB.prepare(`SELECT * FROM ${quotedTable(financeProducts)} WHERE id = 4`).first(),
      audits: await count("audit_log"),
    }).toEqual(before);
  });

  it("rooms: wrong odds are marked on their own row with the allowed range; other fields at theirs; the room is unchanged", async () => {
    const browser = await operatorBrowser();
    const page = await (await browser.get("/admin/rooms/16")).text();
    const rates = [...page.matchAll(/name="rate"[^>]*value="([\d.]+)"/g)].map((m) => m[1]);
    const row = async () =>
      JSON.stringify(await env.DB.prepare(`SELECT * FROM ${quotedTable(rooms)} WHERE id = 16`).first());
    const before = await row();
    const refused = await browser.post("/admin/rooms/16", [
      ["title", "Big & Small"],
      ["kind", "standard"],
      ["minjoin", "0"],
      ["minbuy", "0"],
      ["minLevel", "9"],
      ["roundSeconds", "5"],
      ["closeSeconds", ""],
      ["trading", "on"],
      ...rates.map((r, i) => ["rate", i === 1 ? "0.5" : r] as [string, string]),
    ]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(fieldMessage(html, "rate")).toBe("Odds from 1.001 to 1,000.000, at most three decimals");
    expect([...html.matchAll(/<input[^>]*name="rate"[^>]*>/g)].map((m) => /aria-invalid="true"/.test(m[0]))).toEqual(
      rates.map((_, i) => i === 1),
    );
    expect(fieldMessage(html, "minbuy")).toBe("An amount from 0.01 USD to 100,000,000.00 USD");
    expect(fieldMessage(html, "minLevel")).toBe("A whole number from 1 to 8");
    expect(fieldMessage(html, "roundSeconds")).toBe("Empty (the default) or 10 to 86,400 seconds");
    expect(await row()).toBe(before);
  });

  it("articles: the list names the languages an article lacks; a blank article is refused at its title", async () => {
    const browser = await operatorBrowser();
    const saved = await browser.post("/admin/content/new", {
      group: "14",
      sort: "0",
      img: "",
      title_yw: "Only English",
      content_yw: "<p>Hi</p>",
      title: "",
      content: "",
      title_ft: "",
      content_ft: "",
      title_vi: "Chỉ tiêu đề",
      content_vi: "",
      intent: "save",
    });
    expect(saved.status).toBe(302);
    const id = /\/admin\/content\/(\d+)$/.exec(saved.headers.get("location")!)![1];
    const list = await (await browser.get("/admin/content?group=14")).text();
    expect(new RegExp(`data-testid="missing-${id}">([^<]*)<`).exec(list)![1]).toBe(
      "Missing: 简体中文 (default), 繁體中文, Tiếng Việt",
    );
    const articles = await count("articles");
    const refused = await browser.post("/admin/content/new", {
      group: "14",
      sort: "abc",
      img: "javascript:alert(1)",
      title: "",
      title_yw: "",
      title_ft: "",
      title_vi: "",
      content: "",
      content_yw: "",
      content_ft: "",
      content_vi: "",
      intent: "save",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(fieldMessage(html, "img")).toContain("an https:// address");
    expect(fieldMessage(html, "sort")).toBe("A whole number from -99,999 to 999,999");
    expect(await count("articles")).toBe(articles);
  });
});

async function fixtureBytes(): Promise<Uint8Array<ArrayBuffer>> {
  // A PNG header of 750 x 300 (what the API checks), then distinct bytes.
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, 750);
  new DataView(bytes.buffer).setUint32(20, 300);
  bytes.set(crypto.getRandomValues(new Uint8Array(16)), 40);
  return bytes;
}

describe("banner screen", () => {
  it("uploads per language, previews each language before saving (nothing saved), then saves; a wrong file is refused at its field", async () => {
    const browser = await operatorBrowser();
    const banners = await count("banners");
    const form = new FormData();
    form.set("intent", "preview");
    for (const name of ["path", "path_yw", "path_tw", "path_vi", "link"]) form.set(name, "");
    form.set("sort", "7");
    form.set("file_path", new File([await fixtureBytes()], "zh.png", { type: "image/png" }));
    form.set("file_path_yw", new File([await fixtureBytes()], "en.png", { type: "image/png" }));
    const preview = await browser.postMultipart("/admin/banners", form);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(await count("banners")).toBe(banners);
    const src = (lang: string) =>
      new RegExp(`data-testid="banner-preview-new-${lang}"><img src="([^"]+)"`).exec(html)?.[1];
    expect(src("chs")).toMatch(/^\/media\/banners\/[A-Za-z0-9_-]{43}\.png$/);
    expect(src("en")).toMatch(/^\/media\/banners\/[A-Za-z0-9_-]{43}\.png$/);
    expect(src("en")).not.toBe(src("chs"));
    // languages without their own image show the default one, and say so
    expect(src("vi")).toBe(src("chs"));
    expect(html).toContain("shows the default image");
    const image = await browser.get(src("en")!);
    expect(image.headers.get("content-type")).toBe("image/png");
    await image.arrayBuffer();

    const save = new FormData();
    save.set("intent", "save");
    save.set("path", src("chs")!);
    save.set("path_yw", src("en")!);
    for (const name of ["path_tw", "path_vi", "link"]) save.set(name, "");
    save.set("sort", "7");
    const saved = await browser.postMultipart("/admin/banners", save);
    expect(saved.status).toBe(302);
    expect(await count("banners")).toBe(banners + 1);
    const stored = await env.DB.prepare(
      `SELECT path, path_yw FROM ${quotedTable(bannersTable)} ORDER BY id DESC LIMIT 1`,
    ).first<{
      path: string;
      path_yw: string;
    }>();
    expect(stored).toEqual({ path: src("chs"), path_yw: src("en") });

    const wrong = new FormData();
    wrong.set("intent", "preview");
    for (const name of ["path", "path_yw", "path_tw", "path_vi", "link"]) wrong.set(name, "");
    wrong.set("sort", "0");
    wrong.set("file_path_vi", new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" }));
    const refused = await browser.postMultipart("/admin/banners", wrong);
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(fieldMessage(refusedPage, "file_path_vi")).toBe("The image must be a PNG, JPEG or WebP file");
    expect(await count("banners")).toBe(banners + 1);
  });
});
