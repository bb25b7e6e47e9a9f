import { expect } from "vitest";
import { expectError, expectOk } from "./client";
import type { ContractFlow } from "./flows";

export const contentFlows: ContractFlow[] = [
  {
    name: "gives the public settings, banners and games to guests",
    async run(client) {
      const config = await client.call("/api/Index/getconfig", {});
      expectOk(config);
      expect(config.data).toMatchObject({ currency: "USD", deposit_min: 10, languages: ["en", "chs", "cht", "vi"] });
      const slide = await client.call("/api/Game/slide", { lang: "vi" });
      expectOk(slide);
      expect(slide.data.list).toHaveLength(3);
      const games = await client.call("/api/Game/getGameList", {});
      expectOk(games);
      expect(games.data.list).toHaveLength(16);
      expect(games.data.list[0]).toMatchObject({ id: 1, title: "Lucky 28", type: 1 });
    },
  },
  {
    name: "lists a group's articles, pages them and gives one, in the asked language",
    async run(client) {
      const group = await client.call("/api/Game/getOneclassArticle", { id: 26, lang: "en" });
      expectOk(group);
      // six help articles and the user agreement (2607)
      expect(group.data.list.map((a: { id: number }) => a.id)).toEqual([2601, 2602, 2603, 2604, 2605, 2606, 2607]);
      const page = await client.call("/api/Game/getArticlelist", { id: 26, page: 1, lang: "chs" });
      expectOk(page);
      expect(page.data).toMatchObject({ page: 1, hasMore: false });
      expect(page.data.list).toHaveLength(7);
      const english = await client.call("/api/Game/getArticledetail", { id: 2603, lang: "en" });
      const chinese = await client.call("/api/Game/getArticledetail", { id: 2603, lang: "chs" });
      expectOk(english);
      expect(english.data.localTitle).not.toBe(chinese.data.localTitle);
      const missing = await client.call("/api/Game/getArticledetail", { id: 987654, lang: "chs" });
      expectError(missing, 1100);
      expect(missing.info).toBe("该文章不存在");
      expectError(await client.call("/api/Game/getArticledetail", {}), 1001);
    },
  },
];
