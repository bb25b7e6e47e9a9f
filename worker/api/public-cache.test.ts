import { describe, expect, it } from "vitest";
import { publicCacheKey } from "./public-cache";

const url = (path: string) => new URL(`https://app.test${path}`);
const json = new Headers({ "content-type": "application/json" });
const key = (path: string, body: string, headers = json) => publicCacheKey(url(path), headers, body);

describe("publicCacheKey", () => {
  it("keys the public, token-free calls by path, language and fields", () => {
    for (const path of [
      "/api/Index/getconfig",
      "/api/Game/slide",
      "/api/Game/getOneclassArticle",
      "/api/Game/getArticlelist",
      "/api/Game/getArticledetail",
      "/api/Game/getGameList",
    ]) {
      expect(key(path, "{}")).toMatch(/^https:\/\/app\.test\/__public-cache\/api\//);
    }
    expect(key("/api/GAME/getgamelist", "")).toBe(key("/api/Game/getGameList", "{}"));
  });

  it("never keys a call with a token, in the body (even empty) or as a bearer", () => {
    expect(key("/api/Game/slide", '{"token":"abc"}')).toBeNull();
    expect(key("/api/Game/slide", '{"token":""}')).toBeNull();
    expect(
      key("/api/Game/slide", "token=abc", new Headers({ "content-type": "application/x-www-form-urlencoded" })),
    ).toBeNull();
    expect(key("/api/Game/slide", "{}", new Headers({ authorization: "Bearer abc" }))).toBeNull();
  });

  it("never keys a player's or operator's call", () => {
    for (const path of [
      "/api/Game/getuserinfo",
      "/api/Game/getRoomList",
      "/api/Game/getproductlist",
      "/api/admin/deposits",
      "/api/Index/login",
    ]) {
      expect(key(path, "{}")).toBeNull();
    }
  });

  it("separates languages (body first, then Accept-Language) and fields, whatever their order", () => {
    const en = key("/api/Game/getArticledetail", '{"id":2603,"lang":"en"}');
    expect(key("/api/Game/getArticledetail", '{"lang":"en","id":2603}')).toBe(en);
    expect(key("/api/Game/getArticledetail", '{"id":2603}')).toBe(en);
    expect(key("/api/Game/getArticledetail", '{"id":2603,"lang":"vi"}')).not.toBe(en);
    expect(key("/api/Game/getArticledetail", '{"id":2603}', new Headers({ "accept-language": "zh-TW,zh;q=0.9" }))).toBe(
      key("/api/Game/getArticledetail", '{"id":2603,"lang":"cht"}'),
    );
    expect(key("/api/Game/getArticledetail", '{"id":2604,"lang":"en"}')).not.toBe(en);
    expect(
      key(
        "/api/Game/getArticlelist",
        "id=26&page=2",
        new Headers({ "content-type": "application/x-www-form-urlencoded" }),
      ),
    ).toBe(key("/api/Game/getArticlelist", '{"page":"2","id":"26"}'));
  });

  it("does not key a body the API refuses or an oversized one", () => {
    expect(key("/api/Game/getArticledetail", "{not json")).toBeNull();
    expect(key("/api/Game/getArticledetail", "[1,2]")).toBeNull();
    expect(key("/api/Game/getArticledetail", JSON.stringify({ id: 1, pad: "x".repeat(3_000) }))).toBeNull();
  });
});
