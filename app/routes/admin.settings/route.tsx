import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError } from "~/components/admin/ActionError";
import { NoDepositAccount } from "~/components/admin/NoDepositAccount";
import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { readForm } from "~/lib/form.server";
import { loadAdmin } from "~/lib/operator.server";
import { ConfirmSettingDecision, SettingRequests } from "~/components/admin/SettingRequests";
import { CoinPayoutFields } from "./CoinPayoutFields";
import { decide } from "./decide.server";
import { FourEyes } from "./FourEyes";
import { PayeeFields } from "./PayeeFields";
import { save } from "./save.server";
import { TextField } from "./TextField";
import { useTypedBack } from "./use-typed-back";
import type { SettingsAnswer } from "./answer";
import type { Answered } from "~/lib/answers/answered";
import { VipFields } from "./VipFields";

export const handle = { title: "admin:settings.title" };

/**
 * The settings, with the changes of deposit accounts, coin payouts, deposit mode and support link, and of banners
 * leading outside the site, that wait for a second admin.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [settings, requests, me] = await Promise.all([
    loadAdmin(request, context, "/api/admin/settings"),
    loadAdmin(request, context, "/api/admin/settings/requests"),
    loadAdmin(request, context, "/api/admin/me"),
  ]);
  return { ...settings, requests: requests.list, me: { id: me.id, role: me.role } };
}

/** A decision on a waiting change (decide.server.ts), or the one save of the whole screen (save.server.ts). */
export async function action({ request, context }: ActionFunctionArgs): Promise<Answered<SettingsAnswer>> {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "approve" || intent === "reject") return decide(request, context, form);
  return save(request, context, form);
}

export default function SettingsPage() {
  const { requests, me, ...s } = useLoaderData<typeof loader>();
  const decision = useActionData<typeof action>()?.decide;
  const { t } = useTranslation("admin");
  const error = useFieldError();
  const back = useTypedBack();
  return (
    <main className="admin-main">
      <h1>{t("settings.title")}</h1>
      <ActionError />
      {decision ? <ConfirmSettingDecision decision={decision} /> : null}
      {s.deposit_mode === "request" && s.payees.length === 0 ? <NoDepositAccount onSettings /> : null}
      <SettingRequests requests={requests} me={me} />
      <Form method="post" className="form settings-form" key={JSON.stringify(s)}>
        <section className="admin-card settings-group" aria-labelledby="settings-1">
          <h2 id="settings-1">{t("settings.links")}</h2>
          <TextField
            name="kefu_url"
            type="url"
            label={t("settings.kefuUrl")}
            value={s.kefu_url}
            hint={t("settings.linkHint")}
          />
          <TextField name="android_url" type="url" label={t("settings.androidUrl")} value={s.android_url} />
          <TextField name="ios_url" type="url" label={t("settings.iosUrl")} value={s.ios_url} />
        </section>
        <section className="admin-card settings-group" aria-labelledby="settings-2">
          <h2 id="settings-2">{t("settings.money")}</h2>
          <label className="field">
            <span className="field-label">{t("settings.currency")}</span>
            <select name="currency_label" defaultValue={back("currency_label", s.currency_label)}>
              <option>USD</option>
              <option>RM</option>
            </select>
          </label>
          <TextField
            name="withdraw_daily_cap"
            label={t("settings.withdrawCap")}
            value={s.withdraw_daily_cap.toFixed(2)}
            decimal
          />
          {/* two choices with long words: radios show them whole on a phone, where a select cut them off */}
          <fieldset className="choice-group">
            <legend className="field-label">{t("settings.depositMode")}</legend>
            <small className="muted">{t("settings.depositModeHint")}</small>
            {(["request", "contact"] as const).map((mode) => (
              <label key={mode} className="check">
                <input
                  type="radio"
                  name="deposit_mode"
                  value={mode}
                  defaultChecked={back("deposit_mode", s.deposit_mode) === mode}
                />
                {t(mode === "request" ? "settings.modeRequest" : "settings.modeContact")}
              </label>
            ))}
          </fieldset>
        </section>
        <PayeeFields payees={s.payees} />
        <CoinPayoutFields rates={s.coin_payouts} currency={s.currency_label} />
        <VipFields thresholds={s.vip_thresholds} />
        <section className="admin-card settings-group" aria-labelledby="settings-5">
          <h2 id="settings-5">{t("settings.invitations")}</h2>
          <label className="field">
            <span className="field-label">{t("settings.invitationsHint")}</span>
            <textarea
              name="invitations"
              rows={4}
              defaultValue={back("invitations", s.invitations.join("\n"))}
              {...invalidProps(error("invitations"), "invitations")}
            />
            <FieldError message={error("invitations")} name="invitations" />
          </label>
        </section>
        <button className="button settings-save" type="submit">
          {t("settings.save")}
        </button>
      </Form>
      <FourEyes limits={s.four_eyes} currency={s.currency_label} />
    </main>
  );
}
