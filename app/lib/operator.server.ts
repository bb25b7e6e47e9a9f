import { createCookie, data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { ApiAnswer } from "#shared/api-types";
import type { ConsoleAnswers, ConsolePath } from "#shared/answers/console-routes";
import { apiLangOf } from "./i18n";
import { i18nServer } from "./i18n.server";
import { redirectWithToast } from "./flash.server";
import { fieldsRefused } from "./console-fields.server";

// The operator's own cookie (docs/product.md#operators): 12 h at most; the API ends the session after 30 min idle.
const OPERATOR_MAX_AGE_S = 12 * 60 * 60;

function operatorCookie(context: AppLoadContext) {
  return createCookie("__op", {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    // "/" and not "/admin": the app's data requests for /admin are /admin.data, outside an /admin path
    path: "/",
    maxAge: OPERATOR_MAX_AGE_S,
    secrets: [context.cloudflare.env.SESSION_SECRET],
  });
}

async function operatorToken(request: Request, context: AppLoadContext): Promise<string> {
  const value = await operatorCookie(context).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : "";
}

export const setOperatorCookie = (context: AppLoadContext, token: string) => operatorCookie(context).serialize(token);
export const clearOperatorCookie = (context: AppLoadContext) => operatorCookie(context).serialize("", { maxAge: 0 });

const notFound = () => data(null, { status: 404 });

/**
 * Calls /api/admin/* with the operator's token. Without an operator session every console page is a
 * 404 (docs/product.md#operators: guests and players never learn the console exists); a session that ended (idle,
 * signed out, frozen) goes back to /admin/login with the cookie cleared.
 */
export const callAdmin = async <P extends ConsolePath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  body: Record<string, unknown> = {},
): Promise<ApiAnswer<ConsoleAnswers[P]>> => {
  const [token, lng] = await Promise.all([operatorToken(request, context), i18nServer.getLocale(request)]);
  if (!token) throw notFound();
  const answer = await context.callApi(path, {
    ...body,
    lang: apiLangOf[lng as keyof typeof apiLangOf] ?? "en",
    token,
  });
  if (answer.code === 409 || answer.code === 403) {
    throw redirect("/admin/login", { headers: { "Set-Cookie": await clearOperatorCookie(context) } });
  }
  if (answer.data?.errCode === 1073) throw notFound();
  return answer;
};

/** Sends one file to an /api/admin upload call (multipart: the file as `image`, token and lang beside it). */
export async function uploadAdmin(
  request: Request,
  context: AppLoadContext,
  path: "/api/admin/banners/upload",
  file: File,
): Promise<ApiAnswer<ConsoleAnswers[typeof path]>> {
  const [token, lng] = await Promise.all([operatorToken(request, context), i18nServer.getLocale(request)]);
  if (!token) throw notFound();
  const form = new FormData();
  form.set("token", token);
  form.set("lang", apiLangOf[lng as keyof typeof apiLangOf] ?? "en");
  form.set("image", file);
  const answer = await context.callApi(path, form);
  if (answer.code === 409 || answer.code === 403)
    throw redirect("/admin/login", { headers: { "Set-Cookie": await clearOperatorCookie(context) } });
  if (answer.data?.errCode === 1073) throw notFound();
  return answer;
}

/** Loader data that must exist: a refusal here is a missing page. */
export const loadAdmin = async <P extends ConsolePath>(
  request: Request,
  context: AppLoadContext,
  path: P,
  body: Record<string, unknown> = {},
): Promise<ApiAnswer<ConsoleAnswers[P]>["data"]> => {
  const answer = await callAdmin(request, context, path, body);
  if (answer.code !== 1) throw notFound();
  return answer.data;
};

/** An action's outcome: back to the page with a toast, or the refusal shown on the page. */
export async function adminAction(
  request: Request,
  context: AppLoadContext,
  path: ConsolePath,
  body: Record<string, unknown>,
  done: string,
  /** refusals (by error code) that read at a field of the page's form, as app/lib/console-fields.server.ts shows them */
  fieldOfCode?: { fields: Record<number, string>; form?: string },
) {
  const answer = await callAdmin(request, context, path, body);
  const field = fieldOfCode?.fields[Number(answer.data?.errCode)];
  if (answer.code !== 1 && field) return fieldsRefused({ [field]: answer.info }, { form: fieldOfCode?.form });
  if (answer.code !== 1) return data({ error: answer.info, data: null }, { status: 400 });
  const url = new URL(request.url);
  return redirectWithToast(context, url.pathname + url.search, done);
}

/**
 * An answer that is a file (a CSV export), passed through as it streams. A refusal comes back as the
 * envelope: then the console page is shown again with the message, like any refused action.
 */
export async function streamAdmin(
  request: Request,
  context: AppLoadContext,
  path: ConsolePath,
  body: Record<string, unknown>,
  back = "/admin/exports",
) {
  const [token, lng] = await Promise.all([operatorToken(request, context), i18nServer.getLocale(request)]);
  if (!token) throw notFound();
  const response = await context.callApiResponse(path, {
    ...body,
    lang: apiLangOf[lng as keyof typeof apiLangOf] ?? "en",
    token,
  });
  if ((response.headers.get("content-type") ?? "").startsWith("text/csv")) return response;
  const answer = (await response.json()) as ApiAnswer;
  if (answer.code === 409 || answer.code === 403)
    throw redirect("/admin/login", { headers: { "Set-Cookie": await clearOperatorCookie(context) } });
  if (answer.data?.errCode === 1073) throw notFound();
  return redirectWithToast(context, back, answer.info);
}
