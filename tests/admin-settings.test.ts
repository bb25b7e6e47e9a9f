import { describe, expect, it } from "vitest";
import { api, count, expectError, expectOk, newPlayerFields, operatorLogin, registerPlayer } from "./helpers";
import { auditRows, setMoneySettings } from "./admin-helpers";

// The settings screen's API: each value checked, written with one audit row, seen by players. The deposit
// accounts, the deposit mode and the support link are money: a second admin approves their change
// (tests/four-eyes-settings.test.ts), setMoneySettings here.

const payee = { type: "bank", name: "Vietcombank", holder: "BETTING CO LTD", account: "0071000123456" };

describe("operator settings", () => {
  it("reads the settings with their defaults and the open invitation codes", async () => {
    const answer = await api("/api/admin/settings", { token: await operatorLogin() });
    expectOk(answer);
    expect(answer.data).toMatchObject({
      currency_label: "USD",
      deposit_mode: "request",
      withdraw_daily_cap: 50000,
      payees: [],
    });
    expect(answer.data.vip_thresholds).toHaveLength(8);
    expect(answer.data.invitations).toContain("888");
  });

  it("writes every value with before and after in one audit row, and players see the change", async () => {
    const token = await operatorLogin();
    const before = (await api("/api/admin/settings", { token })).data;
    const audits = (await auditRows("settings.update", "settings")).length;
    const saved = await api("/api/admin/settings/update", {
      token,
      android_url: "https://apps.example.test/app.apk",
      ios_url: "",
      currency_label: "RM",
      vip_thresholds: ["0", "1000", "5000", "20000", "50000", "100000", "500000", "1000000.50"],
      withdraw_daily_cap: "20000",
      deposit_mode: "request",
      invitations: ["888", "SPRING24"],
    });
    expectOk(saved);
    await setMoneySettings({
      kefu_url: "https://chat.example.test/room",
      payees: [
        payee,
        { type: "wallet", name: "USDT TRC20", holder: "Cashier", account: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" },
      ],
    });
    const rows = await auditRows("settings.update", "settings");
    expect(rows).toHaveLength(audits + 1);
    const last = rows[rows.length - 1];
    expect(JSON.parse(last.before!)).toMatchObject({ currency_label: before.currency_label });
    expect(JSON.parse(last.after!)).toMatchObject({ currency_label: "RM", withdraw_daily_cap: 20000 });

    const player = await registerPlayer({ invitation: "SPRING24" });
    const config = await api("/api/Index/getconfig", {});
    expect(config.data).toMatchObject({
      kefu_url: "https://chat.example.test/room",
      currency: "RM",
      android_url: "https://apps.example.test/app.apk",
    });
    const recharge = await api("/api/Game/getrechargelist", { token: player.token });
    expect(recharge.data.payees).toEqual([payee, expect.objectContaining({ type: "wallet", name: "USDT TRC20" })]);

    // Closing a code refuses new registrations with it (1063); 888 stays open.
    expectOk(await api("/api/admin/settings/update", { token, invitations: ["888"] }));
    expectError(await api("/api/index/register", await newPlayerFields({ invitation: "SPRING24" })), 1063);
    // Back to the defaults other tests expect.
    expectOk(
      await api("/api/admin/settings/update", {
        token,
        currency_label: "USD",
        android_url: "",
        withdraw_daily_cap: "50000",
        vip_thresholds: before.vip_thresholds.map(String),
      }),
    );
    await setMoneySettings({ payees: [], kefu_url: "" });
  });

  it("refuses each bad value with its own code and writes nothing", async () => {
    const token = await operatorLogin();
    const before = (await api("/api/admin/settings", { token })).data;
    const audits = await count("audit_log", "action = 'settings.update'");
    const cases: [Record<string, unknown>, number][] = [
      [{ kefu_url: "javascript:alert(1)" }, 1140],
      [{ kefu_url: "chat.example.test" }, 1140],
      [{ ios_url: "ftp://apps.example.test/x" }, 1140],
      [{ currency_label: "EUR" }, 1141],
      [{ vip_thresholds: ["0", "10", "5", "20", "30", "40", "50", "60"] }, 1142],
      [{ vip_thresholds: ["1", "10", "20", "30", "40", "50", "60", "70"] }, 1142],
      [{ vip_thresholds: ["0", "10"] }, 1142],
      [{ vip_thresholds: ["0", "x", "20", "30", "40", "50", "60", "70"] }, 1142],
      [{ withdraw_daily_cap: "0" }, 1143],
      [{ withdraw_daily_cap: "-5" }, 1143],
      [{ withdraw_daily_cap: "20000000" }, 1143],
      [{ deposit_mode: "cash" }, 1144],
      [{ payees: [{ ...payee, account: "12" }] }, 1145],
      [{ payees: [{ ...payee, type: "cash" }] }, 1145],
      [{ payees: Array(6).fill(payee) }, 1145],
      [{ payees: "bank" }, 1145],
      [{ invitations: [] }, 1146],
      [{ invitations: ["a b"] }, 1146],
      [{ invitations: ["888", "888"] }, 1146],
      // A bad value next to good ones: the good ones are not written either.
      [{ kefu_url: "https://fine.example.test", deposit_mode: "cash" }, 1144],
    ];
    for (const [body, code] of cases) expectError(await api("/api/admin/settings/update", { token, ...body }), code);
    expect((await api("/api/admin/settings", { token })).data).toEqual(before);
    expect(await count("audit_log", "action = 'settings.update'")).toBe(audits);
  });
});
