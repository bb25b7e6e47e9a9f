import { describe, expect, it } from "vitest";
import { api, expectOk, operatorLogin } from "./helpers";
import { Browser } from "./pages";
import { currentRound, placeOk, playerWith } from "./rooms-helpers";

// An operator's void with a preset reason (the console stores "#wrongOdds" plus their own words): players
// read the preset in their own language wherever the round is shown; the operator's words stay in the console.

const ROOM = 16;
const OWN_WORDS = "checked the feed twice with Bob";

describe("a round voided with a preset reason", () => {
  it("publishes the preset's key, never the operator's words, and players read it in their language", async () => {
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

    const published = await api("/api/Game/getround", { roomid: ROOM, seqno: round.seqno });
    expect(published.data).toMatchObject({ status: "void", voidReason: "operator", voidPreset: "wrongOdds" });
    expect(JSON.stringify(published)).not.toContain("Bob");
    const history = await api("/api/Game/getGameinfo", { token: p.token, roomid: ROOM });
    expect(JSON.stringify(history)).not.toContain("Bob");

    const reader = new Browser();
    for (const [lng, words] of [
      ["en", "The operator&#x27;s reason: Wrong odds."],
      ["vi", "Lý do của nhà điều hành: Sai tỷ lệ."],
      ["zh-CN", "运营方给出的原因：赔率有误。"],
    ]) {
      await reader.post("/languageSet", { lng }).then((r) => r.body?.cancel());
      const page = await (await reader.get(`/fairness?room=${ROOM}&seqno=${round.seqno}`)).text();
      expect(page, lng).toContain(words);
      expect(page, lng).not.toContain("Bob");
    }
  });

  it("a void without a preset publishes none", async () => {
    const round = await currentRound(ROOM);
    expectOk(
      await api("/api/admin/rounds/void", {
        token: await operatorLogin(),
        roundId: round.roundId,
        reason: "Feed outage",
      }),
    );
    const published = await api("/api/Game/getround", { roomid: ROOM, seqno: round.seqno });
    expect(published.data).toMatchObject({ status: "void", voidReason: "operator", voidPreset: null });
    expect(JSON.stringify(published)).not.toContain("outage");
  });
});
