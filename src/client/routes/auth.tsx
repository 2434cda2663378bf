import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { FieldError, Label } from '@/client/components/ui/label';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { requestPasswordReset, signIn, signUp } from '@/client/features/account/auth-api';
import { AuthShell } from '@/client/features/account/auth-shell';
import { PasswordInput } from '@/client/features/account/password-input';
import { useAuthChanged, useSession } from '@/client/features/account/use-session';

/** The form schemas (zod) load on first interaction, not with the page: storefront JS stays small. */
const loadSchemas = () => import('@/domain/account/profile');

type Mode = 'signin' | 'signup' | 'forgot';

const titles: Record<Mode, { title: string; description: string }> = {
  signin: { title: 'Connexion', description: 'Connectez-vous pour suivre vos commandes.' },
  signup: {
    title: 'Créer un compte',
    description: 'Créez votre compte pour commander et suivre vos commandes.',
  },
  forgot: {
    title: 'Mot de passe oublié',
    description: 'Indiquez votre email : nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  },
};

export default function AuthPage() {
  const { user, isLoading } = useSession();
  const authChanged = useAuthChanged();
  const navigate = useNavigate();
  const id = useId();
  const [mode, setMode] = useState<Mode>('signin');
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [justSignedIn, setJustSignedIn] = useState(false);

  useEffect(() => {
    document.title = `${titles[mode].title} | Hygiène - Anti-nuisibles 27`;
  }, [mode]);

  if (isLoading) return <Spinner className="min-h-dvh" />;
  // A signed-in visitor has nothing to do here (the success path navigates by itself).
  if (user && !justSignedIn) return <Navigate to="/boutique" replace />;

  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: '' }));
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setServerError(null);
  };

  const fail = (message: string) => {
    setServerError(message);
    toast({ title: 'Erreur', description: message, variant: 'destructive' });
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setServerError(null);
    const { fieldMessages, requestResetSchema, signInSchema, signUpSchema } = await loadSchemas();
    const schema = mode === 'signup' ? signUpSchema : mode === 'signin' ? signInSchema : requestResetSchema;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      if (mode === 'forgot') {
        const result = await requestPasswordReset(values.email);
        if (!result.ok) return fail(result.message);
        toast({
          title: 'Email envoyé',
          description: 'Si un compte existe avec cet email, vous allez recevoir un lien de réinitialisation.',
          variant: 'success',
        });
        switchMode('signin');
        return;
      }
      const result = mode === 'signup' ? await signUp(values) : await signIn(values);
      if (!result.ok) return fail(result.message);
      setJustSignedIn(true);
      if (mode === 'signup') {
        toast({
          title: 'Compte créé avec succès',
          description: 'Vérifiez votre email pour confirmer votre compte',
          variant: 'success',
        });
      } else {
        toast({
          title: 'Connexion réussie',
          description: 'Vous êtes maintenant connecté',
          variant: 'success',
        });
      }
      await authChanged();
      navigate('/boutique');
    } catch {
      fail('Une erreur est survenue');
    } finally {
      setSubmitting(false);
    }
  }

  const field = (name: keyof typeof values) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: set(name),
    'aria-invalid': Boolean(errors[name]) || undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    disabled: submitting,
  });

  const submitLabel =
    mode === 'signup' ? 'Créer mon compte' : mode === 'signin' ? 'Se connecter' : 'Envoyer le lien';

  return (
    <AuthShell>
      <Card className="shadow-md">
        <CardHeader className="space-y-1 text-center">
          {mode === 'forgot' ? (
            <MailCheck className="mx-auto mb-1 size-8 text-primary" aria-hidden="true" />
          ) : null}
          <h1 className="text-2xl font-semibold leading-tight">{titles[mode].title}</h1>
          <CardDescription>{titles[mode].description}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            onSubmit={onSubmit}
            onFocus={() => void loadSchemas()}
            className="space-y-4"
            aria-busy={submitting}
          >
            {mode === 'signup' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-2">
                  <Label htmlFor={`${id}-firstName`}>Prénom</Label>
                  <Input {...field('firstName')} autoComplete="given-name" required />
                  <FieldError id={`${id}-firstName-error`} message={errors.firstName} />
                </div>
                <div className="space-y-2">
                  <Label htmlFor={`${id}-lastName`}>Nom</Label>
                  <Input {...field('lastName')} autoComplete="family-name" required />
                  <FieldError id={`${id}-lastName-error`} message={errors.lastName} />
                </div>
              </div>
            ) : null}
            <div className="space-y-2">
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input
                {...field('email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="vous@exemple.fr"
                required
              />
              <FieldError id={`${id}-email-error`} message={errors.email} />
            </div>
            {mode !== 'forgot' ? (
              <div className="space-y-2">
                <div className="flex items-center justify-between gap-2">
                  <Label htmlFor={`${id}-password`}>Mot de passe</Label>
                  {mode === 'signin' ? (
                    <button
                      type="button"
                      onClick={() => switchMode('forgot')}
                      className="text-sm font-medium text-primary underline-offset-4 hover:underline cursor-pointer"
                    >
                      Mot de passe oublié ?
                    </button>
                  ) : null}
                </div>
                <PasswordInput
                  {...field('password')}
                  autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                  required
                />
                {mode === 'signup' && !errors.password ? (
                  <p className="text-xs text-muted-foreground">8 caractères minimum.</p>
                ) : null}
                <FieldError id={`${id}-password-error`} message={errors.password} />
              </div>
            ) : null}

            <FormAlert message={serverError} />

            <SubmitButton submitting={submitting} className="w-full" size="lg">
              {submitLabel}
            </SubmitButton>
          </form>

          <div className="mt-6 border-t pt-5 text-center text-sm text-muted-foreground">
            {mode === 'signin' ? (
              <>
                Pas encore de compte ?{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => switchMode('signup')}>
                  Créer un compte
                </Button>
              </>
            ) : mode === 'signup' ? (
              <>
                Déjà un compte ?{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => switchMode('signin')}>
                  Se connecter
                </Button>
              </>
            ) : (
              <Button variant="link" className="h-auto p-0" onClick={() => switchMode('signin')}>
                Retour à la connexion
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
