import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";
import { consoleBrowser } from "./console-pages";
import { banners as bannersTable, settingRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// A home-page banner whose link leaves the site could send every player to a "pay here" page of one operator's
// choosing: where players pay is money, so such a banner waits for a second admin, in the requests of the money
// settings (docs/decisions/188-banners-leading-outside-wait-for-a-second-admin.md, 167). A link inside the site is
// saved at once. The first test failed on the code before it: one manager's https:// link reached players at once.

const OUTSIDE = "https://pay.example/deposit-here";
const IMAGE = "/banners/promo.svg";

type Request = { id: number; key: string; banner: number | "new" | null; before: unknown; after: unknown };

const save = (token: string, banner: Record<string, unknown>) =>
  api("/api/admin/banners/save", { token, path: IMAGE, sort: "1", ...banner });
const decide = (token: string, id: number, intent: "approve" | "reject") =>
  api(`/api/admin/settings/requests/${intent}`, { token, id });
/** The links of the slides a player is shown on the home page. */
const linksSeen = async (token: string) =>
  ((await api("/api/Game/slide", { token, lang: "en" })).data.list as { link: string }[]).map((s) => s.link);
const bannerRequests = async (token: string) =>
  ((await api("/api/admin/settings/requests", { token })).data.list as Request[]).filter((r) => r.key === "banner");
const storedLink = async (id: number) =>
  (
    await env.DB.prepare(`SELECT link FROM ${quotedTable(bannersTable)} WHERE id = ?`)
      .bind(id)
      .first<{ link: string }>()
  )?.link;
// the words a reader sees: scripts (the page's data for hydration) left out
const words = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("a banner leading outside the site waits for a second admin", () => {
  it("a manager alone does not send players outside: the https:// link waits, players keep the approved banner until an admin approves", async () => {
    const manager = await (await secondOperator(true, "manager")).signIn();
    const player = await registerPlayer();
    // a link inside the site is saved at once, as before
    const created = await save(manager, { link: "/activity/3" });
    expectOk(created);
    expect(created.data.waiting).toBe(false);
    const id = created.data.id as number;
    expect(await linksSeen(player.token)).toContain("/activity/3");

    const asked = await save(manager, { id, link: OUTSIDE });
    expectOk(asked);
    expect(await linksSeen(player.token)).not.toContain(OUTSIDE);
    expect(await linksSeen(player.token)).toContain("/activity/3");
    expect(await storedLink(id)).toBe("/activity/3");
    expect(asked.data).toEqual({ id, waiting: true });
    const [request] = await bannerRequests(manager);
    expect(request).toMatchObject({
      banner: id,
      before: { link: "/activity/3", path: IMAGE },
      after: { link: OUTSIDE, path: IMAGE },
    });

    // the manager may not approve it (an admin's decision); an admin does, and players see it at once
    expectError(await decide(manager, request.id, "approve"), 1174);
    expect(await linksSeen(player.token)).not.toContain(OUTSIDE);
    const admin = await operatorLogin();
    expectOk(await decide(admin, request.id, "approve"));
    expect(await linksSeen(player.token)).toContain(OUTSIDE);
    expect(await linksSeen(player.token)).not.toContain("/activity/3");
    // a second approval changes nothing
    expectError(await decide(admin, request.id, "approve"), 1128);
    expect(await bannerRequests(admin)).toEqual([]);
    // taking it back inside the site is at once
    expectOk(await save(manager, { id, link: "/activity/3" }));
    expect(await linksSeen(player.token)).toContain("/activity/3");
  });

  it("a new banner leading outside waits whole; a second admin's approval shows it; the ask and the approval are audited in words", async () => {
    const admin = await operatorLogin();
    const player = await registerPlayer();
    const banners = await count("banners");
    const asked = await save(admin, { path: "/banners/pay.svg", link: OUTSIDE, sort: "2" });
    expectOk(asked);
    expect(asked.data).toEqual({ id: null, waiting: true });
    expect(await count("banners")).toBe(banners);
    expect(await linksSeen(player.token)).not.toContain(OUTSIDE);
    const [request] = await bannerRequests(admin);
    expect(request).toMatchObject({ banner: "new", before: null, after: { link: OUTSIDE, sort: 2 } });
    // nobody approves their own request
    expectError(await decide(admin, request.id, "approve"), 1123);
    const second = await operatorLogin("admin2");
    expectOk(await decide(second, request.id, "approve"));
    expect(await count("banners")).toBe(banners + 1);
    const row = await env.DB.prepare(`SELECT id, path, link, sort FROM ${quotedTable(bannersTable)} WHERE link = ?`)
      .bind(OUTSIDE)
      .first<{ id: number; path: string; link: string; sort: number }>();
    expect(row).toMatchObject({ path: "/banners/pay.svg", sort: 2 });
    expect(await linksSeen(player.token)).toContain(OUTSIDE);

    const [ask] = await auditRows("banner.link.ask", "banner:new");
    expect(JSON.parse(ask.after!)).toMatchObject({
      link: OUTSIDE,
      path: "/banners/pay.svg",
      waitsForSecondAdmin: true,
    });
    const [approved] = await auditRows("banner.link.approve", `banner:${row!.id}`);
    expect(JSON.parse(approved.after!)).toMatchObject({ status: "approved", link: OUTSIDE });
    expect(JSON.parse(approved.before!)).toMatchObject({ request: request.id });
    const browser = await consoleBrowser();
    const audit = words(await (await browser.get("/admin/audit?action=banner.link")).text());
    for (const phrase of [
      "asked for a banner leading outside the site",
      "approved a banner leading outside the site",
      `Link: ${OUTSIDE}`,
      "Waits for a second admin: yes",
      "Asked by: admin",
    ])
      expect(audit).toContain(phrase);
    for (const [lng, phrase] of [
      ["zh-CN", "批准了链接到站外的横幅"],
      ["zh-TW", "申請連結到站外的橫幅"],
      ["vi", "đã duyệt một banner dẫn ra ngoài trang"],
    ]) {
      await browser.post("/languageSet", { lng }).then((r) => r.body?.cancel());
      expect(words(await (await browser.get("/admin/audit?action=banner.link")).text())).toContain(phrase);
    }
    await browser.post("/languageSet", { lng: "en" }).then((r) => r.body?.cancel());
  });

  it("refuses a malformed link with its own localized message (1257), on the API and the console's form, and changes nothing", async () => {
    const manager = await (await secondOperator(true, "manager")).signIn();
    const counts = async () => [
      await count("banners"),
      await count("setting_requests"),
      await count("audit_log", "action LIKE 'banner.%'"),
    ];
    const before = await counts();
    for (const bad of [
      "javascript:alert(1)",
      "data:text/html,<b>pay</b>",
      "//evil.example/pay",
      "/\\evil.example",
      "/pay here",
      "https://pay example.com",
      "http://pay.example",
    ])
      expectError(await save(manager, { link: bad }), 1257);
    const chinese = await api("/api/admin/banners/save", {
      token: manager,
      lang: "zh-CN",
      path: IMAGE,
      link: "//x.io",
    });
    expectError(chinese, 1257);
    expect(chinese.info).toContain("本站页面");
    const page = await (await consoleBrowser()).postMultipart("/admin/banners", multipart({ link: "//evil.example" }));
    expect(page.status).toBe(400);
    expect(words(await page.text())).toContain(
      "The link must be empty, a page of this site starting with / and a letter or digit (such as /activity/3), or an https:// address, which waits for a second admin",
    );
    expect(await counts()).toEqual(before);
  });

  it("while a banner's change waits it is not edited (1258); asked again it is no new request; another admin refuses, the asker withdraws", async () => {
    const elsewhere = "https://pay.example/refused";
    const manager = await secondOperator(true, "manager");
    const managerToken = await manager.signIn();
    const admin = await operatorLogin();
    const player = await registerPlayer();
    const created = await save(admin, { link: "/info/1" });
    const id = created.data.id as number;
    expectOk(await save(managerToken, { id, link: elsewhere }));
    expectOk(await save(managerToken, { id, link: elsewhere }));
    expect(await bannerRequests(admin)).toHaveLength(1);
    expectError(await save(admin, { id, link: "https://other.example/pay" }), 1258);
    expectError(await save(admin, { id, link: "/info/2" }), 1258);
    // a second new banner leading outside waits for the first new one to be decided
    expectOk(await save(admin, { link: "https://first.example" }));
    expectError(await save(managerToken, { link: "https://second.example" }), 1258);

    const [request, fresh] = await bannerRequests(admin);
    expectOk(await decide(admin, request.id, "reject"));
    expectOk(await decide(admin, fresh.id, "reject"));
    expect(await storedLink(id)).toBe("/info/1");
    expect(await linksSeen(player.token)).not.toContain(elsewhere);
    const [refused] = await auditRows("banner.link.reject", `banner:${id}`);
    expect(JSON.parse(refused.after!)).toMatchObject({ status: "rejected", link: elsewhere });
    const [withdrawnNew] = await auditRows("banner.link.reject", "banner:new");
    expect(JSON.parse(withdrawnNew.after!)).toMatchObject({ status: "cancelled", link: "https://first.example" });
    // decided, the banner is edited again; the asker may withdraw their own
    expectOk(await save(admin, { id, link: "/info/2" }));
    expectOk(await save(managerToken, { id, link: elsewhere }));
    const [mine] = await bannerRequests(admin);
    expectOk(await decide(managerToken, mine.id, "reject"));
    expect(await bannerRequests(admin)).toEqual([]);
    expect(await storedLink(id)).toBe("/info/2");
    expectOk(await api("/api/admin/banners/delete", { token: admin, id }));
  });

  it("a slide whose change waits is taken down at once: the delete withdraws the change in its batch, audited", async () => {
    const manager = await secondOperator(true, "manager");
    const managerToken = await manager.signIn();
    const admin = await operatorLogin();
    const player = await registerPlayer();
    const id = (await save(managerToken, { link: "/info/1" })).data.id as number;
    const elsewhere = "https://pay.example/taken-down";
    expectOk(await save(managerToken, { id, link: elsewhere }));
    const [request] = (await bannerRequests(admin)).filter((r) => r.banner === id);
    // the console's confirm step says the waiting change goes with the slide
    const step = words(
      await (await (await consoleBrowser()).post("/admin/banners", { intent: "delete", id: String(id) })).text(),
    );
    expect(step).toContain(
      `Delete banner #${id}: it leaves the home page slides in every language, and the change of it waiting for a second admin is withdrawn.`,
    );
    expect(await storedLink(id)).toBe("/info/1");
    // another manager takes the slide down while the change waits (it was refused with 1258)
    const other = await (await secondOperator(true, "manager")).signIn();
    // banner numbers are taken again after a delete: count this delete's rows from here
    const deletes = (await auditRows("banner.delete", `banner:${id}`)).length;
    expectOk(await api("/api/admin/banners/delete", { token: other, id }));
    expect(await storedLink(id)).toBeUndefined();
    expect(await linksSeen(player.token)).not.toContain("/info/1");
    expect((await bannerRequests(admin)).filter((r) => r.banner === id)).toEqual([]);
    const status = await env.DB.prepare(`SELECT status FROM ${quotedTable(settingRequests)} WHERE id = ?`)
      .bind(request.id)
      .first();
    expect(status).toEqual({ status: "cancelled" });
    const withdrawn = (await auditRows("banner.link.withdraw", `banner:${id}`)).at(-1)!;
    expect(JSON.parse(withdrawn.before!)).toMatchObject({ request: request.id, link: elsewhere });
    expect(JSON.parse(withdrawn.after!)).toEqual({ status: "cancelled" });
    expect(await auditRows("banner.delete", `banner:${id}`)).toHaveLength(deletes + 1);
    // the withdrawn change is decided: no admin can approve it onto a slide that is gone
    expectError(await decide(admin, request.id, "approve"), 1128);
    expect(await linksSeen(player.token)).not.toContain(elsewhere);
    // the audit log names the step in words
    const log = words(await (await (await consoleBrowser()).get("/admin/audit?lng=en")).text());
    expect(log).toContain("withdrew a banner change waiting for a second admin: the banner was deleted");
  });

  it("the banners screen shows the waiting change to the other admins in words; approving is two steps naming what it will do", async () => {
    const elsewhere = "https://pay.example/on-screen";
    const manager = await secondOperator(true, "manager");
    const managerToken = await manager.signIn();
    const player = await registerPlayer();
    const created = await save(managerToken, { link: "/activity/3" });
    const id = created.data.id as number;
    expectOk(await save(managerToken, { id, link: elsewhere }));
    const [request] = await bannerRequests(managerToken);
    const admin = await consoleBrowser();
    const page = words(await (await admin.get("/admin/banners")).text());
    expect(page).toContain("Changes waiting for a second admin");
    expect(page).toContain(`Banner #${id}`);
    expect(page).toContain(`Asked: a slide linking to /activity/3 → a slide linking to ${elsewhere}`);
    expect(page).toContain(`Asked by ${manager.username}`);
    // the approvals screen lists it too, its forms posting to the settings screen's confirm step
    expect(words(await (await admin.get("/admin")).text())).toContain(`Banner #${id}`);
    // the manager's own screen names why they do not approve it
    const own = await consoleBrowser(manager.username, manager.password, manager.secret);
    expect(words(await (await own.get("/admin/banners")).text())).toContain(
      "You asked for this: another admin decides it",
    );
    const stepPage = await (await admin.post("/admin/settings", { intent: "approve", id: String(request.id) })).text();
    // its way back returns to the banners
    expect(stepPage).toMatch(/role="alertdialog"[\s\S]*?href="\/admin\/banners"[^>]*>Go back</);
    const step = words(stepPage);
    expect(step).toContain(
      `Approve changing banner #${id} from a slide linking to /activity/3 to a slide linking to ${elsewhere}? Asked by ${manager.username}.`,
    );
    expect(await linksSeen(player.token)).not.toContain(elsewhere);
    const done = await admin.post("/admin/settings", { intent: "approve", id: String(request.id), confirmed: "yes" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/banners");
    await done.body?.cancel();
    expect(await linksSeen(player.token)).toContain(elsewhere);
  });

  it("every waiting change is listed and can be decided, however many banners wait", async () => {
    const manager = await (await secondOperator(true, "manager")).signIn();
    const admin = await operatorLogin();
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) {
      const created = await save(manager, { link: `/activity/${i + 1}`, sort: String(i + 1) });
      expectOk(created);
      ids.push(created.data.id as number);
    }
    for (const id of ids) expectOk(await save(manager, { id, link: `${OUTSIDE}?slide=${id}` }));
    const waiting = await bannerRequests(admin);
    expect(waiting.map((r) => r.banner)).toEqual(ids);
    expectOk(await decide(admin, waiting.at(-1)!.id, "approve"));
    expect(await storedLink(ids.at(-1)!)).toBe(`${OUTSIDE}?slide=${ids.at(-1)}`);
  });

  it("an approval writes only over the banner the change was asked for (1259): not one edited since, nor a slide that took its number", async () => {
    const manager = await (await secondOperator(true, "manager")).signIn();
    const admin = await operatorLogin();
    const created = await save(manager, { link: "/activity/7" });
    const id = created.data.id as number;
    expectOk(await save(manager, { id, link: OUTSIDE }));
    const request = (await bannerRequests(admin)).find((r) => r.banner === id)!;
    // what a delete slipping in at the moment of the ask leaves: another slide under the same number
    await env.DB.prepare(
      `UPDATE ${quotedTable(bannersTable)} SET link = '/activity/8', path = '/banners/other.svg' WHERE id = ?`,
    )
      .bind(id)
      .run();
    expectError(await decide(admin, request.id, "approve"), 1259);
    expect(await storedLink(id)).toBe("/activity/8");
    expect((await bannerRequests(admin)).map((r) => r.id)).toContain(request.id);
    expectOk(await decide(admin, request.id, "reject"));
  });
});

/** The banner screen's save, as its form posts it. */
function multipart(values: Record<string, string>) {
  const form = new FormData();
  form.set("intent", "save");
  for (const name of ["path_yw", "path_tw", "path_vi", "link"]) form.set(name, "");
  form.set("path", IMAGE);
  form.set("sort", "0");
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}
