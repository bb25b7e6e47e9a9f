import { exports } from "cloudflare:workers";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { api, expectOk, visibleText } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { consoleBrowser } from "./console-pages";
import { Browser } from "./pages";
import { player, requestId } from "./wallet-helpers";
import { adjustmentRef, requestRef } from "#shared/request-ref";
import { formatDate } from "#shared/days";

// A balance adjustment has one short reference too (docs/decisions/195), like a deposit's or a withdrawal's: the
// console's history, approvals, audit log and player file and the player's funds ledger and notices write it the
// same way, and no screen shows the 13-digit internal id.

describe("adjustment references", () => {
  it("read the same in the console's history, approvals, audit and player file and on the player's screens", async () => {
    const asker = await secondOperator(true, "cashier");
    const askerToken = await asker.signIn();
    const approver = await (await secondOperator(true, "cashier")).signIn();
    const p = await player();
    const adjust = (money: string, text: string) =>
      api("/api/admin/adjust", {
        token: askerToken,
        userId: p.id,
        money,
        text,
        reason: "ticket 77",
        request_id: requestId(),
      });
    expectOk(await adjust("25", "bonus"));
    const approved = await adjust("15000", "compensation");
    const waiting = await adjust("16000", "promotion");
    const cancelled = await adjust("17000", "promotion");
    for (const q of [approved, waiting, cancelled]) expect(q.data.status).toBe("pending");
    expectOk(await api("/api/admin/adjustments/approve", { token: approver, id: approved.data.id }));
    expectOk(await api("/api/admin/adjustments/cancel", { token: askerToken, id: cancelled.data.id }));

    const history = (
      await api("/api/admin/adjustments/history", { token: askerToken, player: p.username, status: "all" })
    ).data.list as { id: number; made: "alone" | "queued"; money: number }[];
    const refOf = (money: number) => {
      const row = history.find((r) => r.money === money)!;
      return adjustmentRef(row.made, row.id);
    };
    const [alone, approvedRef, waitingRef, cancelledRef] = [25, 15000, 16000, 17000].map(refOf);
    expect(alone).toMatch(/^A\d-[0-9A-Z]{4,}$/);
    expect(new Set([alone, approvedRef, waitingRef, cancelledRef]).size).toBe(4);

    // the player: the ledger and the notices name both credits they received by their references
    const own = await new Browser().logIn(p.username, "secret123");
    const ledger = visibleText(await (await own.get("/my_income?lng=en")).text());
    expect(ledger).toContain(`Bonus ${alone}`);
    expect(ledger).toContain(`Compensation ${approvedRef}`);
    const notices = visibleText(await (await own.get("/message?tab=inbox&lng=en")).text());
    expect(notices).toContain(`25.00 USD was credited to your balance: Bonus ${alone}.`);
    expect(notices).toContain(`Compensation ${approvedRef}`);
    const vi = visibleText(await (await own.get("/my_income?lng=vi")).text());
    expect(vi).toContain(approvedRef);

    // the console: the history, the queue, the audit log and the player's file
    const desk = await consoleBrowser();
    const screens: Record<string, string[]> = {
      [`/admin/history?kind=adjustments&status=all&player=${p.username}`]: [
        alone,
        approvedRef,
        waitingRef,
        cancelledRef,
      ],
      "/admin": [waitingRef],
      [`/admin/audit?player=${p.username}`]: [
        `Reference: ${alone}`,
        `Reference: ${approvedRef}`,
        `Reference: ${waitingRef}`,
        `Reference: ${cancelledRef}`,
      ],
      [`/admin/players/${p.id}?lng=en`]: [`Bonus ${alone}`, `Compensation ${approvedRef}`],
    };
    for (const [path, words] of Object.entries(screens)) {
      const text = visibleText(await (await desk.get(path)).text());
      for (const w of words) expect(text, path).toContain(w);
      expect(text, path).not.toMatch(/\b\d{13}\b/);
    }
  });

  it("are found by the console's search and written in the CSV files of the ledger and of adjustments", async () => {
    const asker = await secondOperator(true, "cashier");
    const askerToken = await asker.signIn();
    const approver = await (await secondOperator(true, "cashier")).signIn();
    const p = await player();
    const adjust = (money: string) =>
      api("/api/admin/adjust", {
        token: askerToken,
        userId: p.id,
        money,
        text: "bonus",
        reason: "ticket 78",
        request_id: requestId(),
      });
    expectOk(await adjust("25"));
    const queued = await adjust("15000");
    expectOk(await api("/api/admin/adjustments/approve", { token: approver, id: queued.data.id }));
    const everything = (
      await api("/api/admin/adjustments/history", { token: askerToken, player: p.username, status: "all" })
    ).data.list as { id: number; made: "alone" | "queued"; money: number }[];
    const [alone, approved] = [25, 15000].map((money) => {
      const row = everything.find((r) => r.money === money)!;
      return adjustmentRef(row.made, row.id);
    });

    // the history's search box: an A reference finds that adjustment alone, in any case; a D or W reference none
    const search = async (path: string, player: string) =>
      ((await api(path, { token: askerToken, player, status: "all" })).data.list as { money: number }[]).map(
        (r) => r.money,
      );
    expect(await search("/api/admin/adjustments/history", alone)).toEqual([25]);
    expect(await search("/api/admin/adjustments/history", ` ${approved.toLowerCase()} `)).toEqual([15000]);
    expect(await search("/api/admin/adjustments/history", requestRef("deposit", queued.data.id))).toEqual([]);
    expect(await search("/api/admin/deposits", alone)).toEqual([]);
    expect(await search("/api/admin/withdrawals", approved)).toEqual([]);
    const desk = await consoleBrowser();
    const found = visibleText(
      await (await desk.get(`/admin/history?kind=adjustments&status=all&player=${approved}`)).text(),
    );
    expect(found).toContain(approved);
    expect(found).not.toContain(alone);

    // the CSV files: each adjustment's rows carry its reference, as the player's statement names it
    const csv = async (kind: string) => {
      const today = formatDate(Date.now());
      const response = await exports.default.fetch("https://app.test/api/admin/export", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: askerToken, kind, from: today, to: today, lang: "en" }),
      });
      expect(response.status).toBe(200);
      const rows = parse(await response.text(), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
      return rows.filter((r) => r.user_id === String(p.id)).map((r) => [r.amount, r.reference, r.reason]);
    };
    const words = [
      ["25.00", alone, `Bonus ${alone}`],
      ["15000.00", approved, `Bonus ${approved}`],
    ];
    expect(await csv("adjustments")).toEqual(words);
    expect(await csv("ledger")).toEqual(words);
  });
});
