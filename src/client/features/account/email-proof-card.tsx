import { MailCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { EMAIL_PROOF_CODE_LENGTH } from '@/domain/common/limits';
import { frenchTime } from '@/domain/site/wall-time';

/** The procedure's schema, loaded with the form's first use. */
const loadSchema = () => import('@/domain/privacy/email-proof').then((m) => m.emailProofCodeSchema);

/**
 * « Mes données », first step (ADR 033): an account's email proves nothing until a code mailed to
 * it is typed back here. While the proof is fresh, the download and the deletion below also reach
 * the orders placed without an account and the contact requests sent with that address.
 */
export function EmailProofCard({ email }: { email: string }) {
  const utils = trpc.useUtils();
  const proof = trpc.account.emailProof.useQuery(undefined, { staleTime: 0 });
  const request = trpc.account.requestEmailProof.useMutation();
  const confirm = trpc.account.confirmEmailProof.useMutation();
  const [sent, setSent] = useState<{ minutes: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initial: { code: '' }, schema: loadSchema });
  const until = proof.data?.until ?? null;

  // The proof ends on its own: the card says so at that minute, without a reload.
  useEffect(() => {
    if (!until) return;
    const left = new Date(until).getTime() - Date.now();
    const timer = setTimeout(() => void utils.account.emailProof.invalidate(), Math.max(left, 0) + 500);
    return () => clearTimeout(timer);
  }, [until, utils]);

  async function sendCode() {
    setFailure(null);
    try {
      setSent(await request.mutateAsync());
      form.reset({ code: '' });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  // The server's refusals of a code (wrong, expired, spent) name the field: said under it.
  const confirmCode = form.submitToServer(
    async (input) => {
      setFailure(null);
      const answer = await confirm.mutateAsync(input);
      utils.account.emailProof.setData(undefined, { until: answer.until });
      void utils.account.erasureBlocker.invalidate();
      void utils.session.me.invalidate();
      setSent(null);
      toast({
        title: 'Adresse confirmée',
        description: `Jusqu’à ${frenchTime(answer.until)}, vos données incluent ce qui a été envoyé avec ${email}.`,
        variant: 'success',
      });
    },
    (error) => setFailure(errorMessage(error)),
  );

  return (
    <Card data-testid="email-proof">
      <CardHeader>
        <CardTitle>Vos commandes passées sans compte</CardTitle>
        <CardDescription>
          Les commandes passées sans compte et les demandes de contact envoyées avec l’adresse{' '}
          <span className="font-medium text-foreground [overflow-wrap:anywhere]">{email}</span> ne sont
          incluses dans le téléchargement et la suppression de vos données qu’une fois cette adresse confirmée
          par un code reçu par email.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {proof.isLoading ? null : until ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm"
          >
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>
              Adresse confirmée jusqu’à <strong>{frenchTime(until)}</strong> : le téléchargement et la
              suppression ci-dessous incluent vos commandes passées sans compte et vos demandes de contact.
            </span>
          </p>
        ) : sent ? (
          <form
            noValidate
            aria-label="Confirmer mon adresse email"
            className="space-y-4"
            onFocus={form.preload}
            onSubmit={confirmCode}
          >
            <p role="status" className="flex items-start gap-2 text-sm">
              <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>
                Un code à 6 chiffres vient d’être envoyé à{' '}
                <span className="font-medium [overflow-wrap:anywhere]">{email}</span>. Il est valable{' '}
                {sent.minutes} minutes.
              </span>
            </p>
            <Field label="Code reçu par email" required error={form.errors.code} className="sm:max-w-60">
              {(c) => (
                <Input
                  {...c}
                  {...form.text('code')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={EMAIL_PROOF_CODE_LENGTH}
                  className="text-lg tracking-[0.3em] tabular-nums md:text-lg"
                />
              )}
            </Field>
            <FormAlert message={failure} />
            <div className="flex flex-col gap-2 sm:flex-row">
              <SubmitButton submitting={form.submitting || confirm.isPending}>Confirmer</SubmitButton>
              <Button type="button" variant="ghost" disabled={request.isPending} onClick={sendCode}>
                Envoyer un nouveau code
              </Button>
            </div>
          </form>
        ) : (
          <>
            <FormAlert message={failure} />
            <Button variant="outline" disabled={request.isPending} onClick={sendCode}>
              <MailCheck aria-hidden="true" />
              Recevoir un code par email
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
