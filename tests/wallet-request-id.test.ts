import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, count, expectError, expectMoneyInvariants, expectOk } from "./helpers";
import { PAY_PASSWORD, addBank, addCoinAddress, player, requestId, paidInto } from "./wallet-helpers";

// Idempotency by the caller's request_id only (docs/decisions/052-idempotency-by-request-id.md).
const rows = (table: string, userId: number) => count(table, "user_id = ?", userId);

describe("withdrawals by request_id", () => {
  it("makes two real withdrawals of the same amount within a minute two requests", async () => {
    const { token, id } = await player(500);
    const card = await addBank(token);
    expectOk(await api("/api/Game/withdraw", { token, bank_id: card.id, money: "10", pwd: PAY_PASSWORD }));
    expectOk(await api("/api/Game/withdraw", { token, bank_id: card.id, money: "10", pwd: PAY_PASSWORD }));
    expect(await rows("withdrawal_requests", id)).toBe(2);
    await expectMoneyInvariants();
  });

  it("answers a true repeat once, and refuses a repeat that asks something else or has a wrong password", async () => {
    const { token, id } = await player(500);
    const card = await addBank(token);
    const coin = await addCoinAddress(token);
    const request_id = requestId();
    const ask = { token, bank_id: card.id, money: "10", pwd: PAY_PASSWORD, request_id };
    expectOk(await api("/api/Game/withdraw", ask));
    expectOk(await api("/api/Game/withdraw", ask));
    expectError(await api("/api/Game/withdraw", { ...ask, money: "11" }), 1095);
    expectError(await api("/api/Game/withdraw", { ...ask, bank_id: coin.id }), 1095);
    expectError(await api("/api/Game/withdraw", { ...ask, pwd: "wrong999" }), 1033);
    expect(await rows("withdrawal_requests", id)).toBe(1);
    await expectMoneyInvariants();
  });
});

describe("deposits by request_id", () => {
  it("makes two deposits of the same amount without request_id two requests", async () => {
    const { token, id } = await player(0);
    expectOk(await api("/api/Game/recharge", { ...(await paidInto()), token, money: "100", pay_name: "Le Van C" }));
    expectOk(await api("/api/Game/recharge", { ...(await paidInto()), token, money: "100", pay_name: "Le Van C" }));
    expect(await rows("deposit_requests", id)).toBe(2);
  });

  it("answers a true repeat with the same request and refuses a repeat with other fields", async () => {
    const { token, id } = await player(0);
    const ask = { token, money: "100", pay_name: "Le Van C", request_id: requestId(), ...(await paidInto()) };
    const first = await api("/api/Game/recharge", ask);
    expectOk(first);
    expect((await api("/api/Game/recharge", ask)).data).toEqual(first.data);
    expectError(await api("/api/Game/recharge", { ...ask, money: "200" }), 1095);
    expectError(await api("/api/Game/recharge", { ...ask, pay_name: "Someone Else" }), 1095);
    expect(await rows("deposit_requests", id)).toBe(1);
  });
});

describe("every /api path answers in the envelope", () => {
  it("a bare POST /api, an unknown path and a GET", async () => {
    for (const [path, method] of [
      ["/api", "POST"],
      ["/api/", "POST"],
      ["/api/nothing/here", "POST"],
      ["/api/Index/login", "GET"],
    ] as const) {
      const response = await fetchApi(path, method);
      expect(response.headers.get("content-type"), path).toContain("application/json");
      const body = (await response.json()) as { code: number; data: { errCode: number } };
      expect(body, path).toMatchObject({ code: 0, data: { errCode: 1001 } });
    }
  });
});

function fetchApi(path: string, method: string) {
  return exports.default.fetch(`https://app.test${path}`, {
    method,
    headers: method === "POST" ? { "content-type": "application/json" } : {},
    body: method === "POST" ? "{}" : undefined,
  });
}
