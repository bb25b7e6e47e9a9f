import type { data, TypedResponse } from "@remix-run/cloudflare";

/**
 * What an action that answers `Answer` returns: the answer, the answer with a status (`data`), or a
 * redirect (`redirect` and redirectWithToast answer nothing the page reads). An action declared with it
 * is read as `Answer` by `useActionData<typeof action>()` and `useFetcher<typeof action>()`, so the page
 * infers the shape the action is held to, written once.
 */
export type Answered<Answer> = Answer | ReturnType<typeof data<Answer>> | TypedResponse<never>;
