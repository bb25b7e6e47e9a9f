import * as z from "zod";
import { integerId } from "../fields";
import { page } from "./wallet";
import { isOperatorLink } from "../operators/links";
import { MAX_ARTICLE_HTML, safeUrl } from "../content/sanitize-html";

// Articles (groups 9, 14, 26, in four languages: docs/decisions/030) and banners as the operator writes them.
/** The article groups: 9 announcements, 14 help, 26 news (docs/decisions/030). */
export const ARTICLE_GROUPS = [9, 14, 26] as const;

const title = () => z.string({ error: "1147" }).trim().max(200, "1147").optional().default("");
const body = () => z.string({ error: "1147" }).max(MAX_ARTICLE_HTML, "1147").optional().default("");
const sort = () =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,6}$/, "1147"),
        z.literal(""),
      ],
      { error: "1147" },
    )
    .transform((v) => (v === "" ? 0 : Number(v)))
    .pipe(z.number().int("1147").min(-99_999, "1147").max(999_999, "1147"));
const group = z
  .union([z.number(), z.string().trim()], { error: "1147" })
  .transform(Number)
  .pipe(
    z.union(ARTICLE_GROUPS.map((g) => z.literal(g)) as [z.ZodLiteral<9>, z.ZodLiteral<14>, z.ZodLiteral<26>], {
      error: "1147",
    }),
  );
/** A picture or link inside the app, or an https:// address (shared/operators/links.ts); never another site by "//". */
const path = (code: string) =>
  z
    .string({ error: code })
    .trim()
    .max(500, code)
    .refine((v) => v === "" || (safeUrl(v) === v && isOperatorLink(v)), code);

export const articleForm = z
  .object({
    id: integerId().optional(),
    group,
    title: title(),
    title_ft: title(),
    title_yw: title(),
    title_vi: title(),
    content: body(),
    content_ft: body(),
    content_yw: body(),
    content_vi: body(),
    img: path("1147").optional().default(""),
    sort: sort().optional().default(0),
  })
  .refine((f) => [f.title, f.title_ft, f.title_yw, f.title_vi].some((t) => t !== ""), { message: "1147" });

export const articleListForm = z.object({ group, page: page() });
export const contentIdForm = z.object({ id: integerId() });

export const bannerForm = z.object({
  id: integerId().optional(),
  path: path("1148").refine((v) => v !== "", "1148"),
  path_tw: path("1148").optional().default(""),
  path_yw: path("1148").optional().default(""),
  path_vi: path("1148").optional().default(""),
  // 1257 names what a link may be: a path of the site, saved at once, or an https:// address, which waits for a
  // second admin (worker/content/banner-changes.ts)
  link: path("1257").optional().default(""),
  sort: sort().optional().default(0),
});
