/**
 * The shop's clock. The business is in Normandy: every date the shop shows (lists, histories,
 * mails, exports), every dashboard day and every order number's year is a Paris date, whatever the
 * viewer's or the server's own time zone.
 */
export const SHOP_TIME_ZONE = 'Europe/Paris';
