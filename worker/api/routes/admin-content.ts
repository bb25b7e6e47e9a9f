import { Hono } from "hono";
import type { Paged } from "#shared/answers/paging";
import type { ActionDone } from "#shared/answers/console-routes";
import type {
  ArticleFields,
  ArticlePreview,
  ArticleRow,
  ArticleSaved,
  BannerImageStored,
  BannerList,
  BannerSaved,
} from "#shared/answers/console-content";
import type { ConsoleSettings, SettingRequestList, SettingsSaved } from "#shared/answers/console-operators";
import { ok } from "../envelope";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { contentIdForm } from "#shared/forms/content";
import {
  articleForOperator,
  deleteArticle,
  deleteBanner,
  listArticlesForOperator,
  listBannersForOperator,
  previewArticle,
  saveArticle,
  saveBanner,
} from "../../content/console";
import { bannerChangeWriter } from "../../content/banner-changes";
import { operatorSettings, updateSettings } from "../../settings/console";
import { decideSettingRequest, listSettingRequests } from "../../settings/setting-requests";
import { integerId } from "#shared/fields";
import * as z from "zod";
import { imageTooLarge, storeBannerImage } from "../../media/banner-images";

// Articles, banners and settings as the console edits them (docs/product.md#operators); every write is audited
// in its own batch. The role each route needs is in shared/operators/roles.ts.
export const adminContentRoutes = new Hono<AppEnv>();
const idOf = (body: Record<string, unknown>) => parseBody(contentIdForm, body).id;

adminContentRoutes.post("/api/admin/articles", async (c) =>
  ok(c, (await listArticlesForOperator(c.var.db.control, c.get("body"), c.get("lang"))) satisfies Paged<ArticleRow>),
);
adminContentRoutes.post("/api/admin/articles/get", async (c) =>
  ok(c, (await articleForOperator(c.var.db.control, idOf(c.get("body")))) satisfies ArticleFields),
);
adminContentRoutes.post("/api/admin/articles/preview", async (c) =>
  ok(c, previewArticle(c.get("body")) satisfies ArticlePreview),
);
adminContentRoutes.post("/api/admin/articles/save", async (c) =>
  ok(c, (await saveArticle(c.var.db.control, c.get("user").id, c.get("body"), Date.now())) satisfies ArticleSaved),
);
adminContentRoutes.post("/api/admin/articles/delete", async (c) =>
  ok(
    c,
    (await deleteArticle(c.var.db.control, c.get("user").id, idOf(c.get("body")), Date.now())) satisfies ActionDone,
  ),
);

adminContentRoutes.post("/api/admin/banners", async (c) =>
  ok(c, (await listBannersForOperator(c.var.db.control)) satisfies BannerList),
);
// multipart: token, lang and `image` (worker/api/context.ts reads it); the stored image's path for a banner.
adminContentRoutes.post("/api/admin/banners/upload", async (c) => {
  const body = c.get("body");
  if (body.tooLarge) throw imageTooLarge();
  return ok(c, (await storeBannerImage(c.env.MEDIA, body.image)) satisfies BannerImageStored);
});
adminContentRoutes.post("/api/admin/banners/save", async (c) =>
  ok(
    c,
    (await saveBanner(
      c.var.db.control,
      c.env.MEDIA,
      c.get("user").id,
      c.get("body"),
      Date.now(),
    )) satisfies BannerSaved,
  ),
);
adminContentRoutes.post("/api/admin/banners/delete", async (c) =>
  ok(
    c,
    (await deleteBanner(
      c.var.db.control,
      c.env.MEDIA,
      c.get("user").id,
      idOf(c.get("body")),
      Date.now(),
    )) satisfies ActionDone,
  ),
);

adminContentRoutes.post("/api/admin/settings", async (c) =>
  ok(c, (await operatorSettings(c.var.db.control, readConfig(c.env).currencyLabel)) satisfies ConsoleSettings),
);
adminContentRoutes.post("/api/admin/settings/update", async (c) =>
  ok(
    c,
    (await updateSettings(
      c.var.db.control,
      c.get("user").id,
      c.get("body"),
      readConfig(c.env).currencyLabel,
      Date.now(),
    )) satisfies SettingsSaved,
  ),
);

// Changes of the money settings, and of banners leading outside the site, waiting for a second admin
// (worker/settings/setting-requests.ts, worker/content/banner-changes.ts): an admin approves; the asker withdraws
// theirs; anyone else's rejection is an admin's.
adminContentRoutes.post("/api/admin/settings/requests", async (c) =>
  ok(c, { list: await listSettingRequests(c.var.db.control) } satisfies SettingRequestList),
);
const decisionForm = z.object({ id: integerId() });
for (const [path, approve] of [
  ["/api/admin/settings/requests/approve", true],
  ["/api/admin/settings/requests/reject", false],
] as const) {
  adminContentRoutes.post(path, async (c) => {
    const { id } = parseBody(decisionForm, c.get("body"));
    const user = c.get("user");
    return ok(
      c,
      (await decideSettingRequest(
        c.var.db.control,
        { actorId: user.id, actorRole: user.operatorRole, id, approve, nowMs: Date.now() },
        bannerChangeWriter(c.var.db.control),
      )) satisfies ActionDone,
    );
  });
}
