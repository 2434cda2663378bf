/**
 * An email address that wraps, when it must, after its "@" only: never inside a word nor at a hyphen
 * of the domain ("contact@hygiene-anti-nuisibles-" then "27.fr"). Plain inline spans, so a link's
 * underline still reaches the text.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      <span className="whitespace-nowrap">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at + 1)}</span>
    </>
  );
}
