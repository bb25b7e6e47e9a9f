import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { requireProfile } from "~/lib/api.server";

export const handle = { title: "common:security.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireProfile(request, context);
  return { hasWithdrawalPassword: profile.noPassword2 === 0 };
}

export default function SecurityCentre() {
  const { hasWithdrawalPassword } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main>
      <PageHeader title={t("security.title")} />
      <ul className="menu">
        <li>
          <Link to="/userloginpassword">
            {t("security.loginPassword")}
            <span className="value">{t("security.change")}</span>
          </Link>
        </li>
        <li>
          <Link to="/usercipherpassword">
            {t("security.withdrawalPassword")}
            <span className="value">{hasWithdrawalPassword ? t("security.change") : t("security.notSet")}</span>
          </Link>
        </li>
        <li>
          <Link to="/banklist">{t("security.bankAccounts")}</Link>
        </li>
      </ul>
    </main>
  );
}
