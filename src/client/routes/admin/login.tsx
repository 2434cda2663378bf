import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Field, FormAlert } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/components/ui/toast';
import { signIn } from '@/client/features/account/auth-api';
import { AuthShell } from '@/client/features/account/auth-shell';
import { PasswordInput } from '@/client/features/account/password-input';
import { useSession } from '@/client/features/account/use-session';
import { adminHomeFor } from '@/client/features/admin/layout/admin-pages';
import { useAdminTitle } from '@/client/features/admin/layout/use-admin-title';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { signInSchema } from '@/domain/account/profile';
import { isBackOffice } from '@/domain/account/roles';

/** Admin sign-in (back-office.md §2, §8). */
export default function AdminLogin() {
  useAdminTitle('Connexion');
  const { user, isLoading } = useSession();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const form = useForm({ initial: { email: '', password: '' }, schema: signInSchema });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (isLoading) return <Spinner className="min-h-svh" />;
  // Staff already signed in skip the form (an auditor lands on the screens open to auditors).
  if (isBackOffice(user?.role) && !submitting) return <Navigate to={adminHomeFor(user.role)} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = await form.validate();
    if (!parsed.ok || submitting) return;
    const input = parsed.data;
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await signIn(input);
      if (!result.ok) {
        if (result.status === 0) {
          toast({
            title: 'Erreur',
            description: 'Une erreur est survenue lors de la connexion.',
            variant: 'destructive',
          });
          setFailure('Une erreur est survenue lors de la connexion.');
        } else {
          const message = result.message || 'Email ou mot de passe incorrect.';
          toast({ title: 'Erreur de connexion', description: message, variant: 'destructive' });
          setFailure(message);
        }
        return;
      }
      await utils.invalidate();
      const me = await utils.session.me.fetch();
      if (isBackOffice(me?.role)) {
        navigate(adminHomeFor(me.role), { replace: true });
      } else {
        toast({
          title: 'Accès refusé',
          description: "Vous n'avez pas les droits d'administration.",
          variant: 'destructive',
        });
        navigate('/boutique', { replace: true });
      }
    } catch {
      toast({
        title: 'Erreur',
        description: 'Une erreur est survenue lors de la connexion.',
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  }

  const empty = !form.values.email.trim() || !form.values.password;
  return (
    // The account pages' frame: the site's name and the way back to the shop.
    <AuthShell>
      <Card>
        <CardHeader className="items-center text-center">
          <ShieldCheck className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-semibold leading-tight">Administration</h1>
          <CardDescription>Connectez-vous avec votre compte administrateur.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <FormAlert message={failure} />
            <Field label="Email" error={form.errors.email}>
              {(control) => (
                <Input {...control} {...form.text('email')} type="email" autoComplete="email" required />
              )}
            </Field>
            <Field label="Mot de passe" error={form.errors.password}>
              {(control) => (
                <PasswordInput
                  {...control}
                  {...form.text('password')}
                  autoComplete="current-password"
                  required
                />
              )}
            </Field>
            <SubmitButton submitting={submitting} disabled={empty} className="w-full">
              Se connecter
            </SubmitButton>
          </form>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
