import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlayerTime } from "~/components/PlayerTime";
import type { Restriction } from "#shared/answers/protection";
import { webUrl } from "~/lib/web-url";
import { useAppConfig } from "~/lib/root-data";

/**
 * What a player on a time-out or self-exclusion may still do, and why the rest is closed until when
 * (docs/decisions/142): withdraw the balance, read the records, reach support. Shown on the My page
 * and in place of every form that would play, deposit or lock funds; the API refuses those anyway.
 */
export function RestrictedNotice({ restriction }: { restriction: Restriction }) {
  const { t } = useTranslation(["notices", "common"]);
  const support = webUrl(useAppConfig().kefu_url);
  const forever = restriction.until === null;
  return (
    <section className="restricted-card" role="status" data-testid="restricted">
      <h2>
        {forever ? (
          t("notices:restricted.forever")
        ) : (
          <RestrictionTitle period={restriction.period} until={restriction.until!} />
        )}
      </h2>
      <p>{t(forever ? "notices:restricted.textForever" : "notices:restricted.text")}</p>
      <div className="restricted-links">
        <Link className="button small" to="/withdraw">
          {t("notices:restricted.withdraw")}
        </Link>
        <Link className="button small secondary" to="/betlist">
          {t("notices:restricted.records")}
        </Link>
        <Link className="button small secondary" to="/user/statement">
          {t("notices:restricted.statement")}
        </Link>
        <Link className="button small secondary" to="/my_income">
          {t("notices:restricted.funds")}
        </Link>
        {support ? (
          <a className="button small secondary" href={support} target="_blank" rel="noopener noreferrer">
            {t("notices:restricted.support")}
          </a>
        ) : (
          <Link className="button small secondary" to="/ServicePage">
            {t("notices:restricted.support")}
          </Link>
        )}
      </div>
    </section>
  );
}

/** "Time-out until <time with its zone>": the words around the time come from the locale, the time stays a <time>. */
function RestrictionTitle({ period, until }: { period: string; until: number }) {
  const { t } = useTranslation("notices");
  const [before, after = ""] = t(`restricted.${period}`, { until: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <PlayerTime ms={until} zone />
      {after}
    </>
  );
}
