/**
 * The calendar file sent with an appointment's mails (RFC 5545, iTIP RFC 5546): one VEVENT whose
 * UID is stable for the appointment, times in UTC (a trailing Z), SEQUENCE raised by every move so
 * the customer's calendar replaces the old slot, METHOD:REQUEST for a booking or a move and
 * METHOD:CANCEL for a cancellation. Lines end with CRLF and are folded at 75 octets.
 */

export interface IcsEvent {
  method: 'REQUEST' | 'CANCEL';
  appointmentId: string;
  /** The host of the shop's public URL: UIDs are `appointment-<id>@<host>`. */
  domain: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  /** When the file is made (DTSTAMP). */
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** 20261201T080000Z */
export const icsUtc = (at: Date | string) =>
  new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11). */
export const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value (CN): quoted, without the characters a quoted value may not hold. */
const icsParam = (value: string) => `"${value.replace(/["\r\n]/g, '')}"`;

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export const appointmentUid = (appointmentId: string, domain: string) =>
  `appointment-${appointmentId}@${domain}`;

export function appointmentIcs(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hygiene Anti-nuisibles 27//Rendez-vous//FR',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${appointmentUid(e.appointmentId, e.domain)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsUtc(e.stamp)}`,
    `DTSTART:${icsUtc(e.startsAt)}`,
    `DTEND:${icsUtc(e.endsAt)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `LOCATION:${icsText(e.location)}`,
    `ORGANIZER;CN=${icsParam(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${icsParam(e.attendee.name)};ROLE=REQ-PARTICIPANT:mailto:${e.attendee.email}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/**
 * Reads an .ics back into its properties (unfolded, by name; parameters dropped): the tests parse
 * what the mails carry with it.
 */
export function parseIcs(text: string): { lines: string[]; props: Map<string, string[]> } {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
  const props = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!;
    props.set(name, [...(props.get(name) ?? []), line.slice(colon + 1)]);
  }
  return { lines, props };
}
