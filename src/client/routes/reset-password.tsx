import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, SubmitButton } from '@/client/components/ui/form';
import { FieldError, Label } from '@/client/components/ui/label';
import { toast } from '@/client/components/ui/toast';
import { resetPassword } from '@/client/features/account/auth-api';
import { AuthShell } from '@/client/features/account/auth-shell';
import { PasswordInput } from '@/client/features/account/password-input';
import { useAuthChanged } from '@/client/features/account/use-session';

const loadSchemas = () => import('@/domain/account/profile');

/** Opened from the reset mail: /reinitialiser-mot-de-passe?token=... */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const authChanged = useAuthChanged();
  const id = useId();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = 'Nouveau mot de passe | Hygiène - Anti-nuisibles 27';
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const { fieldMessages, resetPasswordSchema } = await loadSchemas();
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    setServerError(null);
    setSubmitting(true);
    const result = await resetPassword(token, values.password);
    setSubmitting(false);
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
            <form noValidate onSubmit={onSubmit} onFocus={() => void loadSchemas()} className="space-y-4">
              {(['password', 'confirm'] as const).map((name) => (
                <div key={name} className="space-y-2">
                  <Label htmlFor={`${id}-${name}`}>
                    {name === 'password' ? 'Nouveau mot de passe' : 'Confirmez le mot de passe'}
                  </Label>
                  <PasswordInput
                    id={`${id}-${name}`}
                    name={name}
                    autoComplete="new-password"
                    value={values[name]}
                    disabled={submitting}
                    aria-invalid={Boolean(errors[name]) || undefined}
                    onChange={(e) => {
                      setValues((v) => ({ ...v, [name]: e.target.value }));
                      setErrors((errs) => ({ ...errs, [name]: '' }));
                    }}
                  />
                  <FieldError message={errors[name]} />
                </div>
              ))}
              <FormAlert message={serverError} />
              <SubmitButton submitting={submitting} size="lg" className="w-full">
                Enregistrer le mot de passe
              </SubmitButton>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
