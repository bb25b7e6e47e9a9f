import type { InputHTMLAttributes } from "react";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string | null };

/** A labelled input with its error right under it, announced to screen readers. */
export function Field({ label, name, error, ...input }: FieldProps) {
  const errorId = `${name}-error`;
  return (
    <label className={`field${error ? " field-invalid" : ""}`}>
      <span className="field-label">{label}</span>
      <input
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <span className="field-error" id={errorId} role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}
