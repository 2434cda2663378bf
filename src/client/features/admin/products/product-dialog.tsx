import { type FormEvent, useRef } from 'react';
import { Field } from '@/client/components/ui/field';
import { FormErrorList } from '@/client/components/ui/form-error-list';
import { Input, Textarea } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Switch } from '@/client/components/ui/switch';
import { toast } from '@/client/components/ui/toast';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { discountForbidden } from '@/domain/catalog/discount-ban';
import {
  emptyProductForm,
  type ProductFormValues,
  parseProductForm,
  productFormValues,
  productSchema,
  slugify,
} from '@/domain/catalog/product';
import { FormDialog } from '../layout/screen-parts';
import { ImageUploader } from './image-uploader';
import { NO_DISCOUNT_REASON, RegulatedFields } from './regulated-fields';
import { type AdminProduct, useProductsChanged } from './use-admin-products';

/** The create / edit dialog (back-office.md §2, §5, §8). Mounted anew for each opening. */
export function ProductDialog({
  product,
  open,
  onOpenChange,
}: {
  /** null: a new product. */
  product: AdminProduct | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const editing = product !== null;
  const form = useForm<ProductFormValues, ReturnType<typeof productSchema.parse>>({
    initial: product ? productFormValues(product) : emptyProductForm,
    schema: productSchema,
    toInput: parseProductForm,
  });
  const changed = useProductsChanged();
  const create = trpc.adminProducts.create.useMutation();
  const update = trpc.adminProducts.update.useMutation();
  const removeImage = trpc.adminProducts.removeImage.useMutation();
  // Uploaded while this dialog was open and not saved yet: removed again if it is cancelled.
  const fresh = useRef(new Set<string>());
  const saved = useRef(false);
  const saving = create.isPending || update.isPending;
  const v = form.values;
  const categories = trpc.adminProducts.categories.useQuery();
  const autoSlug = slugify(v.title);

  function close(next: boolean) {
    if (next) return onOpenChange(true);
    if (!saved.current) for (const url of fresh.current) removeImage.mutate({ url });
    onOpenChange(false);
  }

  // handleSubmit: one submit at a time, and the first field in error (the schema's or the server's)
  // takes the focus.
  const onSubmit = form.handleSubmit(save, (messages) =>
    toast({ title: 'Erreur de validation', description: messages.join(', '), variant: 'destructive' }),
  );

  async function save(input: ReturnType<typeof productSchema.parse>) {
    try {
      if (product) await update.mutateAsync({ id: product.id, ...input });
      else await create.mutateAsync(input);
      saved.current = true;
      toast({
        title: 'Succès',
        description: editing ? 'Produit mis à jour avec succès.' : 'Produit créé avec succès.',
        variant: 'success',
      });
      await changed();
      close(false);
    } catch (error) {
      // The schema's refusals and those naming a field (SLUG_TAKEN, PROMO_ABOVE_REFERENCE) land
      // under their field and are said in the toast too.
      const onField = form.showServerErrors(error);
      toast({
        title: onField ? 'Erreur de validation' : 'Erreur',
        description: onField
          ? (error as Error).message
          : editing
            ? 'Impossible de mettre à jour le produit.'
            : 'Impossible de créer le produit.',
        variant: 'destructive',
      });
    }
  }

  const e = form.errors;
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={editing ? 'Modifier le produit' : 'Créer un nouveau produit'}
      description={'Remplissez les informations du produit ci-dessous.'}
      onSubmit={(event) => void onSubmit(event as FormEvent<HTMLFormElement>)}
      editing={editing}
      saving={saving}
      onCancel={() => close(false)}
    >
      <FormErrorList title="Erreurs de validation :" messages={form.messages} />
      <Field label="Titre *" error={e.title}>
        {(c) => <Input {...c} {...form.text('title')} required />}
      </Field>
      <Field
        label="Slug"
        error={e.slug}
        description={v.title.trim() && !v.slug.trim() ? `Slug auto-généré: ${autoSlug}` : undefined}
      >
        {(c) => <Input {...c} {...form.text('slug')} placeholder={autoSlug || 'Auto-généré si vide'} />}
      </Field>
      <Field label="Description courte" error={e.miniDescription}>
        {(c) => <Textarea {...c} {...form.text('miniDescription')} rows={2} className="min-h-0" />}
      </Field>
      <Field label="Description complète" error={e.description}>
        {(c) => <Textarea {...c} {...form.text('description')} rows={4} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Prix (€) *" error={e.price}>
          {(c) => (
            <Input
              {...c}
              {...form.text('price')}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
            />
          )}
        </Field>
        <Field label="Prix promo (€)" error={e.promoPrice}>
          {(c) => (
            <Input {...c} {...form.text('promoPrice')} type="text" inputMode="decimal" autoComplete="off" />
          )}
        </Field>
      </div>
      <Field label="Stock" error={e.stockQuantity}>
        {(c) => (
          <Input
            {...c}
            {...form.text('stockQuantity')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            disabled={v.infiniteStock}
          />
        )}
      </Field>
      <div className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
        <Field label="Stock illimité" inline error={e.infiniteStock}>
          {(c) => (
            <Switch
              {...c}
              checked={v.infiniteStock}
              onCheckedChange={(on) => form.set('infiniteStock', on)}
            />
          )}
        </Field>
        <Field
          label="En promotion"
          inline
          error={e.isOnPromotion}
          description={discountForbidden(v.biocideType) ? NO_DISCOUNT_REASON : undefined}
        >
          {(c) => (
            <Switch
              {...c}
              checked={v.isOnPromotion}
              disabled={discountForbidden(v.biocideType) && !v.isOnPromotion}
              onCheckedChange={(on) => form.set('isOnPromotion', on)}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Catégorie" error={e.category}>
          {(c) => (
            <NativeSelect {...c} {...form.text('category')}>
              <option value="">Aucune</option>
              {/* A product saved before the list existed keeps its category until it is changed. */}
              {v.category && !categories.data?.some((cat) => cat.name === v.category) ? (
                <option value={v.category}>{v.category}</option>
              ) : null}
              {categories.data?.map((cat) => (
                <option key={cat.id} value={cat.name}>
                  {cat.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Sous-catégorie" error={e.subcategory}>
          {(c) => <Input {...c} {...form.text('subcategory')} />}
        </Field>
        <Field label="Marque" error={e.brand}>
          {(c) => <Input {...c} {...form.text('brand')} />}
        </Field>
      </div>
      <Field label="Tags" error={e.tags} description="Séparés par des virgules">
        {(c) => <Input {...c} {...form.text('tags')} placeholder="tag1, tag2, tag3" />}
      </Field>
      <Field label="Délai de livraison" error={e.deliveryTime}>
        {(c) => <Input {...c} {...form.text('deliveryTime')} placeholder="Ex: 2-3 jours" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Taille" error={e.size}>
          {(c) => <Input {...c} {...form.text('size')} />}
        </Field>
        <Field label="Couleur" error={e.color}>
          {(c) => <Input {...c} {...form.text('color')} />}
        </Field>
        <Field label="Poids (kg)" error={e.weight}>
          {(c) => (
            <Input {...c} {...form.text('weight')} type="text" inputMode="decimal" autoComplete="off" />
          )}
        </Field>
      </div>
      <Field label="Images du produit (max 5)" error={e.images}>
        {(c) => (
          <ImageUploader
            describedBy={c['aria-describedby']}
            images={v.images}
            onChange={(images) => form.set('images', images)}
            onUploaded={(urls) => {
              for (const url of urls) fresh.current.add(url);
            }}
            onRemove={(url) => {
              // An image of the saved product stays until the product is saved without it.
              if (fresh.current.delete(url)) removeImage.mutate({ url });
            }}
          />
        )}
      </Field>
      <RegulatedFields form={form} />
      <div className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
        <Field label="Disponible à la vente" inline error={e.isAvailable}>
          {(c) => (
            <Switch {...c} checked={v.isAvailable} onCheckedChange={(on) => form.set('isAvailable', on)} />
          )}
        </Field>
        <Field label="Visible dans la boutique" inline error={e.isVisibleInShop}>
          {(c) => (
            <Switch
              {...c}
              checked={v.isVisibleInShop}
              onCheckedChange={(on) => form.set('isVisibleInShop', on)}
            />
          )}
        </Field>
      </div>
    </FormDialog>
  );
}
