import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from './schema';

const valid = {
  name: 'Marie Durand',
  email: 'marie@example.fr',
  phone: '06 12 34 56 78',
  service: 'frelon',
  message: '',
};

describe('contactRequestSchema', () => {
  it('accepts a complete request and trims it', () => {
    const parsed = contactRequestSchema.parse({ ...valid, name: '  Marie Durand ' });
    expect(parsed.name).toBe('Marie Durand');
    expect(parsed.message).toBe('');
  });

  it('requires name, email, phone and service with French messages', () => {
    const result = contactRequestSchema.safeParse({ name: ' ', email: '', phone: '', service: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('Veuillez indiquer votre nom.');
    expect(messages).toContain('Veuillez indiquer votre adresse email.');
    expect(messages).toContain('Veuillez indiquer votre numéro de téléphone.');
    expect(messages).toContain('Veuillez choisir un service.');
  });

  it('rejects a malformed email and an unknown service', () => {
    expect(contactRequestSchema.safeParse({ ...valid, email: 'marie@' }).error?.issues[0]?.message).toBe(
      'Veuillez indiquer une adresse email valide.',
    );
    expect(contactRequestSchema.safeParse({ ...valid, service: 'termites' }).success).toBe(false);
  });
});
