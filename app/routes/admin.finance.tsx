import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatDecimal } from "~/lib/number-format";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Answered } from "~/lib/answers/answered";
import type { ConsoleAnswer } from "~/lib/answers/console";
import { ActionError } from "~/components/admin/ActionError";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { consoleMoney } from "~/lib/console-confirm.server";
import { consoleFieldErrors, fieldsRefused } from "~/lib/console-fields.server";
import { formFields } from "~/lib/form.server";
import { percent, tierName } from "~/lib/finance";
import type { Product } from "#shared/answers/finance";
import { i18nServer } from "~/lib/i18n.server";
import { adminAction, loadAdmin } from "~/lib/operator.server";
import {
  TIER_BOUND_MAX_CENTS,
  TIER_DAYS_MAX,
  TIER_RATE_MAX_PPM,
  openTierMaxForm,
  tierForm,
} from "#shared/forms/finance";

export const handle = { title: "admin:finance.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAdmin(request, context, "/api/admin/products");
}

/** One tier's terms for new orders (running orders keep theirs, docs/decisions/070), audited by the API. */
export async function action({ request, context }: ActionFunctionArgs): Promise<Answered<ConsoleAnswer>> {
  const f = await formFields(request);
  const t = await i18nServer.getFixedT(request, "admin");
  const money = await consoleMoney(context);
  const amount = t("fields.money", { min: money(0.01), max: money(TIER_BOUND_MAX_CENTS / 100) });
  if (f.intent === "openmax") {
    const problems = await consoleFieldErrors(request, openTierMaxForm, { max: f.max ?? "" }, { max: amount });
    if (problems) return fieldsRefused(problems, { form: "openmax" });
    // a ceiling below the open-ended tier's least (1201) reads at the field
    return adminAction(request, context, "/api/admin/products/openmax", { max: f.max ?? "" }, t("finance.saved"), {
      fields: { 1201: "max" },
      form: "openmax",
    });
  }
  const ratePpm = percentToPpm(f.rate ?? "");
  const body = {
    id: f.id ?? "",
    rate_ppm: ratePpm === null ? "" : String(ratePpm),
    min: f.min ?? "",
    max: f.max ?? "",
    days: f.days ?? "",
  };
  const problems = await consoleFieldErrors(
    request,
    tierForm,
    body,
    {
      rate: t("fields.percent", { min: "0.0001 %", max: `${TIER_RATE_MAX_PPM / 10_000} %` }),
      min: amount,
      max: amount,
      "": t("fields.minAboveMax"),
      days: t("fields.whole", { min: 1, max: formatDecimal(TIER_DAYS_MAX, 0, 0) }),
    },
    { rate_ppm: "rate", "": "max" },
  );
  // the refused tier comes back as typed (a page without JavaScript is new)
  const typed = { rate: f.rate ?? "", min: f.min ?? "", max: f.max ?? "", days: f.days ?? "" };
  if (problems) return fieldsRefused(problems, { form: `tier-${f.id}`, typed });
  // the open-ended tier's least above its ceiling (1202) reads at the field
  return adminAction(request, context, "/api/admin/products/update", body, t("finance.saved"), {
    fields: { 1202: "min" },
    form: `tier-${f.id}`,
  });
}

/** The operator types the daily rate as a percentage (0.15 = 0.15 % a day); the API keeps parts per million. */
function percentToPpm(typed: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,4}))?$/.exec(typed.trim().replace(/\s*%$/, ""));
  if (!match) return null;
  return Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
}

const ppmToPercent = (ppm: number) => String(ppm / 10_000);

export default function FinanceTiers() {
  const { list, openMax } = useLoaderData<typeof loader>();
  const openError = useFieldError("openmax");
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
          <input
            name="max"
            inputMode="decimal"
            defaultValue={openMax.toFixed(2)}
            required
            {...invalidProps(openError("max"), "max", "openmax")}
          />
          <FieldError message={openError("max")} name="max" form="openmax" />
        </label>
        <button className="button small" type="submit">
          {t("finance.saveOpenMax")}
        </button>
      </Form>
      <div className="admin-grid">
        {list.map((tier) => (
          <TierForm key={JSON.stringify(tier)} tier={tier} />
        ))}
      </div>
    </main>
  );
}

function TierForm({ tier }: { tier: Product }) {
  const { t } = useTranslation(["admin", "finance"]);
  const form = `tier-${tier.id}`;
  const error = useFieldError(form);
  const at = (name: string) => ({ ...invalidProps(error(name), name, form) });
  const refused = useActionData<typeof action>();
  const typed = refused?.form === form ? refused.typed : undefined;
  return (
    <section className="admin-card" aria-labelledby={`tier-${tier.id}`}>
      <h2 id={`tier-${tier.id}`}>{tierName(t, tier.titleKey)}</h2>
      <p className="muted">
        {t("finance.current", { daily: percent(tier.rate), yearly: percent(tier.yearRate), days: tier.days })}
      </p>
      <Form method="post" className="form">
        <input type="hidden" name="id" value={tier.id} />
        <label className="field">
          <span className="field-label">{t("finance.rate")}</span>
          <input
            name="rate"
            inputMode="decimal"
            defaultValue={typed?.rate ?? ppmToPercent(tier.rate_ppm)}
            required
            {...at("rate")}
          />
          <FieldError message={error("rate")} name="rate" form={form} />
        </label>
        <label className="field">
          <span className="field-label">{t("finance.min")}</span>
          <input
            name="min"
            inputMode="decimal"
            defaultValue={typed?.min ?? tier.min.toFixed(2)}
            required
            {...at("min")}
          />
          <FieldError message={error("min")} name="min" form={form} />
        </label>
        <label className="field">
          <span className="field-label">{t("finance.max")}</span>
          <input
            name="max"
            inputMode="decimal"
            defaultValue={typed?.max ?? (tier.max === null ? "" : tier.max.toFixed(2))}
            {...at("max")}
          />
          <FieldError message={error("max")} name="max" form={form} />
        </label>
        <label className="field">
          <span className="field-label">{t("finance.days")}</span>
          <input name="days" inputMode="numeric" defaultValue={typed?.days ?? tier.days} required {...at("days")} />
          <FieldError message={error("days")} name="days" form={form} />
        </label>
        <button className="button small" type="submit">
          {t("finance.save")}
        </button>
      </Form>
    </section>
  );
}
