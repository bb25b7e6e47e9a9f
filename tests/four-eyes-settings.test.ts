import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectError, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { auditRows, secondOperator, setMoneySettings } from "./admin-helpers";
import { consoleBrowser } from "./console-pages";
import { paidInto } from "./wallet-helpers";
import { settingRequests } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Where players pay and what a coin payout is worth are money (docs/decisions/167-money-settings-four-eyes.md): a
// change of the deposit payees or the coin payout rates is a request a second admin approves; until then players
// see the approved values. The first test failed on the code before it: one manager changed the payees alone.
// The deposit mode and the support link (where players may be told where to pay) are money too
// (docs/decisions/171): the test of them failed on the code before it, a manager's link reached players at once.

const payee = { type: "bank", name: "Vietcombank", holder: "BETTING CO LTD", account: "0071000123456" };
const other = { type: "bank", name: "ACB", holder: "OTHER HOLDER", account: "0099887766" };

const recharge = async (token: string) => (await api("/api/Game/getrechargelist", { token })).data.payees;
const requests = async (token: string) =>
  (await api("/api/admin/settings/requests", { token })).data.list as {
    id: number;
    key: string;
    before: unknown;
    after: unknown;
    requestedById: number;
  }[];
const waitingFor = async (token: string, key: string) => (await requests(token)).find((r) => r.key === key)!;
// the words a reader sees: scripts (the page's data for hydration) left out
const words = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const coinRates = async (token: string) => (await api("/api/admin/payments", { token })).data.coinPayouts;

describe("deposit payees and coin payout rates wait for a second admin", () => {
  it("a manager alone does not change where players pay: players keep the approved payees until an admin approves", async () => {
    const manager = await (await secondOperator(true, "manager")).signIn();
    const player = await registerPlayer();
    const approved = await recharge(player.token);
    const asked = await api("/api/admin/settings/update", { token: manager, payees: [payee] });
    expectOk(asked);
    expect(await recharge(player.token)).toEqual(approved);
    expect((await api("/api/admin/settings", { token: manager })).data.payees).toEqual(approved);
    const request = await waitingFor(manager, "deposit_payees");
    expect(request).toMatchObject({ before: approved, after: [payee] });
    expect(asked.data.waiting).toEqual([{ id: request.id, key: "deposit_payees" }]);
    expect(asked.data.filed).toEqual(["deposit_payees"]);
    // another field saved meanwhile is saved at once, and files nothing (the console's toast says so)
    const link = await api("/api/admin/settings/update", { token: manager, android_url: "/info/1" });
    expectOk(link);
    expect(link.data.filed).toEqual([]);
    expect(link.data.waiting).toEqual([{ id: request.id, key: "deposit_payees" }]);
    // the manager may not approve it (an admin's decision)
    expectError(await api("/api/admin/settings/requests/approve", { token: manager, id: request.id }), 1174);
    expect(await recharge(player.token)).toEqual(approved);
    const admin = await operatorLogin();
    expectOk(await api("/api/admin/settings/requests/approve", { token: admin, id: request.id }));
    expect(await recharge(player.token)).toEqual([payee]);
    // a second approval changes nothing
    expectError(await api("/api/admin/settings/requests/approve", { token: admin, id: request.id }), 1128);
    await setMoneySettings({ payees: [] });
    expect(await recharge(player.token)).toEqual([]);
  });

  it("the coin payout rate and fee the console pays at stay the approved ones until a second admin approves", async () => {
    const admin = await operatorLogin();
    await setMoneySettings({ coin_payouts: { USDT: { rate: "0.998", fee: "1.5" } } });
    expectOk(
      await api("/api/admin/settings/update", { token: admin, coin_payouts: { USDT: { rate: "0.5", fee: "9" } } }),
    );
    expect(await coinRates(admin)).toEqual({ USDT: { rate: "0.998", fee: "1.5" } });
    const request = await waitingFor(admin, "coin_payouts");
    expect(request).toMatchObject({
      before: { USDT: { rate: "0.998", fee: "1.5" } },
      after: { USDT: { rate: "0.5", fee: "9" } },
    });
    // nobody approves their own request; the asker may withdraw it
    expectError(await api("/api/admin/settings/requests/approve", { token: admin, id: request.id }), 1123);
    const second = await operatorLogin("admin2");
    expectOk(await api("/api/admin/settings/requests/approve", { token: second, id: request.id }));
    expect(await coinRates(admin)).toEqual({ USDT: { rate: "0.5", fee: "9" } });
    await setMoneySettings({ coin_payouts: {} });
  });

  it("one waiting change per setting (1243); the asker withdraws theirs, another admin refuses, and nothing changes", async () => {
    const admin = await operatorLogin();
    const second = await operatorLogin("admin2");
    const player = await registerPlayer();
    expectOk(await api("/api/admin/settings/update", { token: admin, payees: [payee] }));
    // the same value again is no new request; another value waits for the first to be decided
    expectOk(await api("/api/admin/settings/update", { token: admin, payees: [payee] }));
    expectError(await api("/api/admin/settings/update", { token: second, payees: [other] }), 1243);
    expect((await requests(admin)).filter((r) => r.key === "deposit_payees")).toHaveLength(1);
    const first = await waitingFor(admin, "deposit_payees");
    expectOk(await api("/api/admin/settings/requests/reject", { token: admin, id: first.id }));
    expect(await auditRows("settings.payees.reject", "settings")).toContainEqual(
      expect.objectContaining({ after: expect.stringContaining('"status":"cancelled"') }),
    );
    expectOk(await api("/api/admin/settings/update", { token: second, payees: [other] }));
    const next = await waitingFor(admin, "deposit_payees");
    expectOk(await api("/api/admin/settings/requests/reject", { token: admin, id: next.id }));
    expect(await recharge(player.token)).toEqual([]);
    expect(await requests(admin)).toEqual([]);
  });

  it("the request and its approval are audited in words, in the operator's language", async () => {
    await setMoneySettings({ payees: [payee] });
    const asked = await auditRows("settings.payees.ask", "settings");
    const approved = await auditRows("settings.payees.approve", "settings");
    expect(JSON.parse(asked[asked.length - 1].after!)).toMatchObject({ payees: [payee], waitsForSecondAdmin: true });
    expect(JSON.parse(approved[approved.length - 1].after!)).toMatchObject({ status: "approved", payees: [payee] });
    const browser = await consoleBrowser();
    const words = (await (await browser.get("/admin/audit?target=settings")).text()).replace(/<[^>]+>/g, " ");
    expect(words).toContain("asked to change the deposit accounts");
    expect(words).toContain("approved changing the deposit accounts");
    expect(words).toContain("Vietcombank · BETTING CO LTD · 0071000123456");
    await browser.post("/languageSet", { lng: "zh-CN" }).then((r) => r.body?.cancel());
    const chinese = await (await browser.get("/admin/audit?target=settings")).text();
    expect(chinese).toContain("批准了收款账户的更改");
    await setMoneySettings({ payees: [] });
  });

  it("the console's settings screen shows the waiting change old → new; approving is two steps naming what it will do", async () => {
    const manager = await secondOperator(true, "manager");
    const managerToken = await manager.signIn();
    const player = await registerPlayer();
    expectOk(await api("/api/admin/settings/update", { token: managerToken, payees: [payee] }));
    const request = await waitingFor(managerToken, "deposit_payees");
    const admin = await consoleBrowser();
    const page = words(await (await admin.get("/admin/settings")).text());
    expect(page).toContain("Changes waiting for a second admin");
    expect(page).toContain("Asked: none → Vietcombank · BETTING CO LTD · 0071000123456");
    expect(page).toContain(`Asked by ${manager.username}`);
    // the approvals screen lists it too, its forms posting to the settings screen's confirm step
    const approvals = await (await admin.get("/admin")).text();
    expect(words(approvals)).toContain("Asked: none → Vietcombank · BETTING CO LTD · 0071000123456");
    expect(approvals).toMatch(/action="\/admin\/settings"/);
    // the manager's own screen names why they do not approve it, and lets them withdraw it
    const own = words(
      await (
        await consoleBrowser(manager.username, manager.password, manager.secret)
      )
        .get("/admin/settings")
        .then((r) => r.text()),
    );
    expect(own).toContain("You asked for this: another admin decides it");
    expect(own).toContain("Withdraw my request");
    const step = words(
      await (await admin.post("/admin/settings", { intent: "approve", id: String(request.id) })).text(),
    );
    expect(step).toContain(
      `Approve changing the deposit accounts from none to Vietcombank · BETTING CO LTD · 0071000123456? Asked by ${manager.username}.`,
    );
    expect(await recharge(player.token)).toEqual([]);
    const done = await admin.post("/admin/settings", { intent: "approve", id: String(request.id), confirmed: "yes" });
    expect(done.status).toBe(302);
    await done.body?.cancel();
    expect(await recharge(player.token)).toEqual([payee]);
    expect(words(await (await admin.get("/admin/settings")).text())).not.toContain(
      "Changes waiting for a second admin",
    );
    await setMoneySettings({ payees: [] });
  });

  it("a manager alone does not change the support link or the deposit mode players see: they wait for a second admin", async () => {
    const manager = await (await secondOperator(true, "manager")).signIn();
    const player = await registerPlayer();
    const link = "https://t.me/pay-here-instead";
    const asked = await api("/api/admin/settings/update", { token: manager, kefu_url: link, deposit_mode: "contact" });
    expectOk(asked);
    // players: the app's support link, the deposit screen's mode and the deposit form all as approved
    expect((await api("/api/index/getconfig", {})).data.kefu_url).toBe("");
    expect((await api("/api/Game/getrechargelist", { token: player.token })).data.mode).toBe("request");
    const deposit = await api("/api/Game/recharge", {
      ...(await paidInto()),
      token: player.token,
      money: "100",
      pay_name: "A",
    });
    expect(deposit.data?.errCode).not.toBe(2056);
    expect(asked.data.filed).toEqual(["deposit_mode", "kefu_url"]);
    // the console shows the approved values in the form, the asked ones in the waiting cards
    expect((await api("/api/admin/settings", { token: manager })).data).toMatchObject({
      kefu_url: "",
      deposit_mode: "request",
    });
    const mode = await waitingFor(manager, "deposit_mode");
    const kefu = await waitingFor(manager, "kefu_url");
    expect(mode).toMatchObject({ before: "request", after: "contact" });
    expect(kefu).toMatchObject({ before: "", after: link });
    const browser = await consoleBrowser();
    const page = words(await (await browser.get("/admin/settings")).text());
    expect(page).toContain("Asked: Players file requests that an operator approves → Players contact support");
    expect(page).toContain(`Asked: the app's own support page → ${link}`);
    // the manager may not approve them; a second admin does, and players see them at once
    expectError(await api("/api/admin/settings/requests/approve", { token: manager, id: kefu.id }), 1174);
    const admin = await operatorLogin();
    for (const { id } of [mode, kefu])
      expectOk(await api("/api/admin/settings/requests/approve", { token: admin, id }));
    expect((await api("/api/index/getconfig", {})).data.kefu_url).toBe(link);
    expect((await api("/api/Game/getrechargelist", { token: player.token })).data.mode).toBe("contact");
    expectError(
      await api("/api/Game/recharge", { ...(await paidInto()), token: player.token, money: "100", pay_name: "A" }),
      2056,
    );
    // the ask and the approval audited in words, in each of the four languages
    const audit = words(await (await browser.get("/admin/audit?target=settings")).text());
    for (const phrase of [
      "asked to change the support chat link",
      "approved changing the support chat link",
      "asked to change how players deposit",
      "approved changing how players deposit",
      `Support chat link: — → ${link}`,
      "Deposits: Players file requests that an operator approves → Players contact support",
    ])
      expect(audit).toContain(phrase);
    for (const [lng, phrase] of [
      ["zh-CN", "批准了客服聊天链接的更改"],
      ["zh-TW", "核准了玩家儲值方式的變更"],
      ["vi", "đã duyệt đổi liên kết trò chuyện hỗ trợ"],
    ]) {
      await browser.post("/languageSet", { lng }).then((r) => r.body?.cancel());
      expect(words(await (await browser.get("/admin/audit?target=settings")).text())).toContain(phrase);
    }
    await browser.post("/languageSet", { lng: "en" }).then((r) => r.body?.cancel());
    await setMoneySettings({ kefu_url: "", deposit_mode: "request" });
  });

  it("the audit names who asked for a setting change by their username, never an id", async () => {
    const manager = await secondOperator(true, "manager");
    const token = await manager.signIn();
    expectOk(await api("/api/admin/settings/update", { token, payees: [payee] }));
    const request = await waitingFor(token, "deposit_payees");
    const admin = await operatorLogin();
    expectOk(await api("/api/admin/settings/requests/approve", { token: admin, id: request.id }));
    const [row] = (await api("/api/admin/audit", { token: admin, action: "settings.payees.approve" })).data.list;
    expect(JSON.parse(row.before)).toMatchObject({ askedBy: request.requestedById });
    expect(row.askedBy).toBe(manager.username);
    const audit = words(
      await (await (await consoleBrowser()).get("/admin/audit?action=settings.payees.approve")).text(),
    );
    expect(audit).toContain(`Asked by: ${manager.username}`);
    expect(audit).not.toContain(`Asked by: ${request.requestedById}`);
    await setMoneySettings({ payees: [] });
  });

  it("the seed is no operator action: nothing it writes waits for a second admin", async () => {
    const row = await env.DB.prepare(
      `SELECT count(*) AS n FROM ${quotedTable(settingRequests)} WHERE status = 'pending'`,
    ).first<{
      n: number;
    }>();
    expect(row?.n).toBe(0);
  });
});
