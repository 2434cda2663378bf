import { Minus, Plus, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
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
import { Input, PhoneInput, Textarea } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { SearchInput } from '@/client/components/ui/search-input';
import { toast, toastError } from '@/client/components/ui/toast';
import { randomId } from '@/client/features/shop/random-id';
import { trpc } from '@/client/lib/trpc';
import { useForm } from '@/client/lib/use-form';
import { effectivePriceCents, formatEuros } from '@/domain/catalog/pricing';
import { adminOrderInputSchema } from '@/domain/checkout/schema';
import { MAX_LINE_QUANTITY, SEARCH_MAX } from '@/domain/common/limits';
import { businessFormSchema, EMPTY_BUSINESS_FORM } from '@/domain/invoices/business';
import { useSettled } from '../layout/paged-list';

interface Line {
  productId: string;
  title: string;
  /** For the screen only: the server prices the order. */
  unitPriceCents: number;
  quantity: number;
}

const emptyOrder = {
  customerId: null as string | null,
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  zipCode: '',
  deliveryMethod: 'pickup' as 'pickup' | 'delivery',
  notes: '',
  ...EMPTY_BUSINESS_FORM,
};

/** The admin order's schema with the « Professionnel » fields checked on their own fields. */
const orderFormSchema = adminOrderInputSchema.and(businessFormSchema);

/**
 * "Nouvelle commande": an order taken by phone or at the counter. Pick an account (its profile fills
 * the details) or type them for someone without one, add lines, choose delivery or pickup; the
 * server prices it, takes the stock and sends the same mails as a shop order.
 */
export function NewOrderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open ? <NewOrderForm onClose={onClose} /> : null}
    </Dialog>
  );
}

function NewOrderForm({ onClose }: { onClose: () => void }) {
  const [lines, setLines] = useState<Line[]>([]);
  const [idempotencyKey] = useState(randomId);
  const form = useForm({
    initial: emptyOrder,
    schema: orderFormSchema,
    toInput: (v) => ({
      ...v,
      // A business buyer: its name and SIREN go on the invoice, with the B2B mentions.
      business: v.isBusiness ? { companyName: v.companyName, siren: v.siren, vatNumber: v.vatNumber } : null,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      idempotencyKey,
    }),
  });
  const create = trpc.orders.create.useMutation();
  const utils = trpc.useUtils();
  const v = form.values;
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);

  const addProduct = (p: Line) =>
    setLines((all) =>
      all.some((l) => l.productId === p.productId)
        ? all.map((l) =>
            l.productId === p.productId ? { ...l, quantity: Math.min(l.quantity + 1, MAX_LINE_QUANTITY) } : l,
          )
        : [...all, p],
    );
  const setQuantity = (productId: string, quantity: number) =>
    setLines((all) =>
      all.map((l) =>
        l.productId === productId
          ? { ...l, quantity: Math.min(Math.max(1, quantity), MAX_LINE_QUANTITY) }
          : l,
      ),
    );

  return (
    <DialogContent className="max-w-3xl grid-cols-[minmax(0,1fr)] gap-5 p-4 [overflow-wrap:anywhere] sm:p-6">
      <DialogHeader className="pr-8">
        <DialogTitle>Nouvelle commande</DialogTitle>
        <DialogDescription>
          Commande prise par téléphone ou en boutique : mêmes prix, même stock et mêmes emails qu'une commande
          du site.
        </DialogDescription>
      </DialogHeader>
      <form
        className="grid gap-5"
        noValidate
        onSubmit={form.submitToServer(async (input) => {
          const order = await create.mutateAsync(input);
          toast({
            title: 'Succès',
            description: `Commande ${order.orderNumber} créée (${formatEuros(order.totalAmountCents)}).`,
            variant: 'success',
          });
          await utils.orders.invalidate();
          onClose();
        }, toastError)}
      >
        <section className="grid gap-3">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Client</h3>
          <CustomerPicker
            picked={v.customerId}
            onPick={(c) =>
              form.update(() =>
                c
                  ? {
                      customerId: c.id,
                      firstName: c.firstName ?? '',
                      lastName: c.lastName ?? '',
                      email: c.email,
                      phone: c.phone ?? '',
                      address: c.address ?? '',
                      city: c.city ?? '',
                      zipCode: c.postalCode ?? '',
                    }
                  : { customerId: null },
              )
            }
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Prénom *" error={form.errors.firstName}>
              {(c) => <Input {...c} {...form.text('firstName')} autoComplete="off" />}
            </Field>
            <Field label="Nom *" error={form.errors.lastName}>
              {(c) => <Input {...c} {...form.text('lastName')} autoComplete="off" />}
            </Field>
            <Field label="Email *" error={form.errors.email} description="La confirmation y est envoyée.">
              {(c) => <Input {...c} {...form.text('email')} type="email" autoComplete="off" />}
            </Field>
            <Field label="Téléphone *" error={form.errors.phone}>
              {(c) => <PhoneInput {...c} {...form.text('phone')} autoComplete="off" />}
            </Field>
          </div>
          <Field
            label="Client professionnel"
            inline
            description="La facture portera le nom, le SIREN de l'entreprise et les mentions dues entre professionnels."
          >
            {(c) => (
              <input
                {...c}
                type="checkbox"
                className="size-5 shrink-0 cursor-pointer accent-primary"
                checked={v.isBusiness}
                onChange={(event) => form.set('isBusiness', event.target.checked)}
              />
            )}
          </Field>
          {v.isBusiness ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Raison sociale *" error={form.errors.companyName} className="sm:col-span-2">
                {(c) => <Input {...c} {...form.text('companyName')} autoComplete="off" />}
              </Field>
              <Field label="SIREN *" error={form.errors.siren}>
                {(c) => <Input {...c} {...form.text('siren')} inputMode="numeric" autoComplete="off" />}
              </Field>
              <Field label="N° de TVA intracommunautaire (facultatif)" error={form.errors.vatNumber}>
                {(c) => <Input {...c} {...form.text('vatNumber')} autoComplete="off" />}
              </Field>
            </div>
          ) : null}
        </section>
        <section className="grid gap-3">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Articles</h3>
          <ProductPicker onAdd={addProduct} />
          {lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun article pour l'instant.</p>
          ) : (
            <ul className="grid gap-2" data-testid="new-order-lines">
              {lines.map((l) => (
                <li
                  key={l.productId}
                  className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm"
                >
                  <span className="min-w-0 flex-1 font-medium">{l.title}</span>
                  <span className="flex items-center rounded-md border">
                    <button
                      type="button"
                      className="grid size-8 place-items-center"
                      aria-label={`Diminuer la quantité de ${l.title}`}
                      onClick={() => setQuantity(l.productId, l.quantity - 1)}
                    >
                      <Minus className="size-4" aria-hidden="true" />
                    </button>
                    <span className="w-8 text-center tabular-nums">{l.quantity}</span>
                    <button
                      type="button"
                      className="grid size-8 place-items-center"
                      aria-label={`Augmenter la quantité de ${l.title}`}
                      onClick={() => setQuantity(l.productId, l.quantity + 1)}
                    >
                      <Plus className="size-4" aria-hidden="true" />
                    </button>
                  </span>
                  <span className="w-20 whitespace-nowrap text-right tabular-nums">
                    {formatEuros(l.unitPriceCents * l.quantity)}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Retirer ${l.title}`}
                    onClick={() => setLines((all) => all.filter((x) => x.productId !== l.productId))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
              <li className="flex justify-between px-2 text-sm text-muted-foreground">
                <span>Sous-total indicatif (le serveur calcule le total et la livraison)</span>
                <span className="whitespace-nowrap tabular-nums">{formatEuros(subtotal)}</span>
              </li>
            </ul>
          )}
        </section>
        <section className="grid gap-3">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Livraison</h3>
          <Field label="Mode de livraison" error={form.errors.deliveryMethod}>
            {(c) => (
              <NativeSelect
                {...c}
                className="sm:max-w-xs"
                value={v.deliveryMethod}
                onChange={(e) =>
                  form.set('deliveryMethod', e.target.value === 'delivery' ? 'delivery' : 'pickup')
                }
              >
                <option value="pickup">Retrait en boutique</option>
                <option value="delivery">Livraison à domicile</option>
              </NativeSelect>
            )}
          </Field>
          {v.deliveryMethod === 'delivery' ? (
            <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
              <Field label="Adresse *" error={form.errors.address}>
                {(c) => <Input {...c} {...form.text('address')} autoComplete="off" />}
              </Field>
              <Field label="Code postal *" error={form.errors.zipCode}>
                {(c) => <Input {...c} {...form.text('zipCode')} inputMode="numeric" autoComplete="off" />}
              </Field>
              <Field label="Ville *" error={form.errors.city}>
                {(c) => <Input {...c} {...form.text('city')} autoComplete="off" />}
              </Field>
            </div>
          ) : null}
          <Field label="Notes (facultatif)" error={form.errors.notes}>
            {(c) => <Textarea {...c} {...form.text('notes')} rows={2} />}
          </Field>
        </section>
        <FormAlert
          message={
            lines.length === 0 && form.messages.includes('Panier vide')
              ? 'Ajoutez au moins un article.'
              : null
          }
        />
        <DialogFooter className="flex-row justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} disabled={form.submitting}>
            Annuler
          </Button>
          <SubmitButton submitting={form.submitting} busyLabel="Création...">
            Créer la commande
          </SubmitButton>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

type PickedCustomer = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
};

/** Search the accounts (on the server); picking one fills the details, which stay editable. */
function CustomerPicker({
  picked,
  onPick,
}: {
  picked: string | null;
  onPick: (c: PickedCustomer | null) => void;
}) {
  const [search, setSearch] = useState('');
  const sent = useSettled(search.trim(), 300);
  const found = trpc.adminCustomers.list.useQuery({ search: sent, limit: 5 }, { enabled: sent.length > 1 });
  if (picked) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <UserRound className="size-4" aria-hidden="true" />
        Compte client choisi : la commande apparaîtra dans son espace.
        <Button type="button" variant="link" size="sm" onClick={() => onPick(null)}>
          Client sans compte
        </Button>
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <SearchInput
        value={search}
        maxLength={SEARCH_MAX}
        onValueChange={setSearch}
        placeholder="Chercher un client par nom, email ou téléphone (ou saisir ci-dessous)"
        aria-label="Chercher un client"
      />
      {sent.length > 1 && found.data ? (
        found.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun compte trouvé : saisissez les coordonnées.</p>
        ) : (
          <ul className="grid gap-1" aria-label="Comptes trouvés">
            {found.data.items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="w-full rounded-md border px-3 py-2 text-left text-sm hover:bg-muted"
                  onClick={() => {
                    onPick(c);
                    setSearch('');
                  }}
                >
                  <span className="font-medium">
                    {[c.firstName, c.lastName].filter(Boolean).join(' ') || 'Client sans nom'}
                  </span>{' '}
                  <span className="text-muted-foreground">{c.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

/** Search the catalogue on the server and add a product; the price shown is indicative. */
function ProductPicker({ onAdd }: { onAdd: (line: Line) => void }) {
  const [search, setSearch] = useState('');
  const sent = useSettled(search.trim(), 300);
  const found = trpc.adminProducts.list.useQuery({ search: sent, limit: 6 }, { enabled: sent.length > 1 });
  return (
    <div className="grid gap-2">
      <SearchInput
        value={search}
        maxLength={SEARCH_MAX}
        onValueChange={setSearch}
        placeholder="Chercher un produit à ajouter..."
        aria-label="Chercher un produit"
      />
      {sent.length > 1 && found.data ? (
        found.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun produit trouvé</p>
        ) : (
          <ul className="grid gap-1" aria-label="Produits trouvés">
            {found.data.items.map((p) => {
              const stock = p.infiniteStock ? 'Stock illimité' : `${p.stockQuantity ?? 0} en stock`;
              const sellable = p.isAvailable && (p.infiniteStock || (p.stockQuantity ?? 0) > 0);
              return (
                <li key={p.id}>
                  <button
                    type="button"
                    disabled={!sellable}
                    className="flex w-full flex-wrap justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-muted disabled:opacity-50"
                    onClick={() => {
                      onAdd({
                        productId: p.id,
                        title: p.title,
                        unitPriceCents: effectivePriceCents(p),
                        quantity: 1,
                      });
                      setSearch('');
                    }}
                  >
                    <span className="font-medium">Ajouter : {p.title}</span>
                    <span className="text-muted-foreground tabular-nums">
                      {formatEuros(effectivePriceCents(p))} · {sellable ? stock : 'Indisponible'}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </div>
  );
}
