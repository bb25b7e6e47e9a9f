import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { redirectWithToast } from "~/lib/flash.server";
import { formFields } from "~/lib/form.server";
import { isLng, languageNames, supportedLngs } from "~/lib/i18n";
import { i18nServer, languageCookie } from "~/lib/i18n.server";
import { safeRedirectTarget } from "~/lib/session.server";

export const handle = { title: "common:languageSet.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  return { current: await i18nServer.getLocale(request) };
}

/** Saves the choice in a cookie; the toast already speaks the new language. */
export async function action({ request, context }: ActionFunctionArgs) {
  const f = await formFields(request);
  const lng = isLng(f.lng) ? f.lng : "en";
  const t = i18nServer.getFixedT(lng).then((fixed) => fixed("languageSet.saved"));
  return redirectWithToast(context, safeRedirectTarget(f.redirectTo ?? null, "/languageSet"), await t, [
    await languageCookie.serialize(lng),
  ]);
}

export default function LanguageSet() {
  const { current } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <main>
      <PageHeader title={t("languageSet.title")} back={params.get("back") ?? "/user"} />
      {/* A full page load: the browser then loads the new language's texts with the page. */}
      <Form method="post" className="lang-list" reloadDocument>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/languageSet"} />
        {supportedLngs.map((lng) => (
          <label key={lng}>
            <span lang={lng}>{languageNames[lng]}</span>
            <input type="radio" name="lng" value={lng} defaultChecked={lng === current} />
          </label>
        ))}
        <div className="form">
          <button className="button" type="submit">
            {t("save")}
          </button>
        </div>
      </Form>
    </main>
  );
}
