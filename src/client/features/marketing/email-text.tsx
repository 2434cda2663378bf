import { BUSINESS } from './business';

/** The email address, allowed to wrap after the @ only (never in the middle of a word, nor at the hyphens of the domain). */
export function EmailText() {
  const [user, domain] = BUSINESS.email.split('@');
  return (
    <>
      <span className="whitespace-nowrap">{user}@</span>
      <wbr />
      <span className="whitespace-nowrap">{domain}</span>
    </>
  );
}
