import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field, FormAlert } from '@/client/components/ui/field';
import { toast } from '@/client/components/ui/toast';
import { EmailProofCard } from '@/client/features/account/email-proof-card';
import { PasswordInput } from '@/client/features/account/password-input';
import { errorMessage } from '@/client/lib/errors';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';

/** The one schema of the procedure, loaded with the dialog's first use. */
const loadSchema = () => import('@/domain/privacy/erasure').then((m) => m.accountDeletionSchema);

/** Where « Télécharger mes données » downloads from (server/privacy/download.ts). */
const OWN_DATA_URL = '/api/compte/mes-donnees.zip';

/**
 * « Mes données »: the proof of the account's email (what was sent with it without an account is
 * included only then, ADR 033), the download of everything the shop holds about the customer
 * (RGPD art. 15, 20), and « Supprimer mon compte » in two steps, the password asked again (art. 17).
 * `onDeleted` leaves /compte once the account is gone (the page's own way out, as for sign-out).
 */
export function PrivacyPanel({ email, onDeleted }: { email: string; onDeleted: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initial: { password: '', confirm: false }, schema: loadSchema });
  const remove = trpc.account.deleteAccount.useMutation();
  // Asked when the dialog opens: an order still to deliver, pay or refund is finished first.
  const blocker = trpc.account.erasureBlocker.useQuery(undefined, { enabled: open, staleTime: 0 });

  function openDialog(next: boolean) {
    setOpen(next);
    if (next) {
      setStep(1);
      setFailure(null);
      form.reset({ password: '', confirm: false });
    }
  }

  async function confirmDeletion(input: { password: string; confirm: true }) {
    setFailure(null);
    try {
      await remove.mutateAsync(input);
      setOpen(false);
      toast({
        title: 'Compte supprimé',
        description: 'Votre compte et vos données personnelles ont été supprimés.',
      });
      await onDeleted();
    } catch (error) {
      if (!form.showServerErrors(error)) setFailure(errorMessage(error));
    }
  }

  return (
    <div className="space-y-6">
      <EmailProofCard email={email} />
      <Card>
        <CardHeader>
          <CardTitle>Télécharger mes données</CardTitle>
          <CardDescription>
            Une archive ZIP contenant un fichier JSON : votre profil, vos commandes et leur historique, vos
            paiements et remboursements, vos rétractations, vos demandes de contact et vos sessions ; vos
            factures et avoirs en PDF. Tant que votre adresse n’est pas confirmée, l’archive ne contient que
            ce qui a été fait depuis votre compte.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <a href={OWN_DATA_URL} download>
              <Download aria-hidden="true" />
              Télécharger mes données
            </a>
          </Button>
        </CardContent>
      </Card>

      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle>Supprimer mon compte</CardTitle>
          <CardDescription>
            Votre compte, vos sessions et vos données personnelles sont supprimés définitivement. Vos
            commandes restent dans notre historique sous la mention « Client supprimé », sans votre nom ni vos
            coordonnées ; les factures sont conservées 10 ans, comme la loi l’exige. Vos commandes passées
            sans compte et vos demandes de contact ne sont supprimées que si votre adresse est confirmée au
            moment de la suppression.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="destructive" onClick={() => openDialog(true)}>
            <Trash2 aria-hidden="true" />
            Supprimer mon compte
          </Button>
        </CardContent>
      </Card>

      <Dialog open={open} onOpenChange={openDialog}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Supprimer mon compte</DialogTitle>
            <DialogDescription>
              {step === 1
                ? 'Cette action est définitive : vous ne pourrez plus vous connecter ni suivre vos commandes en ligne.'
                : 'Pour confirmer, saisissez à nouveau votre mot de passe.'}
            </DialogDescription>
          </DialogHeader>
          {step === 1 && blocker.data ? (
            <>
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
              >
                {blocker.data}
              </p>
              <DialogFooter>
                <Button variant="outline" onClick={() => openDialog(false)}>
                  Fermer
                </Button>
              </DialogFooter>
            </>
          ) : step === 1 ? (
            <DialogFooter>
              <Button variant="outline" onClick={() => openDialog(false)}>
                Annuler
              </Button>
              <Button
                variant="destructive"
                disabled={blocker.isLoading}
                onClick={() => {
                  form.set('confirm', true);
                  setStep(2);
                }}
              >
                Continuer
              </Button>
            </DialogFooter>
          ) : (
            <form
              noValidate
              className="space-y-4"
              onFocus={form.preload}
              onSubmit={form.handleSubmit((data) =>
                confirmDeletion(data as { password: string; confirm: true }),
              )}
            >
              <Field label="Mot de passe" required error={form.errors.password ?? form.errors.confirm}>
                {(control) => (
                  <PasswordInput {...control} {...form.text('password')} autoComplete="current-password" />
                )}
              </Field>
              <FormAlert message={failure} />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => openDialog(false)}>
                  Annuler
                </Button>
                <Button type="submit" variant="destructive" disabled={form.submitting || remove.isPending}>
                  Supprimer définitivement mon compte
                </Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
