import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashSmsCode } from "../../worker/players/sms";
import { normalisePhone } from "../../shared/players/phone";
import { DEMO_PLAYER } from "../../worker/seed/seed";
import { expectBooksBalanced, type Answer, type ContractClient } from "../contract/client";
import { contractFlows } from "../contract/flows";
import { login } from "../contract/players";
import { PEPPER, databasesOf, migrateAndSeed, startWorker, type LocalWorker } from "./workers";
import { smsCodes, articles } from "../../worker/db/schema";
import { quotedTable } from "../../worker/db/quoted-table";

// Two Workers at once: the app in demo mode as the upstream, and the app in proxy mode in front of it
// (API_MODE=proxy, UPSTREAM_API_BASE = the first one's address). Every contract flow goes through the front.
let upstream: LocalWorker;
let front: LocalWorker;

async function post(base: string, path: string, body: unknown = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

const throughProxy: ContractClient = {
  call: (path, body) => post(front.url, path, body),
  operatorCall: (path, body) => post(upstream.url, path, body),
  async plantSmsCode(typedQuhao, typedPhone, code) {
    const now = Date.now();
    // stored as sms_send stores it: for the number's E.164 spelling (docs/decisions/168)
    const number = normalisePhone(typedPhone, typedQuhao);
    const [quhao, phone] = number ? [number.dialCode, number.e164] : [typedQuhao, typedPhone];
    await upstream.db
      .prepare(
        `INSERT INTO ${quotedTable(smsCodes)} (quhao, phone, code_hash, created_at_ms, expires_at_ms) VALUES (?, ?, ?, ?, ?)`,
      )
      .bind(quhao, phone, await hashSmsCode(PEPPER, quhao, phone, code), now - 61_000, now + 300_000)
      .run();
  },
  pepper: PEPPER,
};

beforeAll(async () => {
  upstream = await startWorker(inject("workerBundle"), {});
  await migrateAndSeed(upstream);
  // The front keeps no data of its own: its D1 is left without tables, so nothing can be answered from it.
  front = await startWorker(inject("workerBundle"), { API_MODE: "proxy", UPSTREAM_API_BASE: upstream.url });
});

afterAll(async () => {
  await front?.dispose();
  await upstream?.dispose();
});

for (const [area, flows] of Object.entries(contractFlows)) {
  describe(`contract through the proxy: ${area}`, () => {
    for (const flow of flows) {
      it(flow.name, async () => {
        await flow.run(throughProxy);
        for (const db of databasesOf(upstream)) await expectBooksBalanced(db, upstream.db);
      });
    }
  });
}

describe("edge cache in front of the upstream", () => {
  it("serves a guest the article it has for PUBLIC_CACHE_SECONDS, and a player the upstream's own", async () => {
    const guest = { id: 2605, lang: "en" };
    const before = await post(front.url, "/api/Game/getArticledetail", guest);
    await upstream.db
      .prepare(`UPDATE ${quotedTable(articles)} SET title_yw = 'Changed upstream' WHERE id = 2605`)
      .run();
    expect(await post(front.url, "/api/Game/getArticledetail", guest)).toEqual(before);
    const token = await login(throughProxy, DEMO_PLAYER.username, DEMO_PLAYER.password);
    expect((await post(front.url, "/api/Game/getArticledetail", { ...guest, token })).data.localTitle).toBe(
      "Changed upstream",
    );
  });
});

describe("what the front does not simulate", () => {
  it("opens no live room socket of its own: the page follows the upstream's round by polling", async () => {
    const refused = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`${front.url.replace("http", "ws")}/ws/room/1`);
      socket.on("unexpected-response", (_request, response) => resolve(String(response.statusCode)));
      socket.on("open", () => resolve("open"));
      socket.on("error", () => {});
    });
    expect(refused).toBe("404");
  });

  it("runs no rooms or finance accrual of its own on the cron", async () => {
    front.logs.length = 0;
    await front.scheduled();
    // the request lines of earlier calls (docs/decisions/135) may arrive late; the cron writes nothing
    const requestLine = (line: string) => /^\{"time":.*"route":/.test(line);
    expect(front.logs.filter((line) => !requestLine(line))).toEqual([]);
  });
});

describe("pages through the proxy", () => {
  it("renders the home page from the upstream's answers", async () => {
    const page = await fetch(`${front.url}/?lng=en`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Lucky 28");
  });
});
