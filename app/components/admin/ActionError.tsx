import { useActionData } from "@remix-run/react";

/** The refusal of the last console action, in the operator's language, above the page. */
export function ActionError() {
  const result = useActionData<{ error?: string }>();
  if (!result?.error) return null;
  return (
    <p className="form-error" role="alert">
      {result.error}
    </p>
  );
}
