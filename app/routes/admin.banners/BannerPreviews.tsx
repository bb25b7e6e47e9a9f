import { useTranslation } from "react-i18next";
import { IMAGES, type Values } from "./images";

/** Each language's slide as its players will see it (the home slider's shape), before or after saving. */
export function BannerPreviews({ values, id }: { values: Values; id: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className="banner-previews" data-testid={`banner-previews-${id}`}>
      {IMAGES.map(({ field, lang }) => {
        const src = values[field] || values.path;
        return (
          <figure key={field} className="banner-preview" data-testid={`banner-preview-${id}-${lang}`}>
            {src ? (
              <img src={src} alt={t("banners.previewAlt", { lang: t(`content.lang.${lang}`) })} loading="lazy" />
            ) : (
              <div className="banner-empty">{t("banners.noImage")}</div>
            )}
            <figcaption>
              {t(`content.lang.${lang}`)}
              {field !== "path" && !values[field] && values.path ? (
                <span className="muted"> · {t("banners.fallback")}</span>
              ) : null}
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
