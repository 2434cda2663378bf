import { type FormEvent, useState } from 'react';
import { Field, FormAlert } from '@/client/components/ui/field';
import { Input, PhoneInput } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { toast } from '@/client/components/ui/toast';
import { PasswordInput } from '@/client/features/account/password-input';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import {
  type CreateCustomer,
  type CustomerFields,
  createCustomerSchema,
  customerFieldsSchema,
} from '@/domain/account/customers';
import { isoDay } from '@/domain/account/profile';
import { profileFormValues } from '@/domain/account/profile-form';
import { ROLE_LABELS, ROLES, type Role } from '@/domain/account/roles';
import { FormDialog } from '../layout/screen-parts';
import { CustomerActivity } from './customer-activity';
import { TechnicianCertificate } from './technician-certificate';
import { type AdminCustomer, useCustomersChanged } from './use-admin-customers';

interface CustomerFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  dateOfBirth: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  role: Role;
}

const emptyCustomer: CustomerFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  phone: '',
  dateOfBirth: '',
  address: '',
  city: '',
  postalCode: '',
  country: 'France',
  role: 'user',
};

const formValues = (c: AdminCustomer): CustomerFormValues => ({
  ...profileFormValues(c),
  email: c.email,
  password: '',
  role: c.role,
});

/** Create / edit a customer (back-office.md §2, §5, §8). Mounted anew for each opening. */
export function CustomerDialog({
  customer,
  onClose,
}: {
  /** null: a new customer. */
  customer: AdminCustomer | null;
  onClose: () => void;
}) {
  const editing = customer !== null;
  // On edit the schema has no email nor password: they are not sent (§5).
  const form = useForm<CustomerFormValues, CreateCustomer | CustomerFields>({
    initial: customer ? formValues(customer) : emptyCustomer,
    schema: editing ? customerFieldsSchema : createCustomerSchema,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const changed = useCustomersChanged();
  const create = trpc.adminCustomers.create.useMutation();
  const update = trpc.adminCustomers.update.useMutation();
  const saving = create.isPending || update.isPending;

  // handleSubmit: one submit at a time, and the first field in error (the schema's or the server's)
  // takes the focus.
  const onSubmit = form.handleSubmit(
    async (data) => {
      setFailure(null);
      await save(data);
    },
    () => setFailure(null),
  );

  async function save(data: CreateCustomer | CustomerFields) {
    try {
      if (customer) await update.mutateAsync({ id: customer.id, ...(data as CustomerFields) });
      else await create.mutateAsync(data as CreateCustomer);
      toast({
        title: 'Succès',
        description: editing ? 'Client mis à jour avec succès.' : 'Client créé avec succès.',
        variant: 'success',
      });
      await changed();
      onClose();
    } catch (error) {
      const message = errorMessage(
        error,
        editing ? 'Impossible de mettre à jour le client' : 'Impossible de créer le client',
      );
      // Under its field too when it names one (EMAIL_TAKEN: email, WEAK_PASSWORD: password).
      form.showServerErrors(error);
      setFailure(message);
      toast({ title: 'Erreur', description: message, variant: 'destructive' });
    }
  }

  const e = form.errors;
  return (
    <FormDialog
      onOpenChange={(open) => !open && !saving && onClose()}
      title={editing ? 'Modifier le client' : 'Nouveau client'}
      description={
        editing
          ? 'Modifiez les informations du client ci-dessous.'
          : 'Remplissez les informations du client ci-dessous.'
      }
      onSubmit={(event) => void onSubmit(event as FormEvent<HTMLFormElement>)}
      editing={editing}
      saving={saving}
      onCancel={onClose}
    >
      <FormAlert message={failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Prénom *" error={e.firstName}>
          {(c) => <Input {...c} {...form.text('firstName')} autoComplete="off" required />}
        </Field>
        <Field label="Nom *" error={e.lastName}>
          {(c) => <Input {...c} {...form.text('lastName')} autoComplete="off" required />}
        </Field>
      </div>
      <Field
        label="Email *"
        error={e.email}
        description={editing ? "L'email ne peut pas être modifié." : undefined}
      >
        {(c) => (
          <Input {...c} {...form.text('email')} type="email" autoComplete="off" disabled={editing} required />
        )}
      </Field>
      {editing ? null : (
        <Field
          label="Mot de passe *"
          error={e.password}
          description="Au moins 8 caractères, difficile à deviner : une phrase de plusieurs mots convient."
        >
          {(c) => <PasswordInput {...c} {...form.text('password')} autoComplete="new-password" required />}
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Téléphone" error={e.phone}>
          {(c) => <PhoneInput {...c} {...form.text('phone')} autoComplete="off" />}
        </Field>
        <Field label="Date de naissance" error={e.dateOfBirth}>
          {(c) => <Input {...c} {...form.text('dateOfBirth')} type="date" max={isoDay(new Date())} />}
        </Field>
      </div>
      <Field label="Adresse" error={e.address}>
        {(c) => <Input {...c} {...form.text('address')} autoComplete="off" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Ville" error={e.city}>
          {(c) => <Input {...c} {...form.text('city')} autoComplete="off" />}
        </Field>
        <Field label="Code postal" error={e.postalCode}>
          {(c) => <Input {...c} {...form.text('postalCode')} inputMode="numeric" autoComplete="off" />}
        </Field>
        <Field label="Pays" error={e.country}>
          {(c) => <Input {...c} {...form.text('country')} autoComplete="off" />}
        </Field>
      </div>
      <Field label="Rôle" error={e.role}>
        {(c) => (
          <NativeSelect
            {...c}
            value={form.values.role}
            onChange={(ev) => form.set('role', ev.target.value as Role)}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role].label}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {customer?.role === 'technician' ? <TechnicianCertificate userId={customer.id} /> : null}
      {customer ? <CustomerActivity customerId={customer.id} /> : null}
    </FormDialog>
  );
}
