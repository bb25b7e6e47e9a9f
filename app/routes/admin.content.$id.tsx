import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatDecimal } from "~/lib/number-format";
import { Form, useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunctionArgs } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer } from "~/lib/answers/console";
import { ActionError } from "~/components/admin/ActionError";
import { ConfirmPanel } from "~/components/admin/ConfirmPanel";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { consoleFieldErrors, fieldsRefused } from "~/lib/console-fields.server";
import { ARTICLE_GROUPS, articleForm } from "#shared/forms/content";
import { MAX_ARTICLE_HTML } from "#shared/content/sanitize-html";
import { askToConfirm, isConfirmed } from "~/lib/console-confirm.server";
import { ArticleBody } from "~/components/content/ArticleBody";
import { HTML_LANG, type ContentLanguage } from "~/components/content/types";
import { redirectWithToast } from "~/lib/flash.server";
import { formFields } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { callAdmin, loadAdmin } from "~/lib/operator.server";

export const handle = { title: "admin:content.edit" };

/** The legacy columns and the language each holds (docs/decisions/030-article-languages.md). */
const LANGUAGES: { suffix: string; lang: ContentLanguage }[] = [
  { suffix: "_yw", lang: "en" },
  { suffix: "", lang: "chs" },
  { suffix: "_ft", lang: "cht" },
  { suffix: "_vi", lang: "vi" },
];
const FIELDS = ["group", "sort", "img", ...LANGUAGES.flatMap((l) => [`title${l.suffix}`, `content${l.suffix}`])];
type Values = Record<string, string>;

/** An article action's answer: the console's, with the values as typed and their sanitized preview. */
type ArticleAnswer = ConsoleAnswer & { values?: Values; preview?: Values | null };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (params.id === "new") {
    const group = new URL(request.url).searchParams.get("group") ?? "9";
    return {
      id: null,
      values: Object.fromEntries(FIELDS.map((f) => [f, f === "group" ? group : f === "sort" ? "0" : ""])) as Values,
    };
  }
  const article = await loadAdmin(request, context, "/api/admin/articles/get", {
    id: params.id,
  });
  return {
    id: Number(params.id),
    values: Object.fromEntries(FIELDS.map((f) => [f, String(article[f] ?? "")])) as Values,
  };
}

/** Preview (sanitized by the API, nothing written), save (create or replace, audited) or delete. */
export async function action({ request, context, params }: ActionFunctionArgs): Promise<Answered<ArticleAnswer>> {
  const fields = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  const values = Object.fromEntries(FIELDS.map((f) => [f, fields[f] ?? ""])) as Values;
  const id = params.id === "new" ? undefined : params.id;
  if (fields.intent === "delete" && id) {
    if (!isConfirmed(fields)) {
      const title = values.title_yw || values.title || values.title_ft || values.title_vi;
      return askToConfirm(fields, { message: t("confirm.deleteArticle", { id, title }), button: t("content.delete") });
    }
    const answer = await callAdmin(request, context, "/api/admin/articles/delete", { id });
    if (answer.code !== 1) return data({ error: answer.info, values, preview: null }, { status: 400 });
    return redirectWithToast(context, `/admin/content?group=${values.group}`, t("content.deleted"));
  }
  const problems = await consoleFieldErrors(
    request,
    articleForm,
    { ...values, id },
    {
      ...Object.fromEntries(
        LANGUAGES.map(({ suffix }) => [
          `content${suffix}`,
          t("fields.body", { max: formatDecimal(MAX_ARTICLE_HTML, 0, 0) }),
        ]),
      ),
      ...Object.fromEntries(LANGUAGES.map(({ suffix }) => [`title${suffix}`, t("fields.articleTitle")])),
      img: t("fields.link"),
      sort: t("fields.whole", { min: "-99,999", max: "999,999" }),
    },
    { "": "title_yw" },
  );
  if (problems) return fieldsRefused(problems, { values, preview: null });
  if (fields.intent === "preview") {
    const answer = await callAdmin(request, context, "/api/admin/articles/preview", values);
    if (answer.code !== 1) return data({ error: answer.info, values, preview: null }, { status: 400 });
    return { error: null, values, preview: answer.data };
  }
  const answer = await callAdmin(request, context, "/api/admin/articles/save", { ...values, id });
  if (answer.code !== 1) return data({ error: answer.info, values, preview: null }, { status: 400 });
  return redirectWithToast(context, `/admin/content/${answer.data.id}`, t("content.saved"));
}

/** The previews typed as the operator writes are the API's (the sanitizer the stored article gets); the page keeps its data. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

/** One language as players will read it, beside its editor. */
function LanguagePreview({ article, suffix, lang }: { article: Values; suffix: string; lang: ContentLanguage }) {
  const { t } = useTranslation("admin");
  return (
    <section
      className="article-preview"
      aria-label={`${t("content.previewLive")} · ${t(`content.lang.${lang}`)}`}
      data-testid={`article-preview-${lang}`}
    >
      <span className="muted">{t("content.previewLive")}</span>
      <h3>{article[`title${suffix}`] || <span className="muted">{t("content.untitled")}</span>}</h3>
      <ArticleBody html={article[`content${suffix}`] ?? ""} language={lang} />
    </section>
  );
}

const LIVE_PREVIEW_DELAY_MS = 600;

export default function ArticleEditor() {
  const { id, values: stored } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const live = useFetcher<typeof action>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const values = result?.values ?? stored;
  const preview = live.data?.preview ?? result?.preview ?? values;
  const error = useFieldError();
  const { t } = useTranslation("admin");
  // With JavaScript the previews follow the typing (the API sanitizes, nothing is saved); without it, the Preview button.
  const typed = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const body = new FormData(form);
      body.set("intent", "preview");
      live.submit(body, { method: "post" });
    }, LIVE_PREVIEW_DELAY_MS);
  };
  return (
    <main className="admin-main">
      <h1>{id ? t("content.editTitle", { id }) : t("content.new")}</h1>
      <ActionError />
      <ConfirmPanel />
      <Form
        method="post"
        className="form article-form"
        key={JSON.stringify(values)}
        onInput={(e) => typed(e.currentTarget)}
        // a save or a preview supersedes the live preview still waiting for the typing to pause: were it sent
        // after the save, the revalidation it brings could take the save's toast (a flash read once)
        onSubmit={() => clearTimeout(timer.current)}
      >
        <div className="article-meta">
          <label className="field">
            <span className="field-label">{t("content.groups")}</span>
            <select name="group" defaultValue={values.group}>
              {ARTICLE_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`content.group.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">{t("content.sort")}</span>
            <input
              name="sort"
              inputMode="numeric"
              defaultValue={values.sort}
              {...invalidProps(error("sort"), "sort")}
            />
            <FieldError message={error("sort")} name="sort" />
          </label>
          <label className="field">
            <span className="field-label">{t("content.img")}</span>
            <input
              name="img"
              defaultValue={values.img}
              placeholder="/images/news/…"
              {...invalidProps(error("img"), "img")}
            />
            <FieldError message={error("img")} name="img" />
          </label>
        </div>
        {LANGUAGES.map(({ suffix, lang }) => (
          <fieldset key={lang} className="admin-card article-lang" lang={HTML_LANG[lang]}>
            <legend>{t(`content.lang.${lang}`)}</legend>
            <div className="article-write">
              <label className="field">
                <span className="field-label">{t("content.articleTitle")}</span>
                <input
                  name={`title${suffix}`}
                  defaultValue={values[`title${suffix}`]}
                  maxLength={200}
                  {...invalidProps(error(`title${suffix}`), `title${suffix}`)}
                />
                <FieldError message={error(`title${suffix}`)} name={`title${suffix}`} />
              </label>
              <label className="field">
                <span className="field-label">{t("content.body")}</span>
                <textarea
                  className="article-body-input"
                  name={`content${suffix}`}
                  defaultValue={values[`content${suffix}`]}
                  rows={16}
                  {...invalidProps(error(`content${suffix}`), `content${suffix}`)}
                />
                <FieldError message={error(`content${suffix}`)} name={`content${suffix}`} />
              </label>
            </div>
            <LanguagePreview article={preview} suffix={suffix} lang={lang} />
          </fieldset>
        ))}
        <p className="muted">{t("content.sanitized")}</p>
        <div className="admin-actions">
          <button className="button small secondary" type="submit" name="intent" value="preview">
            {t("content.previewButton")}
          </button>
          <button className="button small" type="submit" name="intent" value="save">
            {t("content.save")}
          </button>
        </div>
      </Form>
      {id ? (
        <Form method="post" className="admin-section">
          <input type="hidden" name="group" value={stored.group} />
          <button className="button small secondary" type="submit" name="intent" value="delete">
            {t("content.delete")}
          </button>
        </Form>
      ) : null}
    </main>
  );
}
