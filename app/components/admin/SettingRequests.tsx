import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useAppConfig } from "~/lib/root-data";
import { PlayerTime } from "~/components/PlayerTime";
import { roleAllows } from "#shared/operators/roles";
import type { SettingRequest } from "#shared/answers/console-operators";

// Changes of the deposit payees, coin payout rates, deposit mode and support link, and banners leading outside the
// site, waiting for a second admin (/api/admin/settings/requests, docs/decisions/167-money-settings-four-eyes.md,
// 171, 188): the same cards and two-step decision as the requests about operators (OperatorRequests.tsx), each
// naming the approved value and the one asked for, old → new (a banner by where it leads, with its image).

type Payee = { type: string; name: string; holder: string; account: string };
type CoinPayouts = Record<string, { rate: string; fee: string } | undefined>;
type Banner = { path?: string; link?: string };

/** The decision the confirm step names: what changes, from what to what, who asked, whether the asker withdraws it. */
export type SettingDecision = {
  intent: "approve" | "reject";
  id: number;
  key: SettingRequest["key"];
  banner: SettingRequest["banner"];
  from: unknown;
  to: unknown;
  by: string;
  own: boolean;
};

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** What a request changes, for a card's title (`Key`) or a sentence (`What`): a setting, or a banner by its number. */
export function requestSubject(
  t: Translate,
  r: Pick<SettingRequest, "key" | "banner">,
  form: "requestKey" | "requestWhat",
): string {
  if (r.key !== "banner") return t(`settings.${form}.${r.key}`);
  return r.banner === "new" ? t(`settings.${form}.bannerNew`) : t(`settings.${form}.banner`, { id: r.banner });
}

/**
 * A money setting's value in words: each payee's bank, holder and account; each coin's rate and fee; the deposit
 * mode by its choice on the form; the support link as written, or the app's own page when empty; a banner by
 * where it leads, or none before a new one.
 */
function settingValueText(t: Translate, key: SettingRequest["key"], value: unknown, currency: string): string {
  if (key === "banner") {
    const banner = value as Banner | null;
    if (!banner) return t("settings.requestNoBanner");
    return banner.link ? t("settings.requestBannerLink", { link: banner.link }) : t("settings.requestBannerNoLink");
  }
  if (key === "deposit_mode") return t(value === "contact" ? "settings.modeContact" : "settings.modeRequest");
  if (key === "kefu_url") return typeof value === "string" && value !== "" ? value : t("settings.requestNoLink");
  if (key === "deposit_payees" && Array.isArray(value))
    return value.map((p: Payee) => [p.name, p.holder, p.account].join(" · ")).join("; ") || t("settings.requestNone");
  if (key === "coin_payouts" && value && typeof value === "object")
    return (
      Object.entries(value as CoinPayouts)
        .map(([coin, p]) => t("audit.values.coinPayout", { coin, rate: p?.rate, fee: p?.fee, currency }))
        .join("; ") || t("settings.requestNone")
    );
  return t("settings.requestNone");
}

/**
 * The waiting changes, each with who asked and, where the reader may not decide, why: they asked for it (they
 * may withdraw it) or they are no admin. On the approvals screen the forms post to the settings screen
 * (`action`), whose confirm step decides them.
 */
export function SettingRequests({
  requests,
  me,
  action,
}: {
  requests: SettingRequest[];
  me: { id: number; role: string | null };
  action?: string;
}) {
  const { t } = useTranslation("admin");
  const { currency } = useAppConfig();
  if (requests.length === 0) return null;
  const admin = roleAllows(me.role, "admin");
  return (
    <section className="admin-section" aria-labelledby="setting-requests">
      <h2 id="setting-requests">{t("settings.requests")}</h2>
      <p className="muted">{t("settings.requestsHint")}</p>
      {requests.map((r) => {
        const own = r.requestedById === me.id;
        const why = own ? t("operators.whyYours") : !admin ? t("settings.whyNotAdmin") : null;
        const hidden = (intent: SettingDecision["intent"]) => (
          <>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={r.id} />
          </>
        );
        return (
          <article key={r.id} className="admin-card" data-testid={`setting-request-${r.id}`}>
            <strong>{requestSubject(t, r, "requestKey")}</strong>
            <dl className="audit-values">
              <div>
                <dt>{`${t("settings.requestAsked")}:`}</dt>
                <dd>
                  {settingValueText(t, r.key, r.before, currency)} → {settingValueText(t, r.key, r.after, currency)}
                </dd>
              </div>
              {r.key === "banner" && (r.after as Banner).path ? (
                <div>
                  <dt>{`${t("settings.requestBannerImage")}:`}</dt>
                  <dd>
                    <img
                      className="request-banner-image"
                      src={(r.after as Banner).path}
                      alt={requestSubject(t, r, "requestKey")}
                      loading="lazy"
                    />
                  </dd>
                </div>
              ) : null}
            </dl>
            <div className="muted">
              <PlayerTime ms={r.createdAtMs} zone /> · {t("operators.askedBy", { name: r.requestedBy })}
            </div>
            {why ? <p className="muted">{why}</p> : null}
            <div className="admin-actions">
              {why ? null : (
                <Form method="post" action={action}>
                  {hidden("approve")}
                  <button className="button small" type="submit">
                    {t("operators.approve")}
                  </button>
                </Form>
              )}
              {own || admin ? (
                <Form method="post" action={action}>
                  {hidden("reject")}
                  <button className="button small secondary" type="submit">
                    {own ? t("operators.withdraw") : t("operators.reject")}
                  </button>
                </Form>
              ) : null}
            </div>
          </article>
        );
      })}
    </section>
  );
}

/** The second step of a decision: what it will do, from what to what, and the one button that does it. */
export function ConfirmSettingDecision({ decision }: { decision: SettingDecision }) {
  const { t } = useTranslation("admin");
  const { currency } = useAppConfig();
  const words = {
    what: requestSubject(t, decision, "requestWhat"),
    from: settingValueText(t, decision.key, decision.from, currency),
    to: settingValueText(t, decision.key, decision.to, currency),
    by: decision.by,
  };
  const text = decision.own
    ? t("settings.confirmWithdraw", words)
    : t(decision.intent === "approve" ? "settings.confirmApprove" : "settings.confirmReject", words);
  return (
    <section className="admin-card confirm" role="alertdialog" aria-labelledby="confirm-setting">
      <p id="confirm-setting">{text}</p>
      <Form method="post" className="admin-actions">
        <input type="hidden" name="intent" value={decision.intent} />
        <input type="hidden" name="id" value={decision.id} />
        <input type="hidden" name="confirmed" value="yes" />
        <button className="button small" type="submit">
          {t("operators.confirm")}
        </button>
        <Link className="button small secondary" to={decision.key === "banner" ? "/admin/banners" : "/admin/settings"}>
          {t("operators.cancel")}
        </Link>
      </Form>
    </section>
  );
}
