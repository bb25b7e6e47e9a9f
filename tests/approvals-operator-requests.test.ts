import { describe, expect, it } from "vitest";
import { api, expectOk, freshTotpCode, operatorLogin } from "./helpers";
import { secondOperator } from "./admin-helpers";
import { Browser } from "./pages";

// Requests about operators wait in the console's approvals too, with who asked (docs/decisions/060):
// an admin meets them where every other four-eyes decision waits; other roles do not see them.

async function consoleOf(op: { username: string; password: string; secret: string }) {
  const browser = new Browser();
  const signedIn = await browser.post("/admin/login", {
    username: op.username,
    password: op.password,
    code: await freshTotpCode(op.secret),
  });
  expect(signedIn.status).toBe(302);
  await signedIn.body?.cancel();
  return browser;
}

async function approvals(browser: Browser) {
  const response = await browser.get("/admin");
  expect(response.status).toBe(200);
  return response.text();
}

describe("operator requests on the approvals screen", () => {
  it("shows an admin the request another admin made, with who asked, deciding on the operators screen", async () => {
    const token = await operatorLogin();
    const created = await api("/api/admin/operators/create", {
      token,
      username: `desk${Date.now() % 100000}`,
      role: "cashier",
    });
    expectOk(created);
    const second = await consoleOf(await secondOperator(true, "admin"));
    const html = await approvals(second);
    const card = new RegExp(`data-testid="operator-request-${created.data.requestId}"[\\s\\S]*?</article>`).exec(
      html,
    )?.[0];
    expect(card).toBeTruthy();
    expect(card).toContain("admin");
    // not enrolled yet: the card says why it cannot be approved, and its other form posts to the operators screen
    expect(card).toMatch(/action="\/admin\/operators"/);
  });

  it("shows no operator requests to a cashier", async () => {
    const token = await operatorLogin();
    const created = await api("/api/admin/operators/create", {
      token,
      username: `desk${Date.now() % 100000}x`,
      role: "cashier",
    });
    expectOk(created);
    const cashier = await consoleOf(await secondOperator(true, "cashier"));
    expect(await approvals(cashier)).not.toContain(`operator-request-${created.data.requestId}`);
  });
});
