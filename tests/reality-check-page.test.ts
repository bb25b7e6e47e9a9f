import { describe, expect, it } from "vitest";
import { Browser } from "./pages";
import { player } from "./wallet-helpers";
import { playerD1 } from "./shard-helpers";
import { sessions } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// /reality-check opened in a browser is a page (the dialog's facts, its links and the interval with its
// default), never raw JSON (docs/decisions/143-adjustment-texts-and-coin-networks.md).

const text = (html: string) =>
  html
    .split("<script")[0]
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the reality check page", () => {
  it("shows a signed-in player the time, the net result, the interval with its default and the way to limits, a break and the statement", async () => {
    const p = await player(10);
    const browser = new Browser();
    browser.cookies.set("lng", encodeURIComponent(btoa(JSON.stringify("vi"))));
    await browser.logIn(p.username, "secret123");
    const response = await browser.get("/reality-check");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('data-testid="reality-page"');
    expect(text(html)).toContain("Lời nhắc này hiện mỗi 60 phút (mặc định 60 phút");
    // each way out marks the check seen and opens its page (tests/protection-pages.test.ts follows one)
    expect(html).toMatch(/name="redirectTo" value="\/user\/limits#set-limit"\/><button type="submit">Giới hạn chơi</);
    expect(html).toMatch(/name="redirectTo" value="\/user\/limits#take-break"\/><button type="submit">Nghỉ chơi</);
    expect(html).toMatch(/name="redirectTo" value="\/user\/statement"\/><button type="submit">Bảng kê</);
    expect(text(html)).not.toMatch(/"reality"\s*:/);
  });

  it("counts the minutes since sign-in by each language's plural rules", async () => {
    const p = await player(10);
    const browser = await new Browser().logIn(p.username, "secret123");
    const playedFor = async (minutes: number) =>
      (await playerD1(p.id))
        .prepare(`UPDATE ${quotedTable(sessions)} SET created_at_ms = ? WHERE user_id = ?`)
        .bind(Date.now() - minutes * 60_000 - 5_000, p.id)
        .run();
    for (const [lng, one, two] of [
      ["en", "You signed in 1 minute ago.", "You signed in 2 minutes ago."],
      ["zh-CN", "您已登录1分钟。", "您已登录2分钟。"],
      ["zh-TW", "您已登入1分鐘。", "您已登入2分鐘。"],
      ["vi", "Bạn đã đăng nhập 1 phút.", "Bạn đã đăng nhập 2 phút."],
    ]) {
      await browser.post("/languageSet", { lng }).then((r) => r.body?.cancel());
      await playedFor(1);
      expect(text(await (await browser.get("/reality-check")).text()), lng).toContain(one);
      await playedFor(2);
      expect(text(await (await browser.get("/reality-check")).text()), lng).toContain(two);
    }
  });

  it("tells a guest what it is and where to sign in", async () => {
    const response = await new Browser().get("/reality-check");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(text(html)).toContain("The reality check shows your time and net result since you signed in.");
    expect(html).toContain('href="/login?redirectTo=/reality-check"');
  });

  it("states the default interval beside the choice on Play limits", async () => {
    const p = await player();
    const browser = await new Browser().logIn(p.username, "secret123");
    expect(text(await (await browser.get("/user/limits")).text())).toContain(
      "Every 60 minutes unless you choose another.",
    );
  });
});
