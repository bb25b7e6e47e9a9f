import { useConsoleAnswer } from "~/lib/console-answer";

/** The refusal of the last console action, in the operator's language, above the page. */
export function ActionError() {
  const result = useConsoleAnswer();
  if (!result?.error) return null;
  return (
    <p className="form-error" role="alert">
      {result.error}
    </p>
  );
}
