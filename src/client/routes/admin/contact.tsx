import { ContactInbox } from '@/client/features/admin/contact/contact-inbox';

/** The requests sent from the site's contact form (admins). */
export default function AdminContact() {
  return <ContactInbox />;
}
