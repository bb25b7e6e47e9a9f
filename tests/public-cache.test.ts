import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handleApi } from "../worker/api/handle";
import type { Answer } from "./contract/client";
import { settings, articles, games as gamesTable } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The edge cache of token-free public answers (worker/api/public-cache.ts) with the real Cache API. The
// other Worker tests run with PUBLIC_CACHE_SECONDS=0 (vitest.config.ts): they change content and read it
// back at once. Here each call gets an env with the cache time under test.

async function call(
  seconds: number,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const ctx = createExecutionContext();
  const request = new Request(`https://app.test${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const response = await handleApi(request, { ...env, PUBLIC_CACHE_SECONDS: String(seconds) } as Env, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return { answer: (await response.json()) as Answer, cacheControl: response.headers.get("cache-control") };
}

const setHelpLink = (link: string) =>
  env.DB.prepare(
    `INSERT INTO ${quotedTable(settings)} (key, value) VALUES ('kefu_url', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  )
    .bind(JSON.stringify(link))
    .run();
const setTitle = (id: number, title: string) =>
  env.DB.prepare(`UPDATE ${quotedTable(articles)} SET title_yw = ? WHERE id = ?`)
    .bind(title, id)
    .run();

describe("public answers at the edge", () => {
  it("keeps a token-free article for PUBLIC_CACHE_SECONDS, per language", async () => {
    const first = await call(30, "/api/Game/getArticledetail", { id: 2601, lang: "en" });
    expect(first.cacheControl).toBe("public, max-age=30");
    await setTitle(2601, "Edited title");
    const again = await call(30, "/api/Game/getArticledetail", { lang: "en", id: 2601 });
    expect(again.answer).toEqual(first.answer);
    expect(again.answer.data.localTitle).not.toBe("Edited title");
    // another language is another entry: the Chinese title is read afresh
    const chinese = await call(30, "/api/Game/getArticledetail", { id: 2601, lang: "chs" });
    expect(chinese.answer.data.localTitle).not.toBe(first.answer.data.localTitle);
  });

  it("never stores or serves anything for a call with a token", async () => {
    await call(30, "/api/Game/getArticledetail", { id: 2602, lang: "en" });
    await setTitle(2602, "Fresh for players");
    const withToken = await call(30, "/api/Game/getArticledetail", { id: 2602, lang: "en", token: "a".repeat(64) });
    expect(withToken.answer.data.localTitle).toBe("Fresh for players");
    expect(withToken.cacheControl).toBe("no-store");
    const bearer = await call(
      30,
      "/api/Game/getArticledetail",
      { id: 2602, lang: "en" },
      { authorization: `Bearer ${"b".repeat(64)}` },
    );
    expect(bearer.answer.data.localTitle).toBe("Fresh for players");
    expect(bearer.cacheControl).toBe("no-store");

    // a token-bearing call made first leaves nothing behind for guests
    await call(30, "/api/Game/getArticledetail", { id: 2604, lang: "en", token: "c".repeat(64) });
    await setTitle(2604, "Guests see this");
    expect((await call(30, "/api/Game/getArticledetail", { id: 2604, lang: "en" })).answer.data.localTitle).toBe(
      "Guests see this",
    );
  });

  it("does not keep a failure", async () => {
    const missing = await call(30, "/api/Game/getArticledetail", { id: 70_001, lang: "en" });
    expect(missing.answer.data.errCode).toBe(1100);
    expect(missing.cacheControl).toBe("no-store");
    await env.DB.prepare(
      `INSERT INTO ${quotedTable(articles)} (id, group_id, title, title_yw, created_at_ms) VALUES (70001, 9, '新', 'New', 1)`,
    ).run();
    expect((await call(30, "/api/Game/getArticledetail", { id: 70_001, lang: "en" })).answer.data.localTitle).toBe(
      "New",
    );
  });

  it("keeps nothing when PUBLIC_CACHE_SECONDS is 0", async () => {
    await call(0, "/api/Index/getconfig", {});
    await setHelpLink("https://help.example/chat");
    const after = await call(0, "/api/Index/getconfig", {});
    expect(after.answer.data.kefu_url).toBe("https://help.example/chat");
    expect(after.cacheControl).toBe("no-store");
  });

  it("keeps the game list and settings too", async () => {
    const games = await call(30, "/api/Game/getGameList", {});
    await env.DB.prepare(`UPDATE ${quotedTable(gamesTable)} SET title = 'Renamed' WHERE id = 1`).run();
    expect((await call(30, "/api/Game/getGameList", {})).answer).toEqual(games.answer);
    expect((await call(30, "/api/Game/getGameList", { token: "t" })).answer.data.list[0].title).toBe("Renamed");
    const config = await call(30, "/api/Index/getconfig", { lang: "vi" });
    await setHelpLink("https://other.example/");
    expect((await call(30, "/api/Index/getconfig", { lang: "vi" })).answer).toEqual(config.answer);
    expect((await call(30, "/api/Index/getconfig", { lang: "vi", token: "t" })).answer.data.kefu_url).toBe(
      "https://other.example/",
    );
  });
});
