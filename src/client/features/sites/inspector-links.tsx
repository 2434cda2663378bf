import { Check, Copy, Link2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
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
import { Input, Textarea } from '@/client/components/ui/input';
import { toast } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { frenchDateTime, frenchLongDate } from '@/domain/site/dates';
import { PROTOCOL_MAX } from '@/domain/sites/inspector-link';

type Link = RouterOutputs['inspector']['links'][number];

const loadLinkSchema = () => import('@/domain/sites/inspector-link').then((m) => m.inspectorLinkInputSchema);
const loadProtocolSchema = () =>
  import('@/domain/sites/inspector-link').then((m) => m.siteProtocolInputSchema);

/**
 * The site page's « Dossier inspecteur » (issue 38 point 4, ADR 045): the protocol the folder
 * states, and the site's read-only links for a health inspector (DDPP): made, shown once, revoked.
 */
export function InspectorLinks({ siteId }: { siteId: string }) {
  const links = trpc.inspector.links.useQuery({ siteId });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<Link | null>(null);
  const utils = trpc.useUtils();
  const revoke = trpc.inspector.revokeLink.useMutation({
    onSuccess: async () => {
      setRevoking(null);
      toast({
        title: 'Lien révoqué',
        description: 'Le dossier n’est plus accessible par ce lien.',
        variant: 'success',
      });
      await utils.inspector.links.invalidate({ siteId });
    },
  });
  return (
    <Card data-testid="inspector-links">
      <CardHeader>
        <CardTitle>Dossier inspecteur</CardTitle>
        <CardDescription>
          Un lien en lecture seule pour un contrôle sanitaire (DDPP) : protocole, plan, fiches de données de
          sécurité, certificats et rapports du site. Révocable à tout moment.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ProtocolForm siteId={siteId} />
        <div>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold">Liens</h3>
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Créer un lien
            </Button>
          </div>
          {links.data && links.data.length === 0 && (
            <p className="text-sm text-muted-foreground">Aucun lien pour ce site.</p>
          )}
          <ul className="grid gap-2">
            {links.data?.map((l) => (
              <li
                key={l.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border p-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {l.label}{' '}
                    {l.revokedAt ? (
                      <Badge variant="secondary" className="ml-1 align-middle">
                        Révoqué
                      </Badge>
                    ) : (
                      <Badge className="ml-1 align-middle">Actif</Badge>
                    )}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Créé le {frenchLongDate(l.createdAt)} par {l.createdByEmail}
                    {l.revokedAt &&
                      ` · révoqué le ${frenchLongDate(l.revokedAt)} par ${l.revokedByEmail ?? '—'}`}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {l.lastOpenedAt
                      ? `Dernière consultation : ${frenchDateTime(l.lastOpenedAt)} (${l.openCount} ouverture${l.openCount > 1 ? 's' : ''})`
                      : 'Jamais consulté'}
                  </p>
                </div>
                {!l.revokedAt && (
                  <Button variant="outline" size="sm" onClick={() => setRevoking(l)}>
                    Révoquer
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
      {creating && <CreateLinkDialog siteId={siteId} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        title="Révoquer ce lien ?"
        description={`Le lien « ${revoking?.label ?? ''} » cessera de fonctionner immédiatement. Cette action est définitive.`}
        confirmLabel="Révoquer"
        pendingLabel="Révocation..."
        pending={revoke.isPending}
        error={revoke.error ? errorMessage(revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate({ linkId: revoking.id })}
        onClose={() => {
          revoke.reset();
          setRevoking(null);
        }}
      />
    </Card>
  );
}

function ProtocolForm({ siteId }: { siteId: string }) {
  const stored = trpc.inspector.protocol.useQuery({ siteId });
  if (!stored.data) return null;
  return <ProtocolEditor siteId={siteId} initial={stored.data.protocol} />;
}

function ProtocolEditor({ siteId, initial }: { siteId: string; initial: string }) {
  const form = useForm({ initial: { siteId, protocol: initial }, schema: loadProtocolSchema });
  const utils = trpc.useUtils();
  const save = trpc.inspector.saveProtocol.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Protocole du site"
      className="space-y-2"
      onFocus={form.preload}
      onSubmit={form.submitToServer(
        async (data) => {
          setFailure(null);
          await save.mutateAsync(data);
          await utils.inspector.protocol.invalidate({ siteId });
          toast({ title: 'Protocole enregistré', variant: 'success' });
        },
        (error) => setFailure(errorMessage(error)),
      )}
    >
      <Field
        label="Protocole de lutte"
        error={form.errors.protocol}
        description="Ce que le dossier indique : nuisibles ciblés, méthodes, fréquence des visites, consignes."
      >
        {(c) => <Textarea {...c} {...form.text('protocol')} rows={4} maxLength={PROTOCOL_MAX} />}
      </Field>
      <FormAlert message={failure} />
      <div className="flex justify-end">
        <SubmitButton size="sm" variant="outline" submitting={form.submitting} busyLabel="Sauvegarde...">
          Enregistrer le protocole
        </SubmitButton>
      </div>
    </form>
  );
}

/** « Créer un lien »: a label, then the link, shown this once, with « Copier ». */
function CreateLinkDialog({ siteId, onClose }: { siteId: string; onClose: () => void }) {
  const form = useForm({ initial: { siteId, label: '' }, schema: loadLinkSchema });
  const create = trpc.inspector.createLink.useMutation();
  const utils = trpc.useUtils();
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && !form.submitting && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{made ? 'Lien créé' : 'Créer un lien pour l’inspecteur'}</DialogTitle>
          <DialogDescription>
            {made
              ? 'Copiez ce lien maintenant : il ne sera plus affiché. Vous pourrez le révoquer à tout moment.'
              : 'Le lien ouvre le dossier du site en lecture seule, sans compte.'}
          </DialogDescription>
        </DialogHeader>
        {made ? (
          <div className="space-y-3">
            <div className="flex gap-2">
              <Input
                readOnly
                value={made}
                aria-label="Lien du dossier"
                className="font-mono text-xs"
                onFocus={(e) => e.target.select()}
              />
              <Button
                type="button"
                variant="outline"
                onClick={async () => {
                  await navigator.clipboard.writeText(made);
                  setCopied(true);
                }}
              >
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? 'Copié' : 'Copier'}
              </Button>
            </div>
            <DialogFooter>
              <Button onClick={onClose}>Terminé</Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            noValidate
            className="space-y-4"
            onFocus={form.preload}
            onSubmit={form.submitToServer(
              async (data) => {
                setFailure(null);
                const link = await create.mutateAsync(data);
                await utils.inspector.links.invalidate({ siteId });
                setMade(link.url);
              },
              (error) => setFailure(errorMessage(error)),
            )}
          >
            <Field
              label="Libellé"
              error={form.errors.label}
              description="Pour qui et pourquoi, par exemple « Contrôle DDPP de mars »."
            >
              {(c) => <Input {...c} {...form.text('label')} autoComplete="off" />}
            </Field>
            <FormAlert message={failure} />
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={onClose}>
                Annuler
              </Button>
              <SubmitButton submitting={form.submitting}>
                <Link2 aria-hidden="true" />
                Créer le lien
              </SubmitButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
