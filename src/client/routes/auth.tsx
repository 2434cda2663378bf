import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { AuthShell } from '@/client/features/account/auth-shell';
import { PasswordInput } from '@/client/features/account/password-input';
import { loadAuthApi, useAuthChanged, useSession } from '@/client/features/account/use-session';
import { useForm } from '@/client/lib/use-form';
import { usePageTitle } from '@/client/lib/utils';

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

const schemaOf = (mode: Mode) => () =>
  loadSchemas().then((m) =>
    mode === 'signup' ? m.signUpSchema : mode === 'signin' ? m.signInSchema : m.requestResetSchema,
  );

export default function AuthPage() {
  const { user, isLoading } = useSession();
  const authChanged = useAuthChanged();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('signin');
  const form = useForm<{ firstName: string; lastName: string; email: string; password: string }, unknown>({
    initial: { firstName: '', lastName: '', email: '', password: '' },
    schema: schemaOf(mode),
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [justSignedIn, setJustSignedIn] = useState(false);
  usePageTitle(titles[mode].title);

  if (isLoading) return <Spinner className="min-h-dvh" />;
  // A signed-in visitor has nothing to do here (the success path navigates by itself).
  if (user && !justSignedIn) return <Navigate to="/boutique" replace />;

  const switchMode = (next: Mode) => {
    setMode(next);
    form.clearErrors();
    setServerError(null);
  };

  const fail = (message: string) => {
    setServerError(message);
    toast({ title: 'Erreur', description: message, variant: 'destructive' });
  };

  async function send() {
    const values = form.values;
    setServerError(null);
    try {
      const { requestPasswordReset, signIn, signUp } = await loadAuthApi();
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
    }
  }

  const submitting = form.submitting;
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
            onSubmit={form.handleSubmit(send, () => setServerError(null))}
            onFocus={() => {
              form.preload();
              void loadAuthApi().catch(() => {});
            }}
            className="space-y-4"
            aria-busy={submitting}
          >
            {mode === 'signup' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Prénom" error={form.errors.firstName}>
                  {(c) => (
                    <Input
                      {...c}
                      {...form.text('firstName')}
                      autoComplete="given-name"
                      required
                      disabled={submitting}
                    />
                  )}
                </Field>
                <Field label="Nom" error={form.errors.lastName}>
                  {(c) => (
                    <Input
                      {...c}
                      {...form.text('lastName')}
                      autoComplete="family-name"
                      required
                      disabled={submitting}
                    />
                  )}
                </Field>
              </div>
            ) : null}
            <Field label="Email" error={form.errors.email}>
              {(c) => (
                <Input
                  {...c}
                  {...form.text('email')}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  placeholder="vous@exemple.fr"
                  required
                  disabled={submitting}
                />
              )}
            </Field>
            {mode !== 'forgot' ? (
              <Field
                label="Mot de passe"
                error={form.errors.password}
                description={mode === 'signup' && !form.errors.password ? '8 caractères minimum.' : undefined}
                action={
                  mode === 'signin' ? (
                    <button
                      type="button"
                      onClick={() => switchMode('forgot')}
                      className="text-sm font-medium text-primary underline-offset-4 hover:underline cursor-pointer"
                    >
                      Mot de passe oublié ?
                    </button>
                  ) : undefined
                }
              >
                {(c) => (
                  <PasswordInput
                    {...c}
                    {...form.text('password')}
                    autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                    required
                    disabled={submitting}
                  />
                )}
              </Field>
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
