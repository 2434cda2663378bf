import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Textarea } from '@/client/components/ui/input';
import { errorMessage } from '@/client/lib/errors';
import { cn } from '@/client/lib/utils';

/*
 * The interventions' dialog forms (devis, signature at home, « Perdu », planning, cancellation) share
 * one layout: fields in rows, the form's alert, and « Annuler » beside the submit button.
 */

const ROWS = {
  /** Two fields side by side from `sm` (one column on a phone). */
  halves: 'grid gap-4 sm:grid-cols-2',
  /** Three fields side by side from `sm`. */
  thirds: 'grid gap-4 sm:grid-cols-3',
  /** A wide field and a short amount (quantity, minutes) beside it. */
  amount: 'grid gap-2 sm:grid-cols-[minmax(0,1fr)_6rem]',
} as const;

/** A row of fields: one column on a phone, side by side from `sm`. */
export function FieldRow({
  layout = 'halves',
  children,
}: {
  layout?: keyof typeof ROWS;
  children: ReactNode;
}) {
  return <div className={ROWS[layout]}>{children}</div>;
}

/** A dialog's form: its fields, the alert (nothing when null), « Annuler » and the submit button. */
export function DialogForm({
  onSubmit,
  onCancel,
  cancelLabel = 'Annuler',
  pending,
  busyLabel = 'Enregistrement...',
  submit,
  error = null,
  className,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  cancelLabel?: string;
  pending: boolean;
  busyLabel?: string;
  /** The submit button's content. */
  submit: ReactNode;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} className={cn('grid gap-4', className)} noValidate>
      {children}
      <FormAlert message={error} />
      <DialogFooter className="flex-row justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <SubmitButton submitting={pending} busyLabel={busyLabel}>
          {submit}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/**
 * A dialog that records why (« Perdu », a cancelled appointment): a required « Motif » (`missing`
 * when it is left empty), sent by `send`; the dialog closes once it is recorded, else the server's
 * French message shows under the field.
 */
export function ReasonDialog({
  title,
  description,
  maxLength,
  missing,
  pending,
  send,
  onClose,
  submit,
  cancelLabel,
  busyLabel,
}: {
  title: string;
  description: ReactNode;
  maxLength: number;
  missing: string;
  pending: boolean;
  send: (reason: string) => Promise<void>;
  onClose: () => void;
  submit: string;
  cancelLabel?: string;
  busyLabel?: string;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!reason.trim()) {
      setError(missing);
      return;
    }
    try {
      await send(reason);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogForm
          onSubmit={onSubmit}
          onCancel={onClose}
          cancelLabel={cancelLabel}
          pending={pending}
          busyLabel={busyLabel}
          submit={submit}
        >
          <Field label="Motif" error={error ?? undefined}>
            {(c) => (
              <Textarea
                {...c}
                rows={3}
                maxLength={maxLength}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
