import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "~/lib/i18n";
import { i18nServer, resources } from "~/lib/i18n.server";
import { NonceContext } from "~/lib/nonce";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = createInstance();
  const lng = await i18nServer.getLocale(request);
  await i18n.use(initReactI18next).init({
    ...i18nOptions,
    react: { useSuspense: false },
    resources,
    lng,
    ns: i18nServer.getRouteNamespaces(remixContext),
  });

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={loadContext.nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={loadContext.nonce} />
      </I18nextProvider>
    </NonceContext.Provider>,
    {
      nonce: loadContext.nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timer));
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
