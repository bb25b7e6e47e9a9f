import type { data, TypedResponse } from "@remix-run/cloudflare";

/**
 * What an action that answers `Answer` returns: the answer, the answer with a status (`data`), or a
 * redirect (`redirect` and redirectWithToast answer nothing the page reads). An action declared
 * `Promise<Answered<Answer>>` has each of its returns checked against `Answer`, and its page reads `Answer`
 * (`useActionData<typeof action>()` in the route's own file, the answer's type by name elsewhere).
 */
export type Answered<Answer> = Answer | ReturnType<typeof data<Answer>> | TypedResponse<never>;
