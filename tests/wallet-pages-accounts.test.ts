import { describe, expect, it } from "vitest";
import { count, expectMoneyInvariants, registerPlayer } from "./helpers";
import { Browser } from "./pages";
import {
  addBank,
  addCoinAddress,
  balanceCents,
  PAY_PASSWORD,
  player,
  randomAddress,
  requestId,
  userIdOf,
} from "./wallet-helpers";
import { insertCardIfFree } from "../worker/wallet/bank-card-queries";
import { walletHandle } from "../worker/db/client";
import { playerD1 } from "./shard-helpers";

// Bank/wallet accounts and withdrawals as a browser without JavaScript uses them.

async function playerBrowser(money = 0) {
  const p = await player(money);
  const browser = await new Browser().logIn(p.username, "secret123");
  return { ...p, browser };
}

function expectRedirect(response: Response, location: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe(location);
}

describe("accounts pages", () => {
  it("adds a bank card: each missing field and a wrong password shown by its field, nothing written", async () => {
    const { browser, id } = await playerBrowser();
    const card = {
      type: "Bank",
      bank: "Vietcombank",
      account: "0071 0012 3456",
      username: "Nguyen Van A",
      area: "Hanoi",
      payPwd: PAY_PASSWORD,
    };
    const cases: [Record<string, string>, string, string][] = [
      [{ bank: "" }, "bank", "Please enter the bank name"],
      [{ account: "12" }, "account", "Please enter a valid account number"],
      [{ username: "" }, "username", "Please enter the real name"],
      [{ area: "" }, "area", "Please enter the branch"],
      [{ payPwd: "" }, "payPwd", "Withdrawal password is empty"],
      [{ payPwd: "wrong999" }, "payPwd", "Wrong withdrawal password"],
    ];
    for (const [change, field, message] of cases) {
      const response = await browser.post("/bankadd", { ...card, ...change });
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toMatch(new RegExp(`id="${field}-error"[^>]*>${message}`));
      expect(page).not.toContain(`value="${PAY_PASSWORD}"`); // the password is never echoed
    }
    expect(await count("bank_cards", "user_id = ?", id)).toBe(0);
    expectRedirect(await browser.post("/bankadd", card), "/banklist");
    const list = await (await browser.get("/banklist")).text();
    expect(list).toContain("Account added");
    // masked on the list, like everywhere but the form that adds it
    expect(list).toContain("•••• 3456");
    expect(list).not.toMatch(/0071 ?0012/);
  });

  it("adds a coin address, refuses a second one of the type (1048) and one bound elsewhere (1046)", async () => {
    const { browser } = await playerBrowser();
    const other = await player();
    const taken = await addCoinAddress(other.token, "ETH");
    expectRedirect(
      await browser.post("/bankadd?redirectTo=/withdraw", {
        type: "USDT",
        address: randomAddress(),
        payPwd: PAY_PASSWORD,
      }),
      "/withdraw",
    );
    const again = await browser.post("/bankadd", { type: "USDT", address: randomAddress(), payPwd: PAY_PASSWORD });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Can only be added once; contact support to change it");
    const bound = await browser.post("/bankadd", { type: "ETH", address: taken.address, payPwd: PAY_PASSWORD });
    expect(await bound.text()).toMatch(/id="address-error"[^>]*>This can only be added once/);
    const empty = await browser.post("/bankadd", { type: "BTC", address: "", payPwd: PAY_PASSWORD });
    const wrong = await browser.post("/bankadd", { type: "BTC", address: randomAddress("BTC"), payPwd: "wrong999" });
    expect(await wrong.text()).toMatch(/id="payPwd-error"[^>]*>/);
    expect(await empty.text()).toMatch(/id="address-error"[^>]*>Please enter the address/);
    const page = await (await browser.get("/bankadd?type=USDT")).text();
    expect(page).toContain("You already have a USDT account");
  });

  it("asks before deleting and deletes only the player's own card", async () => {
    const { browser, token } = await playerBrowser();
    const other = await player();
    const mine = await addCoinAddress(token, "BTC");
    const theirs = await addCoinAddress(other.token, "BTC");
    const confirm = await (await browser.get(`/banklist?confirm=${mine.id}`)).text();
    expect(confirm).toContain('role="alertdialog"');
    expect(confirm).toContain(`value="delete-${mine.id}"`);
    // Another player's id: refused with 1032, their card untouched.
    expectRedirect(await browser.post("/banklist", { intent: `delete-${theirs.id}` }), "/banklist");
    expect(await (await browser.get("/banklist")).text()).toContain("Bank card does not exist");
    expect(await count("bank_cards", "id = ? AND deleted_at_ms IS NULL", theirs.id)).toBe(1);
    expectRedirect(await browser.post("/banklist", { intent: `delete-${mine.id}` }), "/banklist");
    const after = await (await browser.get("/banklist")).text();
    expect(after).toContain("Account deleted");
    expect(after).not.toContain(mine.address);
  });
});

describe("withdraw page", () => {
  it("sends a player without an account to /banklist, and without a password to /usercipherpassword", async () => {
    const { browser } = await playerBrowser();
    expectRedirect(await browser.get("/withdraw"), "/banklist?redirectTo=/withdraw");
    const noPassword = await registerPlayer();
    const bare = await new Browser().logIn(noPassword.username, noPassword.password);
    // An account from before accounts needed the withdrawal password.
    const noPasswordId = await userIdOf(noPassword.token);
    await insertCardIfFree(walletHandle(await playerD1(noPasswordId)), {
      ...{ type: "BTC", bank: "", account: "", realName: "", area: "", address: randomAddress(), network: "" },
      userId: noPasswordId,
      nowMs: Date.now(),
    });
    expectRedirect(await bare.get("/withdraw"), "/usercipherpassword?redirectTo=/withdraw");
  });

  it("shows figures, accounts and the form; each refusal is shown by its field and holds nothing", async () => {
    const { browser, token, id } = await playerBrowser(500);
    const bank = await addBank(token);
    const page = await (await browser.get("/withdraw")).text();
    expect(page).toMatch(/data-testid="withdrawable"[^>]*><span class="money">500.00/);
    expect(page).toMatch(/data-testid="left-today"[^>]*><span class="money">50,000.00/);
    expect(page).toMatch(new RegExp(`<input(?=[^>]*name="bank_id")(?=[^>]*value="${bank.id}")[^>]*checked`));
    expect(page).toContain("?amount=500.00"); // "All" without JavaScript
    const good = { bank_id: String(bank.id), money: "100", pwd: PAY_PASSWORD, request_id: requestId() };
    const cases: [Record<string, string>, string, string][] = [
      [{ bank_id: "" }, "bank_id", "Please choose a withdrawal method"],
      [{ pwd: "" }, "pwd", "Withdrawal password is empty"],
      [{ pwd: "wrong999" }, "pwd", "Wrong withdrawal password"],
      [{ money: "12.345" }, "money", "Wrong amount"],
      [{ money: "0" }, "money", "Amount must be above 0"],
      [{ money: "500.01" }, "money", "Insufficient balance"],
    ];
    for (const [change, field, message] of cases) {
      const response = await browser.post("/withdraw", { ...good, ...change, request_id: requestId() });
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(new RegExp(`id="${field}-error"[^>]*>${message}`));
    }
    expect(await count("withdrawal_requests", "user_id = ?", id)).toBe(0);
    expect(await balanceCents(id)).toBe(50_000);
  });

  it("holds the amount once per request id and lists the withdrawal as pending", async () => {
    const { browser, token, id } = await playerBrowser(500);
    const card = await addCoinAddress(token, "USDT");
    const form = { bank_id: String(card.id), money: "120.5", pwd: PAY_PASSWORD, request_id: requestId() };
    expectRedirect(await browser.post("/withdraw", form), "/withdraw");
    expectRedirect(await browser.post("/withdraw", form), "/withdraw");
    expect(await count("withdrawal_requests", "user_id = ?", id)).toBe(1);
    expect(await balanceCents(id)).toBe(50_000 - 12_050);
    const page = await (await browser.get("/withdraw")).text();
    expect(page).toContain("Withdrawal requested");
    expect(page).toContain('data-testid="withdrawal-list"');
    expect(page).toContain("120.50");
    expect(page).toContain("Pending");
    await expectMoneyInvariants();
  });
});
