// PROBE (not to commit): does a tap on Approve during hydration get lost?
import { signInToConsole } from "./operator.mjs";
import { call, newPlayer } from "./players.mjs";

export default async function ({ page, context, base, smsCode, serverLog }) {
  const players = [];
  for (let i = 0; i < 8; i++) {
    const player = await newPlayer(base, smsCode, { prefix: "tp" });
    const asked = await call(base, "/api/game/recharge", { token: player.token, money: "500", pay_name: "Tap Payer" });
    if (asked.code !== 1) throw new Error(JSON.stringify(asked));
    players.push(player);
  }
  await signInToConsole(page, serverLog);
  const cdp = await context.newCDPSession(page);
  const log = [];
  page.on("console", (m) => log.push(`console ${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => log.push(`pageerror: ${e.message}`));
  page.on("request", (r) => r.resourceType() !== "script" && r.resourceType() !== "stylesheet" && log.push(`request ${r.method()} ${r.url()}`));
  for (const [i, player] of players.entries()) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 + i * 2 });
    log.push(`--- attempt ${i} rate ${1 + i * 2}`);
    await page.goto("/admin", { waitUntil: "commit" });
    const card = page.locator("article", { hasText: player.username });
    const t0 = Date.now();
    await card.getByRole("button", { name: "Approve" }).click();
    log.push(`clicked after ${Date.now() - t0} ms`);
    try {
      await page.getByTestId("confirm-panel").waitFor({ timeout: 15_000 });
      log.push("confirm panel shown");
    } catch {
      log.push("LOST: no confirm panel");
    }
  }
  console.log(log.join("\n"));
}
