/**
 * What a page shows when the server refuses a request because of the address the page was opened
 * from (the Origin of the request): said plainly, with the address to use instead.
 */
export const ORIGIN_REFUSED_CODE = 'ORIGIN_NOT_ALLOWED';

function list(origins: readonly string[]): string {
  if (origins.length <= 1) return origins[0] ?? '';
  return `${origins.slice(0, -1).join(', ')} ou ${origins[origins.length - 1]}`;
}

export function originRefusedMessage(origin: string | null, allowed: readonly string[]): string {
  const from = origin
    ? `Cette page a été ouverte depuis une adresse non autorisée (${origin}).`
    : 'Cette requête vient d’un autre site, elle a été refusée.';
  return `${from} Ouvrez le site depuis ${list(allowed)} puis réessayez.`;
}
