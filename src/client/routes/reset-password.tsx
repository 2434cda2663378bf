import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { toast } from '@/client/components/ui/toast';
import { AuthShell } from '@/client/features/account/auth-shell';
import { PasswordInput } from '@/client/features/account/password-input';
import { loadAuthApi, useAuthChanged } from '@/client/features/account/use-session';
import { useForm } from '@/client/lib/use-form';
import { usePageTitle } from '@/client/lib/utils';

const loadSchema = () => import('@/domain/account/profile').then((m) => m.resetPasswordSchema);

/** Opened from the reset mail: /reinitialiser-mot-de-passe?token=... */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const authChanged = useAuthChanged();
  const form = useForm({ initial: { password: '', confirm: '' }, schema: loadSchema });
  const [serverError, setServerError] = useState<string | null>(null);
  usePageTitle('Nouveau mot de passe');

  async function save({ password }: { password: string }) {
    setServerError(null);
    const result = await loadAuthApi().then(
      (api) => api.resetPassword(token, password),
      () => ({ ok: false as const, message: 'Une erreur est survenue' }),
    );
    if (!result.ok) {
      setServerError(result.message);
      toast({ title: 'Erreur', description: result.message, variant: 'destructive' });
      return;
    }
    await authChanged();
    toast({
      title: 'Mot de passe modifié',
      description: 'Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.',
      variant: 'success',
    });
    navigate('/auth');
  }

  return (
    <AuthShell>
      <Card className="shadow-md">
        <CardHeader className="space-y-1 text-center">
          <KeyRound className="mx-auto mb-1 size-8 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-semibold leading-tight">Nouveau mot de passe</h1>
          <CardDescription>Choisissez un nouveau mot de passe d'au moins 8 caractères.</CardDescription>
        </CardHeader>
        <CardContent>
          {!token ? (
            <div className="space-y-4 text-center">
              <p role="alert" className="text-sm text-destructive">
                Ce lien de réinitialisation est invalide ou a expiré
              </p>
              <Button asChild variant="outline">
                <Link to="/auth">Retour à la connexion</Link>
              </Button>
            </div>
          ) : (
            <form
              noValidate
              onSubmit={form.handleSubmit(save)}
              onFocus={() => {
                form.preload();
                void loadAuthApi().catch(() => {});
              }}
              className="space-y-4"
            >
              <Field label="Nouveau mot de passe" error={form.errors.password}>
                {(c) => (
                  <PasswordInput
                    {...c}
                    {...form.text('password')}
                    autoComplete="new-password"
                    required
                    disabled={form.submitting}
                  />
                )}
              </Field>
              <Field label="Confirmez le mot de passe" error={form.errors.confirm}>
                {(c) => (
                  <PasswordInput
                    {...c}
                    {...form.text('confirm')}
                    autoComplete="new-password"
                    required
                    disabled={form.submitting}
                  />
                )}
              </Field>
              <FormAlert message={serverError} />
              <SubmitButton submitting={form.submitting} size="lg" className="w-full">
                Enregistrer le mot de passe
              </SubmitButton>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
