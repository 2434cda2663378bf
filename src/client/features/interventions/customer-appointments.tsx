import { CalendarCheck, CalendarClock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Textarea } from '@/client/components/ui/input';
import { toast, toastError } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { CONTACT_SERVICE_LABELS, type ContactService } from '@/domain/contact/services';
import {
  APPOINTMENT_STATUS_LABELS,
  CUSTOMER_MESSAGE_MAX,
  frenchSlot,
} from '@/domain/interventions/appointments';

type Item = RouterOutputs['planning']['mine'][number];

/** One upcoming appointment as the customer reads it (Paris time). */
function AppointmentItem({ a, children }: { a: Item; children?: React.ReactNode }) {
  return (
    <Card data-testid="customer-appointment">
      <CardContent className="grid gap-2 p-4">
        <p className="font-semibold first-letter:uppercase">{frenchSlot(a)}</p>
        <p className="text-sm">
          {CONTACT_SERVICE_LABELS[a.service as ContactService] ?? a.service} · intervention{' '}
          {a.interventionNumber}
        </p>
        <p className="text-sm text-muted-foreground">{a.address}</p>
        <div>
          <Badge variant={a.status === 'confirmed' ? 'default' : 'secondary'}>
            {APPOINTMENT_STATUS_LABELS[a.status]}
          </Badge>
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

/** /compte: the account's upcoming appointments (nothing when there are none). */
export function MyAppointments() {
  const mine = trpc.planning.mine.useQuery();
  if (!mine.data || mine.data.length === 0) return null;
  return (
    <section className="mb-6 grid gap-3" aria-labelledby="appointments-heading">
      <h2 id="appointments-heading" className="text-lg font-semibold">
        Mes rendez-vous
      </h2>
      {mine.data.map((a) => (
        <AppointmentItem key={a.id} a={a}>
          <Link className="text-sm font-medium text-primary hover:underline" to={`/rendez-vous/${a.token}`}>
            {a.status === 'confirmed'
              ? 'Demander un autre créneau'
              : 'Confirmer ou demander un autre créneau'}
          </Link>
        </AppointmentItem>
      ))}
    </section>
  );
}

/** The signed link's list: each appointment with « Confirmer » and « Demander un autre créneau ». */
export function SignedAppointments({ token, items }: { token: string; items: Item[] }) {
  if (items.length === 0)
    return <p className="rounded-lg border bg-card p-6 text-center">Aucun rendez-vous à venir.</p>;
  return (
    <ul className="grid gap-3" aria-label="Rendez-vous à venir">
      {items.map((a) => (
        <li key={a.id}>
          <AppointmentItem a={a}>
            <Answer token={token} a={a} />
          </AppointmentItem>
        </li>
      ))}
    </ul>
  );
}

function Answer({ token, a }: { token: string; a: Item }) {
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = () => void utils.planning.invalidate();
  const confirm = trpc.planning.confirm.useMutation({
    onSuccess: () => {
      done();
      toast({ title: 'Merci', description: 'Votre rendez-vous est confirmé.', variant: 'success' });
    },
    onError: toastError,
  });
  const ask = trpc.planning.askOtherSlot.useMutation();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (ask.isPending) return;
    if (!message.trim()) return setError('Indiquez les jours et heures qui vous conviendraient.');
    try {
      await ask.mutateAsync({ token, appointmentId: a.id, sequence: a.sequence, message });
      done();
      setAsking(false);
      toast({
        title: 'Merci',
        description: 'Votre demande est transmise : nous vous recontactons.',
        variant: 'success',
      });
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  if (asking)
    return (
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <Field label="Quels jours et heures vous conviendraient ?" error={error ?? undefined}>
          {(c) => (
            <Textarea
              {...c}
              rows={3}
              maxLength={CUSTOMER_MESSAGE_MAX}
              value={message}
              onChange={(e) => {
                setMessage(e.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <SubmitButton submitting={ask.isPending} busyLabel="Envoi...">
            Envoyer ma demande
          </SubmitButton>
          <Button type="button" variant="outline" onClick={() => setAsking(false)}>
            Retour
          </Button>
        </div>
      </form>
    );
  return (
    <div className="flex flex-wrap gap-2">
      {a.status !== 'confirmed' && (
        <Button
          type="button"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ token, appointmentId: a.id, sequence: a.sequence })}
        >
          <CalendarCheck aria-hidden="true" />
          Confirmer le rendez-vous
        </Button>
      )}
      <Button type="button" variant="outline" onClick={() => setAsking(true)}>
        <CalendarClock aria-hidden="true" />
        Demander un autre créneau
      </Button>
    </div>
  );
}
