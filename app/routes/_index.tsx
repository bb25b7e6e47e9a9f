import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { optionalProfile } from "~/lib/api.server";

export const handle = { tabBar: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { profile: await optionalProfile(request, context) };
}

export default function Home() {
  const { profile } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="page">
      <section className="card">
        {profile ? (
          <>
            <h2>{t("home.greeting", { name: profile.nickname })}</h2>
            <p className="muted">
              {t("home.balance")}: {profile.money.toFixed(2)}
            </p>
          </>
        ) : (
          <>
            <h2>{t("home.guest")}</h2>
            <Link to="/login">{t("home.loginPrompt")}</Link>
          </>
        )}
      </section>
    </main>
  );
}
