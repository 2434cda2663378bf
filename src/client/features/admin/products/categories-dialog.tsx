import { ArrowDown, ArrowUp, Check, Merge, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { Field } from '@/client/components/ui/field';
import { SubmitButton } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { toast, toastError } from '@/client/components/ui/toast';
import { errorMessage } from '@/client/lib/errors';
import { type RouterOutputs, trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { CATEGORY_MESSAGES, categoryNameSchema } from '@/domain/catalog/product';
import { CATEGORY_NAME_MAX } from '@/domain/common/limits';

type Category = RouterOutputs['adminProducts']['categories'][number];
const nameForm = z.object({ name: categoryNameSchema });

/** "Catégories": the list the product dialog chooses from; create, rename, merge and order. */
export function CategoriesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const list = trpc.adminProducts.categories.useQuery(undefined, { enabled: open });
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.adminProducts.invalidate(), utils.catalog.invalidate()]);
  const failed = toastError;
  const reorder = trpc.adminProducts.reorderCategories.useMutation({ onSuccess: refresh, onError: failed });
  const items = list.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((c) => c.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate({ ids });
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)] [overflow-wrap:anywhere]">
        <DialogHeader className="pr-8">
          <DialogTitle>Catégories</DialogTitle>
          <DialogDescription>
            Les catégories proposées dans la fiche produit, dans l'ordre de la boutique.
          </DialogDescription>
        </DialogHeader>
        <NewCategory onDone={refresh} />
        <ul className="grid gap-2" aria-label="Liste des catégories" data-testid="categories-list">
          {items.map((category, index) => (
            <li key={category.id} className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 font-medium">{category.name}</span>
                <span className="text-xs text-muted-foreground">
                  {category.productCount} produit{category.productCount > 1 ? 's' : ''}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Monter ${category.name}`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Descendre ${category.name}`}
                  disabled={index === items.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
              </div>
              <CategoryActions
                category={category}
                others={items.filter((c) => c.id !== category.id)}
                onDone={refresh}
              />
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

function NewCategory({ onDone }: { onDone: () => Promise<unknown> }) {
  const form = useForm({ initial: { name: '' }, schema: nameForm });
  const create = trpc.adminProducts.createCategory.useMutation();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={form.submitToServer(
        async ({ name }) => {
          await create.mutateAsync({ name });
          form.reset({ name: '' });
          toast({ title: 'Succès', description: 'Catégorie ajoutée.', variant: 'success' });
          await onDone();
        },
        (error) => form.showFieldErrors({ name: errorMessage(error) }),
      )}
    >
      <Field label="Nouvelle catégorie" error={form.errors.name} className="min-w-0 flex-1">
        {(c) => <Input {...c} {...form.text('name')} maxLength={CATEGORY_NAME_MAX} />}
      </Field>
      <SubmitButton submitting={form.submitting}>
        <Plus aria-hidden="true" />
        Ajouter
      </SubmitButton>
    </form>
  );
}

function CategoryActions({
  category,
  others,
  onDone,
}: {
  category: Category;
  others: Category[];
  onDone: () => Promise<unknown>;
}) {
  const form = useForm({ initial: { name: category.name }, schema: nameForm });
  const rename = trpc.adminProducts.renameCategory.useMutation();
  const merge = trpc.adminProducts.mergeCategory.useMutation();
  const remove = trpc.adminProducts.removeCategory.useMutation();
  const [into, setInto] = useState('');
  const [confirm, setConfirm] = useState<'merge' | 'remove' | null>(null);
  const target = others.find((c) => c.id === into);
  const close = () => {
    merge.reset();
    remove.reset();
    setConfirm(null);
  };
  const done = async (message: string) => {
    setConfirm(null);
    toast({ title: 'Succès', description: message, variant: 'success' });
    await onDone();
  };
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <form
        className="flex items-end gap-2"
        noValidate
        onSubmit={form.submitToServer(
          async ({ name }) => {
            await rename.mutateAsync({ id: category.id, name });
            toast({ title: 'Succès', description: 'Catégorie renommée.', variant: 'success' });
            await onDone();
          },
          (error) => form.showFieldErrors({ name: errorMessage(error) }),
        )}
      >
        <Field
          label={`Renommer ${category.name}`}
          error={form.errors.name}
          className="min-w-0 flex-1"
          labelClassName="sr-only"
        >
          {(c) => <Input {...c} {...form.text('name')} maxLength={CATEGORY_NAME_MAX} />}
        </Field>
        <Button type="submit" variant="outline" size="icon" aria-label={`Renommer ${category.name}`}>
          <Check aria-hidden="true" />
        </Button>
      </form>
      <div className="flex items-center gap-2">
        <NativeSelect
          className="min-w-0 flex-1"
          aria-label={`Fusionner ${category.name} dans`}
          value={into}
          onChange={(e) => setInto(e.target.value)}
        >
          <option value="">Fusionner dans…</option>
          {others.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Fusionner ${category.name}`}
          disabled={!target}
          onClick={() => setConfirm('merge')}
        >
          <Merge aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Supprimer ${category.name}`}
          onClick={() =>
            // A category still used is refused (the server says the same): say why at once.
            category.productCount > 0
              ? toast({
                  title: 'Suppression impossible',
                  description: CATEGORY_MESSAGES.notEmpty(category.name, category.productCount),
                  variant: 'destructive',
                })
              : setConfirm('remove')
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirm === 'merge' && target !== undefined}
        title="Fusionner les catégories ?"
        description={
          target
            ? `« ${category.name} » sera fusionnée dans « ${target.name} » : ${
                category.productCount === 0
                  ? 'aucun produit ne change de catégorie'
                  : `${category.productCount} produit${category.productCount > 1 ? 's passent' : ' passe'} dans « ${target.name} »`
              }, et « ${category.name} » disparaît de la liste.`
            : ''
        }
        confirmLabel="Fusionner"
        pendingLabel="Fusion..."
        pending={merge.isPending}
        error={merge.error ? errorMessage(merge.error) : null}
        onClose={close}
        onConfirm={() =>
          target &&
          merge.mutate(
            { id: category.id, intoId: target.id },
            { onSuccess: () => done('Catégories fusionnées.') },
          )
        }
      />
      <ConfirmDialog
        open={confirm === 'remove'}
        title="Supprimer la catégorie ?"
        description={`« ${category.name} » ne sera plus proposée dans la fiche produit. Aucun produit ne l'utilise.`}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onClose={close}
        onConfirm={() =>
          remove.mutate({ id: category.id }, { onSuccess: () => done('Catégorie supprimée.') })
        }
      />
    </div>
  );
}
