import { describe, expect, it } from "vitest";
import { api, expectOk, operatorLogin } from "./helpers";
import { operatorBrowser } from "./console-pages";
import { secondOperator } from "./admin-helpers";

// What a console page marks and offers: only the open tab is the current one, and an operator's row offers
// only the actions the API would carry out (approving an enable for an account nobody enrolled is 1233).

/** The one table row that names `username`. */
function rowOf(html: string, username: string) {
  const row = (html.match(/<tr[\s\S]*?<\/tr>/g) ?? []).find((tr) => tr.includes(`>${username}</a>`));
  expect(row, username).toBeDefined();
  return row!;
}

describe("the console's content tabs", () => {
  it.each([9, 14, 26])("mark only the open group (%i) as current", async (group) => {
    const html = await (await (await operatorBrowser()).get(`/admin/content?group=${group}`)).text();
    const nav = html.match(/<nav class="admin-tabs"[\s\S]*?<\/nav>/)?.[0] ?? "";
    const tabs = nav.match(/<a [^>]*>/g) ?? [];
    expect(tabs.length).toBeGreaterThan(3);
    const current = tabs.filter((a) => /aria-current="page"/.test(a));
    expect(current).toHaveLength(1);
    expect(current[0]).toContain(`href="/admin/content?group=${group}"`);
    const marked = tabs.filter((a) => /class="[^"]*\bactive\b/.test(a));
    expect(marked).toEqual(current);
  });
});

describe("an operator's row", () => {
  it("offers no enable to a new operator who has not enrolled, and no empty or repeated label", async () => {
    const username = `new${Date.now() % 100000}`;
    const created = await api("/api/admin/operators/create", {
      token: await operatorLogin(),
      username,
      role: "viewer",
    });
    expectOk(created);
    const unenrolled = await secondOperator(false);
    const enrolled = await secondOperator(true);
    expectOk(
      await api("/api/admin/operators/disable", { token: await operatorLogin(), operatorId: String(enrolled.id) }),
    );
    for (const lng of ["en", "vi"]) {
      const html = await (await (await operatorBrowser()).get(`/admin/operators?lng=${lng}`)).text();
      const enable = lng === "en" ? "Enable" : "Kích hoạt";
      const fresh = rowOf(html, username);
      expect(fresh).not.toMatch(/name="intent" value="enable"/);
      expect(rowOf(html, unenrolled.username)).not.toMatch(/name="intent" value="enable"/);
      // an enrolled, disabled operator with nothing pending is still offered it
      expect(rowOf(html, enrolled.username)).toMatch(/name="intent" value="enable"/);
      expect(rowOf(html, enrolled.username)).toContain(`>${enable}</button>`);
      for (const row of [fresh, rowOf(html, unenrolled.username), rowOf(html, enrolled.username)]) {
        // no cell labelled with nothing after it, and the row's role is named once (its cell), the select
        // beside "Change role" named for screen readers only
        const labels = row.match(/data-label="[^"]*"/g) ?? [];
        expect(labels.filter((l) => l === 'data-label=""')).toEqual([]);
        const actions = row.match(/<td[^>]*>(?=<div class="admin-actions")/)?.[0] ?? "";
        expect(actions).not.toContain("data-label");
        const visibleRoleLabels = row.match(/<span class="field-label[^"]*"/g) ?? [];
        expect(visibleRoleLabels.filter((s) => !s.includes("visually-hidden"))).toEqual([]);
      }
    }
  });
});

describe("the signed-in operator's own row", () => {
  it("is marked in the language's own brackets: full-width in Chinese", async () => {
    const browser = await operatorBrowser();
    for (const [lng, mark] of [
      ["en", "admin (you)"],
      ["zh-CN", "admin（您）"],
      ["zh-TW", "admin（您）"],
      ["vi", "admin (bạn)"],
    ]) {
      const words = (await (await browser.get(`/admin/operators?lng=${lng}`)).text())
        .replace(/<script[\s\S]*?<\/script>/g, "")
        .replace(/<[^>]+>/g, "")
        .replace(/\s+/g, " ");
      expect(words, lng).toContain(mark);
    }
    await browser.get("/admin/operators?lng=en").then((r) => r.body?.cancel());
  });
});
