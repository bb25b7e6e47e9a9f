import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { count, expectMoneyInvariants } from "./helpers";
import { addBank, operator, player } from "./wallet-helpers";
import { currentRound, placeOk, playerWith } from "./rooms-helpers";
import { demoApi } from "../worker/api/app";
import { everywhere } from "./shard-helpers";
import { users, sessions, orders, depositRequests, withdrawalRequests, bankCards } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Hostile bodies on every contract and operator endpoint (seeded, so a failure replays):
// never a 5xx or an unhandled error (1014), always the envelope, nothing written, money invariants hold.

const SEED = 20261123;
const BODIES = 2_000;

/** mulberry32: small, fast and seedable. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every POST route the API serves, read from the app itself, so a new endpoint is fuzzed too. */
const endpoints = [
  ...new Set(demoApi.routes.filter((r) => r.method === "POST" && r.path.startsWith("/api/")).map((r) => r.path)),
];

// Field names the contract and the operator API read.
const FIELDS = [
  "roomid",
  "gameid",
  "order_info",
  "order_id",
  "isfirst",
  "gameseq",
  "seqno",
  "page",
  "id",
  "type",
  "money",
  "pay_name",
  "bank_id",
  "pwd",
  "request_id",
  "username",
  "password",
  "spassword",
  "quhao",
  "phone",
  "captcha",
  "invitation",
  "payPwd",
  "oldpwd",
  "newpwd",
  "bank",
  "account",
  "area",
  "address",
  "userId",
  "reason",
  "note",
  "status",
  "start",
  "end",
  "lang",
  "isaward",
];

/** Writes a hostile body must never make (counts, plus what an UPDATE could change). */
async function footprint() {
  const tables = [
    "users",
    "sessions",
    "ledger",
    "orders",
    "bets",
    "deposit_requests",
    "withdrawal_requests",
    "bank_cards",
    "audit_log",
    "sms_codes",
    "invitation_codes",
    "settings",
    "rooms",
  ];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
  // every database's rows: the players' are in their shards (docs/decisions/161)
  const state = await everywhere(
    `SELECT
      (SELECT group_concat(id || ':' || money_cents || ':' || level || ':' || frozen || ':' || password_hash || ':' || COALESCE(pay_password_hash, ''), ',') FROM ${quotedTable(users)}) AS users,
      (SELECT COUNT(*) FROM ${quotedTable(sessions)} WHERE revoked_at_ms IS NOT NULL) AS revoked,
      (SELECT group_concat(id || ':' || status, ',') FROM ${quotedTable(orders)}) AS orders,
      (SELECT group_concat(id || ':' || status, ',') FROM ${quotedTable(depositRequests)}) AS deposits,
      (SELECT group_concat(id || ':' || status, ',') FROM ${quotedTable(withdrawalRequests)}) AS withdrawals,
      (SELECT group_concat(id || ':' || COALESCE(deleted_at_ms, ''), ',') FROM ${quotedTable(bankCards)}) AS cards`,
  ).all();
  return { counts, state };
}

describe("hostile bodies", () => {
  it(`answer ${BODIES} of them on every endpoint in the envelope, without 5xx, writes or broken books`, async () => {
    const me = await player(50_000);
    const other = await player(50_000);
    const otherCard = await addBank(other.token);
    const otherOrder = await placeOk((await playerWith(10_000)).token, 1, [[0, 1.98, 20]]);
    const round = await currentRound(1);
    const admin = await operator();
    const forged = `${me.token.slice(0, -4)}AAAA`;
    const tokens = [undefined, "", "null", forged, "x".repeat(5_000), "' OR 1=1 --", me.token, 12345, { $ne: null }];
    const otherIds = [other.id, otherCard.id, otherOrder.order_id, round.roundId, 1];
    const values: unknown[] = [
      null,
      true,
      false,
      0,
      -0,
      -1e15,
      1e308,
      -1e308,
      1e-7,
      0.001,
      2 ** 53 + 1,
      -(2 ** 63),
      Number.MAX_SAFE_INTEGER,
      "NaN",
      "Infinity",
      "-Infinity",
      "",
      " ",
      "0x10",
      "1e309",
      "12.345",
      "-0.001",
      "9".repeat(400),
      "x".repeat(20_000),
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      "'; DROP TABLE users; --",
      "1 OR 1=1",
      '" OR ""="',
      "%00",
      "\u0000",
      "\ud800",
      "😀".repeat(100),
      "../../etc/passwd",
      "${7*7}",
      [],
      [[]],
      [[0, 1.98]],
      [["a", "b", "c"]],
      [[0, "NaN", 1e308]],
      [[1e308, 1.98, 20]],
      [[0, 1.98, -20]],
      {},
      { a: { b: { c: [] } } },
      ["x", 1, null],
      ...otherIds,
    ];
    const rawBodies = [
      '{"a":',
      "[]",
      "null",
      '"text"',
      "123",
      "{'single': 1}",
      "a=1&b=2",
      "<xml/>",
      "\u0000\u0001",
      '{"token": ' + "[".repeat(5_000) + "]".repeat(5_000) + "}",
    ];
    const contentTypes = [
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
      "",
    ];
    const random = prng(SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

    const before = await footprint();
    const seen = new Map<string, number>();
    for (let i = 0; i < BODIES; i++) {
      const path = endpoints[i % endpoints.length];
      let body: string;
      const roll = random();
      if (roll < 0.1) body = pick(rawBodies);
      else {
        const fields: Record<string, unknown> = {};
        const token = path.startsWith("/api/admin/") && random() < 0.5 ? admin : pick(tokens);
        // Signing out with a real token is a legitimate write (and would end the fuzzing sessions).
        const signOut = path.endsWith("/logout");
        if (signOut) fields.token = pick([forged, "", 7]);
        else if (token !== undefined) fields.token = token;
        const n = 1 + Math.floor(random() * 6);
        for (let f = 0; f < n; f++) fields[pick(FIELDS)] = pick(values);
        // The operator's token never travels with a real id of something it could decide or pay.
        if (fields.token === admin)
          for (const key of ["id", "userId"])
            if (key in fields && otherIds.includes(fields[key] as number)) fields[key] = -1;
        body = JSON.stringify(fields);
      }
      const response = await exports.default.fetch(`https://app.test${path}`, {
        method: "POST",
        headers: { "content-type": roll < 0.2 ? pick(contentTypes) : "application/json" },
        body,
      });
      const answer = (await response.json()) as { code: number; info: unknown; data?: { errCode?: number } };
      const where = `${path} ${body.slice(0, 200)}`;
      expect(response.status, where).toBeLessThan(500);
      expect([0, 1, 403, 409], where).toContain(answer.code);
      expect(typeof answer.info, where).toBe("string");
      expect(answer.data?.errCode, where).not.toBe(1014);
      seen.set(path, (seen.get(path) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([...endpoints].sort());
    expect(endpoints.length).toBeGreaterThan(35);
    expect(await footprint()).toEqual(before);
    await expectMoneyInvariants();
  }, 120_000);
});
