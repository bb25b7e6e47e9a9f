import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { auditRows } from "./admin-helpers";
import { articles } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Articles and banners written in the console (docs/decisions/030): sanitized on write, audited in the same batch.

const article = {
  group: 14,
  title: "维护通知",
  title_ft: "維護通知",
  title_yw: "Maintenance notice",
  title_vi: "Thông báo bảo trì",
  content: "<p>今晚维护</p>",
  content_ft: "<p>今晚維護</p>",
  content_yw:
    '<p onclick="steal()">Tonight <b>02:00</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
  content_vi: "<p>Bảo trì tối nay</p>",
  img: "/images/news/maintenance.png",
  sort: "1",
};

describe("articles", () => {
  it("creates an article sanitized on write, audited; players read it in their language; edits and deletes are audited with before", async () => {
    const token = await operatorLogin();
    const created = await api("/api/admin/articles/save", { token, ...article });
    expectOk(created);
    const id = created.data.id;
    const stored = await env.DB.prepare(`SELECT content_yw FROM ${quotedTable(articles)} WHERE id = ?`)
      .bind(id)
      .first<{ content_yw: string }>();
    expect(stored!.content_yw).toContain("<b>02:00</b>");
    expect(stored!.content_yw).not.toMatch(/script|onclick|javascript/i);
    const [audit] = await auditRows("article.create", `article:${id}`);
    expect(JSON.parse(audit.after!)).toMatchObject({ group: 14, title_yw: "Maintenance notice" });

    const player = await registerPlayer();
    const read = await api("/api/Game/getArticledetail", { token: player.token, id, lang: "vi" });
    expect(read.data.localTitle ?? read.data.title_vi).toBe("Thông báo bảo trì");

    const edited = await api("/api/admin/articles/save", { token, ...article, id, title_yw: "Maintenance moved" });
    expectOk(edited);
    const [update] = await auditRows("article.update", `article:${id}`);
    expect(JSON.parse(update.before!).title_yw).toBe("Maintenance notice");
    expect(JSON.parse(update.after!).title_yw).toBe("Maintenance moved");

    const list = await api("/api/admin/articles", { token, group: 14 });
    expect(list.data.list).toContainEqual(expect.objectContaining({ id, title_yw: "Maintenance moved" }));

    expectOk(await api("/api/admin/articles/delete", { token, id }));
    expect(await count("articles", "id = ?", id)).toBe(0);
    const [removed] = await auditRows("article.delete", `article:${id}`);
    expect(JSON.parse(removed.before!).title_yw).toBe("Maintenance moved");
    expectError(await api("/api/admin/articles/delete", { token, id }), 1100);
    expectError(await api("/api/admin/articles/get", { token, id }), 1100);
  });

  it("previews the sanitized article without writing anything", async () => {
    const token = await operatorLogin();
    const before = await count("articles");
    const preview = await api("/api/admin/articles/preview", { token, ...article });
    expectOk(preview);
    expect(preview.data.content_yw).toContain("<b>02:00</b>");
    expect(preview.data.content_yw).not.toMatch(/script|onclick|javascript/i);
    expect(await count("articles")).toBe(before);
  });

  it("refuses a bad group, no title, a javascript: image or an unknown id (1147, 1100), writing nothing", async () => {
    const token = await operatorLogin();
    const before = await count("articles");
    const audits = await count("audit_log", "action LIKE 'article.%'");
    const bad = [
      { group: 10 },
      { group: "news" },
      { title: "", title_ft: "", title_yw: " ", title_vi: "" },
      { img: "javascript:alert(1)" },
      { title_yw: "t".repeat(201) },
      { sort: "x" },
    ];
    for (const change of bad)
      expectError(await api("/api/admin/articles/save", { token, ...article, ...change }), 1147);
    expectError(await api("/api/admin/articles/save", { token, ...article, id: 999_999 }), 1100);
    expectError(await api("/api/admin/articles", { token, group: 3 }), 1147);
    expect(await count("articles")).toBe(before);
    expect(await count("audit_log", "action LIKE 'article.%'")).toBe(audits);
  });
});

describe("banners", () => {
  it("creates, edits and deletes a banner, each audited; players see it", async () => {
    const token = await operatorLogin();
    const created = await api("/api/admin/banners/save", {
      token,
      path: "/images/banner/spring.png",
      path_yw: "/images/banner/spring-en.png",
      link: "/info/1",
      sort: "5",
    });
    expectOk(created);
    const id = created.data.id;
    expect(await auditRows("banner.create", `banner:${id}`)).toHaveLength(1);
    const player = await registerPlayer();
    const shown = await api("/api/Game/slide", { token: player.token, lang: "en" });
    expect(JSON.stringify(shown.data)).toContain("/images/banner/spring-en.png");
    expectOk(await api("/api/admin/banners/save", { token, id, path: "/images/banner/summer.png", link: "" }));
    const [update] = await auditRows("banner.update", `banner:${id}`);
    expect(JSON.parse(update.before!).path).toBe("/images/banner/spring.png");
    expectOk(await api("/api/admin/banners/delete", { token, id }));
    expect(await auditRows("banner.delete", `banner:${id}`)).toHaveLength(1);
    expectError(await api("/api/admin/banners/delete", { token, id }), 1149);
  });

  it("refuses a banner without a default image or with another scheme (1148; its link 1257), writing nothing", async () => {
    const token = await operatorLogin();
    const before = await count("banners");
    for (const body of [{ path: "" }, { path: "javascript:alert(1)" }, { path: "/a.png", path_vi: "ftp://x/a.png" }]) {
      expectError(await api("/api/admin/banners/save", { token, ...body }), 1148);
    }
    expectError(await api("/api/admin/banners/save", { token, path: "/a.png", link: "data:text/html,x" }), 1257);
    expectError(await api("/api/admin/banners/save", { token, id: 999_999, path: "/a.png" }), 1149);
    expect(await count("banners")).toBe(before);
  });
});
