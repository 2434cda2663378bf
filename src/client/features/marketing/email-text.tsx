import { BUSINESS } from './business';

/** The email address, allowed to wrap after the @ only (never in the middle of a word). */
export function EmailText() {
  const [user, domain] = BUSINESS.email.split('@');
  return (
    <>
      {user}@<wbr />
      {domain}
    </>
  );
}
