import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk } from "./helpers";
import { Browser } from "./pages";
import { operator, player } from "./wallet-helpers";

// An operator's credit or debit reaches the player's inbox like a deposit's decision: in the batch that
// moves the money, worded from its preset text in the player's language, never the operator's note.

const notices = async (token: string) => (await api("/api/Game/getnotices", { token })).data;

describe("an operator's adjustment in the inbox", () => {
  it("tells the player of a credit and of a debit, with the text they read in the ledger", async () => {
    const p = await player(0);
    const op = await operator();
    expectOk(
      await api("/api/admin/adjust", {
        token: op,
        userId: p.id,
        money: 25,
        text: "compensation",
        reason: "ticket 4411 internal",
      }),
    );
    expectOk(
      await api("/api/admin/adjust", {
        token: op,
        userId: p.id,
        money: -5,
        text: "correction",
        reason: "double credit",
      }),
    );
    const inbox = await notices(p.token);
    expect(inbox.unread).toBe(2);
    expect(inbox.list.map((n: { kind: string; params: unknown }) => [n.kind, n.params])).toEqual([
      ["balanceDebited", expect.objectContaining({ amount: 5, text: "correction", made: "alone" })],
      ["balanceCredited", expect.objectContaining({ amount: 25, text: "compensation", made: "alone" })],
    ]);
    // each names its adjustment, for its reference (docs/decisions/195)
    for (const n of inbox.list as { params: { adjustmentId: unknown } }[])
      expect(typeof n.params.adjustmentId).toBe("number");
    const browser = await new Browser().logIn(p.username, "secret123");
    const html = await (await browser.get("/message?tab=inbox")).text();
    expect(html).toMatch(/25\.00 USD was credited to your balance: Compensation A\d-[0-9A-Z]{4,}\./);
    expect(html).toMatch(/5\.00 USD was deducted from your balance: Balance correction A\d-[0-9A-Z]{4,}\./);
    expect(html).not.toContain("ticket 4411");
    const vi = await (await browser.get("/message?tab=inbox&lng=vi")).text();
    expect(vi).not.toMatch(/kinds\.balance/);
    expect(vi).toContain("25.00 USD");
    await expectMoneyInvariants();
  });
});
