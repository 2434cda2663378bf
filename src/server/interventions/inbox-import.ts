/**
 * The old inbox becomes requests (issue 36): each contact request from before interventions existed
 * opens an intervention through the one append path, with source 'inbox', its contactRequestId, its
 * own time, and its calls, answers and « Traitée » mark as internal notes in the same append.
 *
 * Idempotent and safe on several instances at once: the intervention's stream id IS the contact
 * request's id, so a second run (or a concurrent one) finds the stream and opens nothing; the
 * append's version check refuses a racing twin. Runs at every start (cheap once done: one anti-join).
 */
import { CONTACT_SERVICES, type ContactService } from '../../domain/contact/services.js';
import { isDomainError } from '../../domain/errors.js';
import { NOTE_MAX } from '../../domain/interventions/decider.js';
import { frenchDateTime } from '../../domain/site/dates.js';
import type { Sql } from '../db/client.js';
import { logger } from '../logger.js';
import { openIntervention } from './commands.js';

interface InboxItem {
  id: string;
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
  handledByName: string | null;
  replies: { kind: 'call' | 'email'; body: string; authorName: string; createdAt: string }[];
}

const clip = (note: string) => (note.length > NOTE_MAX ? `${note.slice(0, NOTE_MAX - 1)}…` : note);

/** What the inbox recorded after the request, as the intervention's internal notes, oldest first. */
function notesOf(item: InboxItem): string[] {
  const notes = item.replies.map((r) =>
    clip(
      `${r.kind === 'call' ? 'Appel noté' : 'Réponse par email'} par ${r.authorName} le ${frenchDateTime(r.createdAt)} (ancienne boîte de réception) : ${r.body}`,
    ),
  );
  if (item.handledAt)
    notes.push(
      `Marquée « Traitée »${item.handledByName ? ` par ${item.handledByName}` : ''} le ${frenchDateTime(item.handledAt)} (ancienne boîte de réception).`,
    );
  return notes;
}

/** Opens an intervention for every inbox item that has none yet; returns how many were opened. */
export async function importInboxRequests(sql: Sql): Promise<number> {
  const items = await sql<InboxItem[]>`
    select r.id, r.name, r.email, r.phone, r.service, r.message, r.created_at, r.handled_at, r.handled_by_name,
           coalesce((
             select json_agg(json_build_object('kind', x.kind, 'body', x.body, 'authorName', x.author_name,
                                               'createdAt', x.created_at) order by x.created_at, x.id)
               from contact_request_replies x where x.request_id = r.id), '[]'::json) as replies
      from contact_requests r
     where not exists (select 1 from interventions i where i.id = r.id)
     order by r.created_at, r.id`;
  let opened = 0;
  for (const item of items) {
    const service: ContactService = (CONTACT_SERVICES as readonly string[]).includes(item.service)
      ? (item.service as ContactService)
      : 'autre';
    try {
      await openIntervention(
        sql,
        {
          name: item.name,
          email: item.email,
          phone: item.phone,
          service,
          // The old form asked none of these: left unknown (the devis asks the site), never guessed.
          siteType: null,
          street: '',
          zipCode: '',
          city: '',
          urgency: 'flexible',
          preferredSlots: [],
          message: item.message,
          callbackConsent: false,
        },
        {
          id: item.id,
          meta: {
            actor: { kind: 'system', name: 'inbox-import' },
            at: item.createdAt.toISOString(),
            requestId: `inbox-import:${item.id}`,
          },
          source: 'inbox',
          customerId: null,
          contactRequestId: item.id,
          notes: notesOf(item),
        },
      );
      opened += 1;
    } catch (error) {
      // Opened meanwhile by another instance's run: nothing to do.
      if (isDomainError(error) && error.code === 'INTERVENTION_EXISTS') continue;
      throw error;
    }
  }
  if (opened > 0) logger.info(`Inbox: ${opened} old contact request(s) opened as interventions`);
  return opened;
}
