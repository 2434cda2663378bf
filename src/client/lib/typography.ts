/**
 * French typography: the space before ":", ";", "!", "?" and "»", and after "«", never breaks, so a
 * line never starts with a colon or a question mark. Applied where headings and intros are rendered.
 */
export function frenchSpaces(text: string): string {
  return text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}
