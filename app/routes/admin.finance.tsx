import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { formFields } from "~/lib/form.server";
import { percent, tierName, type Product } from "~/lib/finance";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, loadAdmin } from "~/lib/operator.server";

export const handle = { title: "admin:finance.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAdmin<{ list: Product[]; openMax: number }>(request, context, "/api/admin/products");
}

/** One tier's terms for new orders (running orders keep theirs, docs/decisions/070), audited by the API. */
export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  if (f.intent === "openmax") return adminAction(request, context, "/api/admin/products/openmax", { max: f.max ?? "" }, t("finance.saved"));
  const body = { id: f.id ?? "", rate_ppm: f.rate_ppm ?? "", min: f.min ?? "", max: f.max ?? "", days: f.days ?? "" };
  return adminAction(request, context, "/api/admin/products/update", body, t("finance.saved"));
}

export default function FinanceTiers() {
  const { list, openMax } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["admin", "finance"]);
  return (
    <main className="admin-main">
      <h1>{t("finance.title")}</h1>
      <ActionError />
      <p className="muted">{t("finance.hint")}</p>
      <Form method="post" className="form admin-card" aria-label={t("finance.openMax")}>
        <input type="hidden" name="intent" value="openmax" />
        <label className="field">
          <span className="field-label">{t("finance.openMax")}</span>
          <input name="max" inputMode="decimal" defaultValue={openMax.toFixed(2)} required />
        </label>
        <button className="button small" type="submit">
          {t("finance.save")}
        </button>
      </Form>
      <div className="admin-grid">
        {list.map((tier) => (
          <section key={JSON.stringify(tier)} className="admin-card" aria-labelledby={`tier-${tier.id}`}>
            <h2 id={`tier-${tier.id}`}>{tierName(t, tier.titleKey)}</h2>
            <p className="muted">
              {t("finance.current", { daily: percent(tier.rate), yearly: percent(tier.yearRate), days: tier.days })}
            </p>
            <Form method="post" className="form">
              <input type="hidden" name="id" value={tier.id} />
              <label className="field">
                <span className="field-label">{t("finance.ratePpm")}</span>
                <input name="rate_ppm" inputMode="numeric" defaultValue={tier.rate_ppm} required />
              </label>
              <label className="field">
                <span className="field-label">{t("finance.min")}</span>
                <input name="min" inputMode="decimal" defaultValue={tier.min.toFixed(2)} required />
              </label>
              <label className="field">
                <span className="field-label">{t("finance.max")}</span>
                <input name="max" inputMode="decimal" defaultValue={tier.max === null ? "" : tier.max.toFixed(2)} />
              </label>
              <label className="field">
                <span className="field-label">{t("finance.days")}</span>
                <input name="days" inputMode="numeric" defaultValue={tier.days} required />
              </label>
              <button className="button small" type="submit">
                {t("finance.save")}
              </button>
            </Form>
          </section>
        ))}
      </div>
    </main>
  );
}
