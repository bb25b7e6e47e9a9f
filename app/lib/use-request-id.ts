import { useActionData } from "@remix-run/react";
import { useState } from "react";

/**
 * The request_id of a money form (decision 052), which also keys the form. The loader draws a fresh id
 * each time it runs, so a successful submit (a redirect back to the page) starts an empty form with a new
 * id. A refused submit answers action data, and single fetch runs the loaders again after it: while that
 * answer is shown the form keeps its id, so it is not remounted under the player's fingers (what they typed
 * since stays) and a retry of the refused request is the same request. A refusal writes nothing, so the
 * id is still free for a retry that asks something else.
 */
export function useRequestId(fresh: string): string {
  const refused = useActionData() !== undefined;
  const [kept, setKept] = useState(fresh);
  if (refused || kept === fresh) return kept;
  setKept(fresh);
  return fresh;
}
