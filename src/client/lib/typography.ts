import { Children, type ReactNode } from 'react';

/**
 * French typography: the space before ":", ";", "!", "?" and "»", and after "«", never breaks, so a
 * line never starts with a colon or a question mark. Applied where headings and intros are rendered.
 */
export function frenchSpaces(text: string): string {
  return text.replace(/ ([:;!?»])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}

/** frenchSpaces on the text parts of a component's children (the elements among them are kept). */
export function frenchSpacesIn(children: ReactNode): ReactNode {
  return Children.map(children, (child) => (typeof child === 'string' ? frenchSpaces(child) : child));
}
