import { describe, expect, it } from "vitest";
import { api, expectMoneyInvariants, expectOk, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { currentRound, placeOk, playerWith } from "./rooms-helpers";

// A voided round's refund is not a plain refund: the funds ledger and the bet records say the round was voided
// and why (the kind of void and an operator's preset reason, never their own words), in the reader's language.

const ROOM = 16;
const OWN_WORDS = "checked the feed twice with Bob";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("a voided round's refund", () => {
  it("names the void and its reason in the ledger and the bet records, in four languages", async () => {
    const p = await playerWith(100_000);
    await placeOk(p.token, ROOM, [[0, 1.98, 50]]);
    const round = await currentRound(ROOM);
    expectOk(
      await api("/api/admin/rounds/void", {
        token: await operatorLogin(),
        roundId: round.roundId,
        reason: `#wrongOdds ${OWN_WORDS}`,
      }),
    );

    const flow = (await api("/api/Game/getfinanceflow", { token: p.token })).data.list as Record<string, unknown>[];
    const refund = flow.find((row) => Number(row.money) > 0 && row.reasonKey === "roundVoid");
    expect(refund, JSON.stringify(flow)).toMatchObject({
      reasonParams: { seqno: round.seqno, why: "operator", preset: "wrongOdds" },
    });
    expect(String(refund!.reason)).toContain(`round ${round.seqno} voided`);
    expect(String(refund!.reason)).toContain("Wrong odds");
    const bets = (await api("/api/Game/getGamelog2", { token: p.token, type: "all" })).data.data;
    expect(bets[0]).toMatchObject({ seqno: round.seqno, void: { reason: "operator", preset: "wrongOdds" } });
    expect(JSON.stringify([flow, bets])).not.toContain("Bob");

    const browser = await new Browser().logIn(p.username, p.password);
    for (const [lng, ledger, record] of [
      [
        "en",
        `round ${round.seqno} voided, stake refunded: cancelled by the operator (Wrong odds)`,
        "The operator's reason: Wrong odds.",
      ],
      [
        "vi",
        `kỳ ${round.seqno} bị hủy, đã hoàn tiền cược: nhà điều hành đã hủy (Sai tỷ lệ)`,
        "Lý do của nhà điều hành: Sai tỷ lệ.",
      ],
      ["zh-CN", `第 ${round.seqno} 期已作废，投注已退还：运营方取消（赔率有误）`, "运营方给出的原因：赔率有误。"],
      ["zh-TW", `第 ${round.seqno} 期已作廢，投注已退還：營運方取消（賠率有誤）`, "營運方給出的原因：賠率有誤。"],
    ]) {
      await browser.post("/languageSet", { lng }).then((r) => r.body?.cancel());
      const funds = text(await (await browser.get("/my_income")).text());
      expect(funds, lng).toContain(ledger);
      const records = await (await browser.get("/betlist")).text();
      expect(text(records), lng).toContain(record);
      expect(records, lng).toContain('data-testid="bet-void"');
      expect(funds + records, lng).not.toContain("Bob");
    }
    await expectMoneyInvariants();
  });
});
