import { FieldError, invalidProps, useFieldError } from "~/components/admin/FieldError";
import { useTypedBack } from "./use-typed-back";

/** One setting typed in a box, with its error and hint, given back as typed when the save is refused. */
export function TextField({
  name,
  label,
  value,
  hint,
  type = "text",
  decimal,
}: {
  name: string;
  label: string;
  value: string;
  hint?: string;
  type?: string;
  decimal?: boolean;
}) {
  const error = useFieldError()(name);
  const back = useTypedBack();
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        name={name}
        type={type}
        defaultValue={back(name, value)}
        inputMode={decimal ? "decimal" : undefined}
        {...invalidProps(error, name)}
      />
      <FieldError message={error} name={name} />
      {hint ? <small className="muted">{hint}</small> : null}
    </label>
  );
}
