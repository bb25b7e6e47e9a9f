/**
 * Words that name a request by its reference (D2-0001, W2-00ZK: shared/request-ref.ts): the words wrap where the line
 * ends, the reference never breaks inside itself (app.css .ref), so it reads and copies as one piece.
 */
export function RefInText({ text, refText }: { text: string; refText: string | null }) {
  const at = refText ? text.indexOf(refText) : -1;
  if (!refText || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="ref">{refText}</span>
      {text.slice(at + refText.length)}
    </>
  );
}
