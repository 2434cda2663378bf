import { Check, Mail, Phone, PhoneCall, Reply, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Textarea } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast, toastError } from '@/client/components/ui/toast';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { formatPhone } from '@/domain/common/phone';
import { CONTACT_REPLY_MAX, type ContactReplyKind, contactReplySchema } from '@/domain/contact/schema';
import { CONTACT_SERVICE_LABELS } from '@/domain/contact/services';
import { frenchDateTime } from '@/domain/site/dates';

type Request = RouterOutputs['contact']['list'][number];

const PAGE = 100;
/** The most contact.list gives at once. */
const MAX = 500;

/** The contact inbox (issue 13, point 11): newest first; an admin marks each request handled. */
export function ContactInbox() {
  useAdminTitle('Demandes de contact');
  const [limit, setLimit] = useState(PAGE);
  const list = trpc.contact.list.useQuery({ limit });
  const newCount = trpc.contact.newCount.useQuery();
  const requests = list.data ?? [];

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Demandes de contact</h1>
        <p className="text-muted-foreground" data-testid="contact-new-count">
          {newCount.data === undefined
            ? '\u00a0'
            : newCount.data === 0
              ? 'Aucune nouvelle demande'
              : `${newCount.data} ${newCount.data > 1 ? 'nouvelles demandes' : 'nouvelle demande'} à traiter`}
        </p>
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : list.isError ? (
        <p className="py-10 text-center text-destructive">Impossible de charger les demandes de contact.</p>
      ) : requests.length === 0 ? (
        <Card>
          <CardContent className="py-14 text-center text-muted-foreground">
            Aucune demande de contact pour l’instant.
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Demandes de contact">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
      {requests.length === limit && limit < MAX ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => setLimit((n) => Math.min(MAX, n + PAGE))}>
            Afficher les demandes plus anciennes
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function RequestCard({ request }: { request: Request }) {
  const utils = trpc.useUtils();
  const handled = request.handledAt !== null;
  const mark = trpc.contact.setHandled.useMutation({
    onSuccess: async (row) => {
      toast({
        title: 'Succès',
        description: row.handledAt ? 'Demande marquée comme traitée.' : 'Demande remise parmi les nouvelles.',
      });
      await Promise.all([utils.contact.list.invalidate(), utils.contact.newCount.invalidate()]);
    },
    onError: (error) =>
      toast({
        title: 'Erreur',
        description: errorMessage(error, 'Impossible de mettre à jour la demande.'),
        variant: 'destructive',
      }),
  });

  return (
    <li>
      <Card className={handled ? 'bg-muted/40' : 'border-primary/40'} data-testid="contact-request">
        <CardContent className="grid gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-base font-semibold">{request.name}</h2>
              {handled ? <Badge variant="secondary">Traitée</Badge> : <Badge>Nouvelle</Badge>}
            </div>
            <p className="text-sm text-muted-foreground">Reçue le {frenchDateTime(request.createdAt)}</p>
          </div>
          <p className="text-sm font-medium">{CONTACT_SERVICE_LABELS[request.service] ?? request.service}</p>
          <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <a
              href={`mailto:${request.email}`}
              className="inline-flex items-center gap-1.5 break-all text-primary underline-offset-4 hover:underline"
            >
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              {request.email}
            </a>
            <a
              href={`tel:${request.phone.replace(/\s+/g, '')}`}
              className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
            >
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              {formatPhone(request.phone)}
            </a>
          </div>
          {request.message ? (
            <p className="whitespace-pre-line break-words rounded-md bg-secondary/60 p-3 text-sm">
              {request.message}
            </p>
          ) : (
            <p className="text-sm italic text-muted-foreground">Pas de message.</p>
          )}
          {request.replies.length > 0 ? (
            <ol
              className="grid gap-2 border-l pl-3"
              aria-label="Suivi de la demande"
              data-testid="contact-replies"
            >
              {request.replies.map((reply) => (
                <li key={reply.id} className="text-sm">
                  <p className="text-xs text-muted-foreground">
                    {reply.kind === 'call' ? 'Appel noté' : 'Email envoyé'} le{' '}
                    {frenchDateTime(reply.createdAt)} par {reply.authorName}
                  </p>
                  <p className="whitespace-pre-line [overflow-wrap:anywhere]">{reply.body}</p>
                </li>
              ))}
            </ol>
          ) : null}
          <ReplyForm request={request} />
          <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
            <p className="text-sm text-muted-foreground">
              {handled
                ? `Traitée le ${frenchDateTime(request.handledAt!)} par ${request.handledByName ?? 'un administrateur'}`
                : 'Pas encore traitée'}
            </p>
            {handled ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={mark.isPending}
                onClick={() => mark.mutate({ id: request.id, handled: false })}
              >
                <RotateCcw aria-hidden="true" />
                Remettre en nouvelle
              </Button>
            ) : (
              <Button
                size="sm"
                disabled={mark.isPending}
                onClick={() => mark.mutate({ id: request.id, handled: true })}
              >
                <Check aria-hidden="true" />
                Marquer comme traitée
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

const REPLY_LABELS: Record<ContactReplyKind, { open: string; field: string; submit: string; done: string }> =
  {
    call: {
      open: 'Noter un appel',
      field: "Compte rendu de l'appel",
      submit: "Enregistrer l'appel",
      done: 'Appel noté.',
    },
    email: {
      open: 'Répondre par email',
      field: 'Votre réponse',
      submit: 'Envoyer la réponse',
      done: 'Réponse envoyée.',
    },
  };

/** "Noter un appel" / "Répondre par email": one small form, kept with the request. */
function ReplyForm({ request }: { request: Request }) {
  const [kind, setKind] = useState<ContactReplyKind | null>(null);
  const utils = trpc.useUtils();
  const reply = trpc.contact.reply.useMutation();
  const form = useForm({
    initial: { kind: 'call' as ContactReplyKind, body: '' },
    schema: contactReplySchema,
  });
  if (!kind) {
    return (
      <div className="flex flex-wrap gap-2">
        {(['call', 'email'] as const).map((k) => (
          <Button
            key={k}
            variant="outline"
            size="sm"
            onClick={() => {
              // The answer starts with its greeting, in the field: the mail is exactly what the owner sees.
              form.reset({ kind: k, body: k === 'email' ? `Bonjour ${request.name},\n\n` : '' });
              setKind(k);
            }}
          >
            {k === 'call' ? <PhoneCall aria-hidden="true" /> : <Reply aria-hidden="true" />}
            {REPLY_LABELS[k].open}
          </Button>
        ))}
      </div>
    );
  }
  const labels = REPLY_LABELS[kind];
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={form.submitToServer(async (values) => {
        await reply.mutateAsync({ id: request.id, ...values });
        toast({ title: 'Succès', description: labels.done, variant: 'success' });
        setKind(null);
        await Promise.all([utils.contact.list.invalidate(), utils.contact.newCount.invalidate()]);
      }, toastError)}
    >
      <Field
        label={labels.field}
        error={form.errors.body}
        description={
          kind === 'email'
            ? `Envoyé tel quel à ${request.email}, dans le cadre des emails de la boutique.`
            : undefined
        }
      >
        {(c) => <Textarea {...c} {...form.text('body')} rows={4} maxLength={CONTACT_REPLY_MAX} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => setKind(null)}>
          Annuler
        </Button>
        <SubmitButton submitting={form.submitting} size="sm">
          {labels.submit}
        </SubmitButton>
      </div>
    </form>
  );
}
