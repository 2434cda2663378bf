import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '@/domain/site/routes';
import { ADMIN_GROUPS, ADMIN_LINKED_PAGES, adminPageAt } from './admin-pages';

describe('the back-office page table', () => {
  it('names every screen once, in the sidebar or as a linked screen (its header badge and title)', () => {
    const paths = [...ADMIN_GROUPS.flatMap((g) => g.pages), ...ADMIN_LINKED_PAGES].map((p) => p.path);
    expect([...paths].sort()).toEqual(ADMIN_SCREENS.map((s) => `/admin/${s}`).sort());
  });

  it('names the report screen « Rapport d’intervention », for the owner and the technicians', () => {
    expect(adminPageAt('/admin/rapport')).toMatchObject({
      name: 'Rapport d’intervention',
      roles: ['admin', 'technician'],
    });
  });
});
