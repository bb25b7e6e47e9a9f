import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import type { BannerRow } from "#shared/answers/console-content";
import type { BannerAnswer } from "./answer";
import { BannerPreviews } from "./BannerPreviews";
import { ACCEPT, IMAGES, type Values, valuesOf } from "./images";

/** One banner's editor, or a new one's: its images per language, link and order; preview, save, delete. */
export function BannerForm({ banner }: { banner?: BannerRow }) {
  const { t } = useTranslation("admin");
  const answer = useActionData<BannerAnswer>();
  const key = banner ? String(banner.id) : "new";
  const mine = answer?.form === key ? answer : undefined;
  const values: Values =
    mine?.values ??
    (banner ? valuesOf(banner) : { path: "", path_yw: "", path_tw: "", path_vi: "", link: "", sort: "0" });
  const error = useFieldError(key);
  const title = banner ? t("banners.editTitle", { id: banner.id }) : t("banners.new");
  return (
    <section className="admin-card banner-editor" aria-label={title}>
      <h2>{title}</h2>
      {mine?.previewed ? (
        <p className="notice" role="status">
          {t("banners.previewed")}
        </p>
      ) : null}
      {values.path || values.path_yw || values.path_tw || values.path_vi ? (
        <BannerPreviews values={values} id={key} />
      ) : null}
      <Form method="post" encType="multipart/form-data" className="form" key={JSON.stringify(values)}>
        {banner ? <input type="hidden" name="id" value={banner.id} /> : null}
        <p className="muted">{t("banners.uploadHint")}</p>
        {IMAGES.map(({ field, lang }) => (
          <div key={field} className="field">
            <input type="hidden" name={field} value={values[field]} />
            <label className="field-label" htmlFor={`file-${key}-${field}`}>
              {t("banners.image")} · {t(`content.lang.${lang}`)}
            </label>
            <input
              id={`file-${key}-${field}`}
              type="file"
              name={`file_${field}`}
              accept={ACCEPT}
              {...invalidProps(error(field), field, key)}
            />
            <FieldError message={error(field)} name={field} form={key} />
            {field !== "path" && values[field] ? (
              <label className="check">
                <input type="checkbox" name={`clear_${field}`} value="yes" /> {t("banners.useDefault")}
              </label>
            ) : null}
          </div>
        ))}
        <label className="field">
          <span className="field-label">{t("banners.link")}</span>
          <input
            name="link"
            defaultValue={values.link}
            placeholder="/info/1"
            {...invalidProps(error("link"), "link", key)}
          />
          <FieldError message={error("link")} name="link" form={key} />
          <small className="muted">{t("banners.linkHint")}</small>
        </label>
        <label className="field">
          <span className="field-label">{t("content.sort")}</span>
          <input
            name="sort"
            inputMode="numeric"
            defaultValue={values.sort}
            {...invalidProps(error("sort"), "sort", key)}
          />
          <FieldError message={error("sort")} name="sort" form={key} />
        </label>
        <div className="admin-actions">
          <button className="button small secondary" type="submit" name="intent" value="preview">
            {t("banners.previewButton")}
          </button>
          <button className="button small" type="submit" name="intent" value="save">
            {t("content.save")}
          </button>
          {banner ? (
            <button className="button small secondary" type="submit" name="intent" value="delete" formNoValidate>
              {t("content.delete")}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
