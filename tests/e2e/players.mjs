// Players of the end-to-end flows, made the way the app makes them: registered with the text-message code,
// signed in through the API or the login form, and their bets placed as the room page places them.
import assert from "node:assert/strict";
import { eventually } from "./eventually.mjs";
import { operatorToken } from "./operator.mjs";

/** A POST to the API with a JSON body, as the app's pages send it; answers the envelope. */
export async function call(base, path, body) {
  return (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

let lastStamp = 0;

/**
 * Seven digits no other call of the run answers, for a phone number and a name of its own: hundredths of a second
 * (a cycle of 2.7 hours, never the same twice in a process) and the parallel worker's digit, as flows in other
 * workers register at the same moment.
 */
export function uniqueStamp() {
  lastStamp = Math.max(Math.floor(Date.now() / 10) % 1_000_000, (lastStamp + 1) % 1_000_000);
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  return `${String(lastStamp).padStart(6, "0")}${worker}`;
}

/** A new adult player registered with the code texted to a fresh phone number; answers name, token and id. */
export async function newPlayer(base, smsCode, { prefix = "pl", password = "play1234", payPwd = "135790" } = {}) {
  const stamp = uniqueStamp();
  const phone = `95${stamp}`;
  const username = `${prefix}${stamp}x`;
  assert.equal((await call(base, "/api/index/sms_send", { quhao: "+84", mobile: phone })).code, 1);
  const registered = await call(base, "/api/index/register", {
    quhao: "+84",
    username,
    phone,
    captcha: await smsCode(phone),
    password,
    spassword: password,
    invitation: "888",
    payPwd,
    adult: 1,
  });
  assert.equal(registered.code, 1, JSON.stringify(registered));
  const token = registered.data.token;
  const me = await call(base, "/api/Game/getuserinfo", { token });
  return { username, password, payPwd, token, id: me.data.id };
}

/**
 * A new player with `money` credited by an operator (within what one operator moves alone, docs/decisions/061),
 * for flows that play or withdraw on a balance of their own instead of the shared demo01's.
 */
export async function fundedPlayer({ base, smsCode, serverLog, money = 1000, ...options }) {
  const player = await newPlayer(base, smsCode, options);
  const credited = await call(base, "/api/admin/adjust", {
    token: await operatorToken(base, serverLog),
    userId: player.id,
    money,
    text: "compensation",
    reason: "End-to-end flow's own balance",
  });
  assert.equal(credited.data?.status, "done", JSON.stringify(credited));
  return player;
}

/** Signs a player in at /login, as a person would; waits for the page the login leads to. */
export async function signInPlayer(page, username, password) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL("**/user");
}

/**
 * A bet in the room's round in play through the order API, as the room page sends it; a round whose betting has
 * just closed refuses it (1029), so it is placed on the next round. Answers the round's id.
 */
export async function placeBet(base, token, roomid, orderInfo) {
  let roundId;
  await eventually(
    async () => {
      roundId = (await call(base, "/api/game/getGameinfo", { token, roomid })).data.game.id;
      const placed = await call(base, "/api/game/order", {
        token,
        roomid,
        gameid: roundId,
        order_info: JSON.stringify(orderInfo),
      });
      assert.equal(placed.code, 1, JSON.stringify(placed));
    },
    { timeout: 70_000, interval: 1_000 },
  );
  return roundId;
}
