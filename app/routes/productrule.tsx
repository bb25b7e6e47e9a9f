import type { LinksFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import financeStyles from "~/styles/finance.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: financeStyles }];
export const handle = { i18n: ["finance"], title: "finance:rule.title" };

const RULES = ["r1", "r2", "r3", "r4", "r5", "r6"] as const;

/** The lock-up rules as shared/finance/rules.ts applies them (docs/decisions/070-finance-days-and-clock.md). */
export default function ProductRule() {
  const { t } = useTranslation("finance");
  return (
    <main className="finance">
      <PageHeader title={t("rule.title")} back="/finance" />
      <ol className="finance-rules">
        {RULES.map((key) => (
          <li key={key}>{t(`rule.${key}`)}</li>
        ))}
      </ol>
    </main>
  );
}
