// Shared by the *.bench.mjs files: contract calls, money for the demo player, a round with time left to bet.
import { createHmac } from "node:crypto";

export function contract(base) {
  return async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return response.json();
  };
}

/** The room's round in play once at least `seconds` of betting remain (waits out a round about to close). */
export async function roundWithTimeLeft(post, token, roomId, seconds) {
  for (let tries = 0; tries < 150; tries++) {
    const info = await post("/api/Game/getGameinfo", { token, roomid: roomId });
    if (info.code === 1 && (info.data.game.closeAt - Date.now()) / 1000 > seconds) return info.data;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`room ${roomId}: no round with ${seconds} s of betting left`);
}

/** RFC 6238 (SHA-1, 6 digits, 30 s) from the base32 secret `npm start` prints for the local operator. */
function totp(base32, nowMs = Date.now()) {
  const bits = [...base32.replace(/=+$/, "")]
    .map((c) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(c).toString(2).padStart(5, "0"))
    .join("");
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

const operatorSessions = new WeakMap();

/**
 * A session of a local demo operator (`npm start` prints each one's TOTP secret), one per server and
 * operator: a TOTP step is accepted once, so bench parts share the session instead of signing in again.
 */
export function operatorToken(post, log, username = "admin", password = `${username}1234`) {
  if (!operatorSessions.has(log)) operatorSessions.set(log, new Map());
  const sessions = operatorSessions.get(log);
  if (!sessions.has(username)) {
    const printed = new RegExp(`\\b${username}\\s+/\\s+\\S+\\s+role\\s+\\w+\\s+TOTP secret ([A-Z2-7]+)`).exec(log());
    if (!printed) throw new Error(`the local operator ${username}'s TOTP secret was not printed`);
    const session = must(post, "/api/admin/login", { username, password, code: totp(printed[1]) }).then(
      (data) => data.token,
    );
    session.catch(() => sessions.delete(username));
    sessions.set(username, session);
  }
  return sessions.get(username);
}

/** The answer's data, or an error naming the call and its message. */
export async function must(post, path, body) {
  const answer = await post(path, body);
  if (answer.code !== 1) throw new Error(`${path}: ${answer.info}`);
  return answer.data;
}

/** The account the bench's deposits say they were paid into where the local site lists none of its own. */
const BENCH_PAYEE = { type: "bank", name: "Bench Bank", holder: "BENCH", account: "0071000777888" };

/**
 * Where the bench's deposits were paid (a site that lists no deposit account takes no deposit, 1262): the first
 * account the site lists, or, where it lists none, one set up as an operator sets it, asked by the admin and approved
 * by the second admin (docs/decisions/167).
 */
export async function depositPayee(post, log) {
  const admin = await operatorToken(post, log);
  const { payees } = await must(post, "/api/admin/settings", { token: admin });
  if (payees.length > 0) return { payee: payees[0].account, pay_ref: "BENCH-0001" };
  const { waiting } = await must(post, "/api/admin/settings/update", { token: admin, payees: [BENCH_PAYEE] });
  const second = await operatorToken(post, log, "admin2");
  for (const { id } of waiting) await must(post, "/api/admin/settings/requests/approve", { token: second, id });
  return { payee: BENCH_PAYEE.account, pay_ref: "BENCH-0001" };
}

/**
 * Approves every deposit waiting, as the local operators do: the admin first, and the cashier gives the second
 * approval a large deposit takes (docs/decisions/061). Returns how many approvals were given.
 */
export async function approvePendingDeposits(post, log) {
  const operator = await operatorToken(post, log);
  let approvals = 0;
  for (;;) {
    const pending = await must(post, "/api/admin/deposits", { token: operator, status: "pending" });
    if (pending.list.length === 0) return approvals;
    for (const row of pending.list) {
      const token = row.refusedBecause ? await operatorToken(post, log, "cashier") : operator;
      await must(post, "/api/admin/deposits/approve", { token, id: row.id });
      approvals++;
    }
  }
}

/** A deposit request of the player's, paid into the account the site lists (`paid`: from `depositPayee`). */
export const askDeposit = (post, token, money, paid) =>
  must(post, "/api/Game/recharge", {
    token,
    money,
    pay_name: "bench",
    request_id: `bench-${crypto.randomUUID()}`,
    ...paid,
  });

/** Money for the bets of several players: a deposit request of each, approved by the local operators. */
export async function fundAll(post, log, tokens, money) {
  const paid = await depositPayee(post, log);
  for (const token of tokens) await askDeposit(post, token, money, paid);
  await approvePendingDeposits(post, log);
}

/** Money for a bench's bets: a deposit request of the player's, approved by the local operator. */
export const fund = (post, log, token, money) => fundAll(post, log, [token], money);

const PLAYER_PASSWORD = "bench1234";

/**
 * New players, registered through the contract, each code read from the local Twilio-shaped server: each one's
 * token, username and password.
 */
export async function registerPlayers(post, smsCode, count) {
  const players = [];
  const stamp = Date.now() % 1_000_000;
  for (let i = 0; i < count; i++) {
    // nine digits after +84, as a Vietnamese mobile number has (docs/decisions/168)
    const phone = `9${String(stamp).padStart(6, "0")}${String(i).padStart(2, "0")}`;
    await must(post, "/api/index/sms_send", { quhao: "+84", mobile: phone });
    const code = await smsCode(phone);
    const username = `b${stamp}x${i}`;
    const data = await must(post, "/api/index/register", {
      quhao: "+84",
      username,
      phone,
      captcha: code,
      password: PLAYER_PASSWORD,
      spassword: PLAYER_PASSWORD,
      invitation: "888",
      payPwd: "",
      adult: "1",
    });
    players.push({ token: data.token, username, password: PLAYER_PASSWORD });
  }
  return players;
}

/** A room's rounds from its next one (a room change applies from its next round), its other settings kept. */
export async function setRoomTiming(post, operator, roomId, { roundSeconds, closeSeconds }) {
  const room = await must(post, "/api/admin/rooms/get", { token: operator, id: roomId });
  await must(post, "/api/admin/rooms/update", {
    token: operator,
    id: roomId,
    title: room.title,
    kind: room.kind,
    minjoin: room.minjoin,
    minbuy: room.minbuy,
    minLevel: room.minLevel,
    roundSeconds,
    closeSeconds,
    trading: true,
    rates: room.options.map((o) => o.odds),
  });
}
