import { describe, expect, it } from "vitest";
import { api, expectOk, operatorLogin } from "./helpers";
import { operatorBrowser } from "./console-pages";
import { playerWith } from "./rooms-helpers";

// The console on a phone: its tables become cards (each cell carries its column's name, which the phone's
// stylesheet writes before it), and the players list lists players, not operators.

describe("the console's lists", () => {
  it("the players list holds players only, never an operator or the house", async () => {
    const p = await playerWith(0);
    const answer = await api("/api/admin/players", { token: await operatorLogin(), query: "" });
    expectOk(answer);
    const roles = new Set(answer.data.list.map((r: { role: string }) => r.role));
    expect([...roles]).toEqual(["player"]);
    expect(answer.data.list.some((r: { id: number }) => r.id === p.userId)).toBe(true);
    const page = await (await (await operatorBrowser()).get("/admin/players")).text();
    expect(page).not.toContain('href="/admin/players/2"');
  });

  it("every cell of a console table names its column, for the phone's cards", async () => {
    const p = await playerWith(5_000);
    const browser = await operatorBrowser();
    for (const path of [
      `/admin/players/${p.userId}`,
      "/admin/rooms",
      "/admin/rooms/16",
      "/admin/rooms/1",
      "/admin/operators",
    ]) {
      const html = await (await browser.get(path)).text();
      // every table of the page, the rooms list and a room's odds included
      const all = html.match(/<table class="admin-table[^"]*"/g) ?? [];
      expect(all.length, path).toBeGreaterThan(0);
      expect(
        all.filter((table) => !/\bcards\b/.test(table)),
        path,
      ).toEqual([]);
      const tables = html.match(/<table class="admin-table cards[\s\S]*?<\/table>/g) ?? [];
      expect(tables.length, path).toBe(all.length);
      for (const table of tables) {
        // a row's actions (class row-actions) are buttons that name themselves
        const cells = (table.match(/<td[^>]*>/g) ?? []).filter((td) => !/class="row-actions"/.test(td));
        expect(
          cells.every((td) => /data-label="[^"]+"/.test(td)),
          path,
        ).toBe(true);
      }
    }
  });
});
