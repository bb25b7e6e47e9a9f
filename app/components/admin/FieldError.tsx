import { useConsoleAnswer } from "~/lib/console-answer";

/** The message of the last refused console form for one field, or null (app/lib/console-fields.server.ts). */
export function useFieldError(form?: string) {
  const result = useConsoleAnswer();
  return (name: string): string | null => {
    if (!result?.fieldErrors || (form !== undefined && result.form !== form)) return null;
    return result.fieldErrors[name] ?? null;
  };
}

const idOf = (name: string, form?: string) => `err-${form ?? "f"}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** What an input with a refusal carries: invalid, described by its message. */
export const invalidProps = (message: string | null, name: string, form?: string) =>
  message ? { "aria-invalid": true as const, "aria-describedby": idOf(name, form) } : {};

/** The refusal under its field, saying what the field allows. */
export function FieldError({ message, name, form }: { message: string | null; name: string; form?: string }) {
  if (!message) return null;
  return (
    <small className="field-error" id={idOf(name, form)}>
      {message}
    </small>
  );
}
