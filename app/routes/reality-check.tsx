import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { RealityCheckFacts } from "~/components/protection/RealityCheckDialog";
import { callApi } from "~/lib/api.server";
import protectionStyles from "~/styles/protection.css?url";
import { getToken, safeRedirectTarget } from "~/lib/session.server";

// The reality check (docs/product.md#player-protection): "keep playing" and the ways out of the dialog post here
// (a plain form that comes back to the page). Opened in a browser it is a page with the same facts and links. The
// dialog itself reads its figures from the root loader (app/components/protection/RealityCheckDialog.tsx).

export const handle = { title: "common:protection.realityHeading" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: protectionStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getToken(request, context))) return { reality: null };
  const answer = await callApi(request, context, "/api/Game/getrealitycheck");
  return { reality: answer.code === 1 ? answer.data : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  await callApi(request, context, "/api/Game/realitycheckseen");
  throw redirect(safeRedirectTarget(form.get("redirectTo"), "/"));
}

export default function RealityCheckPage() {
  const { reality } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="protection">
      <PageHeader title={t("protection.realityHeading")} back="/user" />
      <section className="card" data-testid="reality-page">
        {reality ? (
          <>
            <RealityCheckFacts check={reality} />
            <Form method="post" className="buttons">
              <input type="hidden" name="redirectTo" value="/" />
              <button className="button" type="submit">
                {t("protection.keepPlaying")}
              </button>
            </Form>
          </>
        ) : (
          <p>
            {t("protection.realitySignedOut")} <Link to="/login?redirectTo=/reality-check">{t("login.title")}</Link>
          </p>
        )}
      </section>
    </main>
  );
}
