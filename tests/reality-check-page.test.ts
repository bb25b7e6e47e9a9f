import { describe, expect, it } from "vitest";
import { Browser } from "./pages";
import { player } from "./wallet-helpers";

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
