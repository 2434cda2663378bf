import type { Sql } from '../../src/server/db/client.js';
import type { TestCaller } from './db.js';

/** The six digits of the last code mailed to `email` (the outbox holds the mail as queued). */
export async function lastProofCode(sql: Sql, email: string): Promise<string> {
  const [mail] = await sql<{ textBody: string }[]>`
    select text_body from mail_outbox where kind = 'email-proof' and lower(to_address) = lower(${email})
     order by id desc limit 1`;
  const code = /code qui confirme que cette adresse est la vôtre : (\d{6})/.exec(mail?.textBody ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** What the account page does: ask for a code, read it in the mailbox, type it back. */
export async function proveEmail(caller: TestCaller, sql: Sql, email: string): Promise<void> {
  await caller.account.requestEmailProof();
  await caller.account.confirmEmailProof({ code: await lastProofCode(sql, email) });
}
