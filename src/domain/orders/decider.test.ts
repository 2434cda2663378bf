import { describe, expect, it } from 'vitest';
import { given, TEST_ORDER_ID } from '../../../tests/support/decider.js';
import { PROFESSIONAL_ONLY_MESSAGES } from '../catalog/certibiocide.js';
import type { DomainError } from '../errors.js';
import {
  decide,
  fold,
  type OrderCommand,
  type OrderState,
  type ProductSnapshot,
  stockMovements,
} from './decider.js';
import type { OrderEvent, OrderPlacedData } from './events.js';
import { ADMIN_ORDER_STATUS_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './status.js';

const ORDER = TEST_ORDER_ID;
const TRAP = 'b0000000-0000-4000-8000-000000000001';
const BAIT = 'b0000000-0000-4000-8000-000000000002';

const product = (fields: Partial<ProductSnapshot> & { id: string }): ProductSnapshot => ({
  title: 'Piège',
  image: null,
  priceCents: 1000,
  promoPriceCents: null,
  isOnPromotion: false,
  isAvailable: true,
  isVisibleInShop: true,
  infiniteStock: false,
  stockQuantity: 10,
  ...fields,
});

const customer = {
  firstName: 'Marie',
  lastName: 'Lefèvre',
  email: 'marie@example.fr',
  phone: '0611223344',
  address: '1 rue Verte',
  city: 'Évreux',
  zipCode: '27000',
};

const placed: OrderPlacedData = {
  orderNumber: 'CMD-2026-000001',
  customerId: null,
  // The phone is recorded normalised (E.164), as the checkout schema returns it.
  customer: { ...customer, phone: '+33611223344' },
  deliveryMethod: 'delivery',
  lines: [
    {
      itemId: 'c0000000-0000-4000-8000-000000000001',
      productId: TRAP,
      title: 'Piège',
      image: null,
      quantity: 2,
      unitPriceCents: 1000,
      totalPriceCents: 2000,
      stockTracked: true,
    },
  ],
  subtotalCents: 2000,
  shippingCostCents: 0,
  taxCents: 0,
  totalAmountCents: 2000,
  notes: null,
  status: 'pending',
  paymentStatus: 'pending',
  // The rate the order was priced with, recorded for its invoice.
  taxRate: 0,
};

const place = (fields: Partial<Extract<OrderCommand, { type: 'PlaceOrder' }>> = {}): OrderCommand => ({
  type: 'PlaceOrder',
  orderNumber: 'CMD-2026-000001',
  customerId: null,
  customer,
  deliveryMethod: 'delivery',
  lines: [{ productId: TRAP, quantity: 2 }],
  products: [product({ id: TRAP })],
  itemIds: ['c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002'],
  // Free delivery and no VAT: the amounts below are the lines' sums (the rules have their own tests).
  delivery: { shippingEnabled: true, defaultShippingCostCents: 0, freeShippingThresholdCents: 0, taxRate: 0 },
  // Priced as a back-office order (no shown total); the shown-total check has its own tests.
  shownTotal: null,
  ...fields,
});

const setStatus = (status: string, products: ProductSnapshot[] = [], reason?: string): OrderCommand => ({
  type: 'SetStatus',
  status,
  products,
  ...(reason === undefined ? {} : { reason }),
});

describe('PlaceOrder', () => {
  it('given nothing, when placing, then OrderPlaced with server prices and totals', () => {
    given()
      .when(place())
      .thenEvents([{ type: 'OrderPlaced', data: placed }]);
  });

  it('charges the promo price when it applies', () => {
    const events = decide(
      place({
        lines: [
          { productId: BAIT, quantity: 3 },
          { productId: TRAP, quantity: 1 },
        ],
        products: [
          product({ id: TRAP }),
          product({
            id: BAIT,
            title: 'Appât',
            priceCents: 900,
            promoPriceCents: 700,
            isOnPromotion: true,
            infiniteStock: true,
          }),
        ],
      }),
      null,
    );
    const data = (events[0] as Extract<OrderEvent, { type: 'OrderPlaced' }>).data;
    expect(
      data.lines.map((l) => [l.productId, l.quantity, l.unitPriceCents, l.totalPriceCents, l.stockTracked]),
    ).toEqual([
      [BAIT, 3, 700, 2100, false],
      [TRAP, 1, 1000, 1000, true],
    ]);
    expect([data.subtotalCents, data.shippingCostCents, data.taxCents, data.totalAmountCents]).toEqual([
      3100, 0, 0, 3100,
    ]);
  });

  it('refuses lines that name one product twice (never merges them), as the checkout schema does', () => {
    const twice = place({
      lines: [
        { productId: BAIT, quantity: 1 },
        { productId: TRAP, quantity: 1 },
        { productId: BAIT, quantity: 2 },
      ],
      products: [product({ id: TRAP }), product({ id: BAIT, infiniteStock: true })],
    });
    expect(() => decide(twice, null)).toThrowError(
      expect.objectContaining({
        code: 'DUPLICATE_LINE',
        message: 'Un produit apparaît deux fois dans la commande',
      }),
    );
  });

  it('sells the last unit of a product (stock 1, quantity 1) and takes it from the stock', () => {
    const last = product({ id: TRAP, stockQuantity: 1 });
    const events = decide(place({ lines: [{ productId: TRAP, quantity: 1 }], products: [last] }), null);
    expect(events).toHaveLength(1);
    expect(stockMovements(null, events[0]!, [last])).toEqual([{ productId: TRAP, delta: -1 }]);
  });

  it('refuses one unit more than the stock, and any unit of an empty stock, naming the product', () => {
    const short = (stockQuantity: number, quantity: number) => () =>
      decide(
        place({
          lines: [{ productId: TRAP, quantity }],
          products: [product({ id: TRAP, title: 'Piège', stockQuantity })],
        }),
        null,
      );
    expect(short(1, 2)).toThrowError(
      expect.objectContaining({ code: 'STOCK_SHORT', message: 'Stock insuffisant pour « Piège »' }),
    );
    expect(short(0, 1)).toThrowError(expect.objectContaining({ code: 'STOCK_SHORT' }));
    expect(short(-3, 1)).toThrowError(
      expect.objectContaining({ code: 'STOCK_SHORT', details: expect.objectContaining({ available: 0 }) }),
    );
  });

  it('takes 99 of one product and refuses 100, with the French message', () => {
    const of = (quantity: number) =>
      place({
        lines: [{ productId: BAIT, quantity }],
        products: [product({ id: BAIT, infiniteStock: true })],
      });
    expect(decide(of(99), null)).toHaveLength(1);
    expect(() => decide(of(100), null)).toThrowError(
      expect.objectContaining({
        code: 'QUANTITY_CAP',
        message: expect.stringContaining('La quantité est limitée à 99'),
      }),
    );
  });

  it('prices delivery and VAT with the Commerce settings it is given', () => {
    const rules = {
      shippingEnabled: true,
      defaultShippingCostCents: 599,
      freeShippingThresholdCents: 5000,
      taxRate: 20,
    };
    const amounts = (deliveryMethod: 'delivery' | 'pickup', quantity: number) => {
      const [event] = decide(
        place({ delivery: rules, deliveryMethod, lines: [{ productId: TRAP, quantity }] }),
        null,
      );
      const d = (event as Extract<OrderEvent, { type: 'OrderPlaced' }>).data;
      return [d.subtotalCents, d.shippingCostCents, d.taxCents, d.totalAmountCents];
    };
    // 2 × 10 € below the 50 € threshold: 5,99 € delivery; VAT included = total × 20 / 120.
    expect(amounts('delivery', 2)).toEqual([2000, 599, 433, 2599]);
    expect(amounts('pickup', 2)).toEqual([2000, 0, 333, 2000]);
    // From the threshold on, delivery is free.
    expect(amounts('delivery', 5)).toEqual([5000, 0, 833, 5000]);
  });

  it('then error: delivery when the delivery switch is off', () => {
    const off = {
      shippingEnabled: false,
      defaultShippingCostCents: 599,
      freeShippingThresholdCents: 5000,
      taxRate: 20,
    };
    given()
      .when(place({ delivery: off }))
      .thenError('DELIVERY_DISABLED');
    expect(decide(place({ delivery: off, deliveryMethod: 'pickup' }), null)).toHaveLength(1);
  });

  it('then error: short stock names the product', () => {
    given()
      .when(place({ products: [product({ id: TRAP, title: 'Nasse', stockQuantity: 1 })] }))
      .thenError('STOCK_SHORT', 'Stock insuffisant pour « Nasse »');
  });

  it('then error: hidden, unavailable or unknown products', () => {
    given()
      .when(place({ products: [product({ id: TRAP, title: 'Nasse', isVisibleInShop: false })] }))
      .thenError('PRODUCT_UNAVAILABLE', "Le produit « Nasse » n'est plus disponible.");
    given()
      .when(place({ products: [product({ id: TRAP, title: 'Nasse', isAvailable: false })] }))
      .thenError('PRODUCT_UNAVAILABLE');
    given()
      .when(place({ products: [] }))
      .thenError('PRODUCT_UNAVAILABLE');
  });

  it('then error: missing fields (address only required for delivery), bad email, bad quantity, empty cart', () => {
    const noAddress = { ...customer, address: '', city: '', zipCode: '' };
    given()
      .when(place({ customer: noAddress }))
      .thenError('MISSING_FIELDS', 'Veuillez remplir tous les champs obligatoires');
    expect(decide(place({ customer: noAddress, deliveryMethod: 'pickup' }), null)).toHaveLength(1);
    given()
      .when(place({ customer: { ...customer, email: 'marie' } }))
      .thenError('INVALID_ORDER', 'Données de commande invalides: adresse email invalide');
    given()
      .when(place({ lines: [{ productId: TRAP, quantity: 1.5 }] }))
      .thenError('INVALID_ORDER');
    given()
      .when(place({ lines: [{ productId: TRAP, quantity: 0 }] }))
      .thenError('INVALID_ORDER');
    given()
      .when(place({ lines: [] }))
      .thenError('EMPTY_ORDER');
    given()
      .when(place({ lines: Array.from({ length: 51 }, () => ({ productId: TRAP, quantity: 1 })) }))
      .thenError('INVALID_ORDER', 'Données de commande invalides: trop de lignes');
  });

  it('given an order, when placing it again, then error', () => {
    given({ type: 'OrderPlaced', data: placed }).when(place()).thenError('ORDER_EXISTS');
  });
});

describe('SetStatus', () => {
  const order = { type: 'OrderPlaced', data: placed } as const;

  it('given an order, when setting a new status, then OrderStatusChanged from → to', () => {
    given(order)
      .when(setStatus('shipped'))
      .thenEvents([{ type: 'OrderStatusChanged', data: { from: 'pending', to: 'shipped' } }]);
  });

  it('setting the value the order already has emits nothing', () => {
    given(order).when(setStatus('pending')).thenEvents([]);
  });

  it('then error: unknown statuses', () => {
    given(order).when(setStatus('perdue')).thenError('UNKNOWN_STATUS', 'Statut inconnu : « perdue »');
  });

  it('given a cancelled order, reopening it (to pending, with a reason) is refused when stock is short', () => {
    const cancelled = { type: 'OrderStatusChanged', data: { from: 'pending', to: 'cancelled' } } as const;
    given(order, cancelled)
      .when(setStatus('pending', [product({ id: TRAP, title: 'Piège', stockQuantity: 1 })], 'Erreur'))
      .thenError('STOCK_SHORT', 'Stock insuffisant pour « Piège »');
    given(order, cancelled)
      .when(setStatus('pending', [product({ id: TRAP, stockQuantity: 2 })], ' Annulée par erreur '))
      .thenEvents([
        {
          type: 'OrderStatusChanged',
          data: { from: 'cancelled', to: 'pending', reason: 'Annulée par erreur' },
        },
      ]);
  });

  it('follows the transition table: forward freely, back only with a reason, never from delivered to cancelled', () => {
    const at = (status: string) =>
      status === 'pending'
        ? [order]
        : [order, { type: 'OrderStatusChanged', data: { from: 'pending', to: status } } as const];
    // pending → delivered is a forward move (steps may be skipped); delivered → pending undoes it.
    given(...(at('pending') as [typeof order]))
      .when(setStatus('delivered'))
      .thenEvents([{ type: 'OrderStatusChanged', data: { from: 'pending', to: 'delivered' } }]);
    given(...(at('delivered') as [typeof order]))
      .when(setStatus('pending'))
      .thenError('STATUS_REASON_REQUIRED', 'Indiquez le motif de ce changement de statut.');
    given(...(at('delivered') as [typeof order]))
      .when(setStatus('shipped', [], '   '))
      .thenError('STATUS_REASON_REQUIRED', 'Indiquez le motif de ce changement de statut.');
    given(...(at('delivered') as [typeof order]))
      .when(setStatus('shipped', [], 'Colis revenu'))
      .thenEvents([
        { type: 'OrderStatusChanged', data: { from: 'delivered', to: 'shipped', reason: 'Colis revenu' } },
      ]);
    given(...(at('delivered') as [typeof order]))
      .when(setStatus('cancelled'))
      .thenError('STATUS_TRANSITION_REFUSED', 'Une commande « Livrée » ne peut pas passer à « Annulée ».');
    given(...(at('cancelled') as [typeof order]))
      .when(setStatus('shipped', [], 'Erreur'))
      .thenError('STATUS_TRANSITION_REFUSED', 'Une commande « Annulée » ne peut pas passer à « Expédiée ».');
  });

  it('a legacy OrderPaymentStatusChanged is folded into the ledger it meant (upcast)', () => {
    const paid = given(order, {
      type: 'OrderPaymentStatusChanged',
      data: { from: 'pending', to: 'paid' },
    }).state;
    expect(paid).toMatchObject({ paymentStatus: 'paid', paidCents: 2000, refundedCents: 0 });
    const refunded = given(
      order,
      { type: 'OrderPaymentStatusChanged', data: { from: 'pending', to: 'paid' } },
      { type: 'OrderPaymentStatusChanged', data: { from: 'paid', to: 'refunded' } },
    ).state;
    expect(refunded).toMatchObject({ paymentStatus: 'refunded', paidCents: 2000, refundedCents: 2000 });
    const failed = given(order, {
      type: 'OrderPaymentStatusChanged',
      data: { from: 'pending', to: 'failed' },
    }).state;
    expect(failed).toMatchObject({ paymentStatus: 'failed', paidCents: 0 });
    const back = given(
      order,
      { type: 'OrderPaymentStatusChanged', data: { from: 'pending', to: 'paid' } },
      { type: 'OrderPaymentStatusChanged', data: { from: 'paid', to: 'pending' } },
    ).state;
    expect(back).toMatchObject({ paymentStatus: 'pending', paidCents: 0 });
  });
});

describe('DeleteOrder', () => {
  const order = { type: 'OrderPlaced', data: placed } as const;
  const deleted = { type: 'OrderDeleted', data: { reason: null } } as const;

  it('given an order, when deleting, then OrderDeleted with the optional reason', () => {
    given(order)
      .when({ type: 'DeleteOrder', reason: ' Doublon ' })
      .thenEvents([{ type: 'OrderDeleted', data: { reason: 'Doublon' } }]);
  });

  it('given a deleted order, every command is refused', () => {
    for (const command of [
      setStatus('shipped'),
      { type: 'MarkPaymentFailed' } as const,
      { type: 'DeleteOrder' } as const,
    ]) {
      given(order, deleted).when(command).thenError('ORDER_DELETED', 'Cette commande a été supprimée.');
    }
  });

  it('given nothing, commands on the order are refused as not found', () => {
    given().when(setStatus('shipped')).thenError('ORDER_NOT_FOUND', 'Commande introuvable.');
  });
});

describe('AddNote', () => {
  const order = { type: 'OrderPlaced', data: placed } as const;
  const deleted = { type: 'OrderDeleted', data: { reason: null } } as const;

  it('given an order, when an admin adds a note, then OrderNoteAdded with the trimmed note', () => {
    given(order)
      .when({ type: 'AddNote', note: '  Client rappelé  ' })
      .thenEvents([{ type: 'OrderNoteAdded', data: { note: 'Client rappelé' } }]);
  });

  it('given a deleted order, a note is still recorded (the log keeps everything)', () => {
    given(order, deleted)
      .when({ type: 'AddNote', note: 'Supprimée à la demande du client' })
      .thenEvents([{ type: 'OrderNoteAdded', data: { note: 'Supprimée à la demande du client' } }]);
  });

  it('an empty or too long note is refused; a missing order is not found', () => {
    given(order).when({ type: 'AddNote', note: '   ' }).thenError('EMPTY_NOTE');
    given(order)
      .when({ type: 'AddNote', note: 'x'.repeat(1001) })
      .thenError('NOTE_TOO_LONG');
    given().when({ type: 'AddNote', note: 'x' }).thenError('ORDER_NOT_FOUND');
  });

  it('a note moves the version only: status, payment and dates stay', () => {
    const before = given(order).state;
    const after = given(order, { type: 'OrderNoteAdded', data: { note: 'x' } }).state;
    expect(after).toEqual({ ...before, version: 2 });
  });
});

describe('evolve and stock movements', () => {
  it('folds events into the state with versions and times', () => {
    const { state } = given(
      { type: 'OrderPlaced', data: placed },
      { type: 'OrderStatusChanged', data: { from: 'pending', to: 'shipped' } },
      { type: 'OrderPaymentStatusChanged', data: { from: 'pending', to: 'paid' } },
    );
    expect(state).toMatchObject({
      id: ORDER,
      version: 3,
      status: 'shipped',
      paymentStatus: 'paid',
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-03T10:00:00.000Z',
      deleted: false,
    });
  });

  it('placing takes, cancelling gives back, leaving cancelled takes again; unlimited stock never moves', () => {
    const { state } = given({ type: 'OrderPlaced', data: placed });
    const counted = [{ id: TRAP, infiniteStock: false }];
    expect(stockMovements(null, { type: 'OrderPlaced', data: placed }, counted)).toEqual([
      { productId: TRAP, delta: -2 },
    ]);
    const cancel = { type: 'OrderStatusChanged', data: { from: 'pending', to: 'cancelled' } } as const;
    expect(stockMovements(state, cancel, counted)).toEqual([{ productId: TRAP, delta: 2 }]);
    const back = { type: 'OrderStatusChanged', data: { from: 'cancelled', to: 'pending' } } as const;
    expect(stockMovements(state, back, counted)).toEqual([{ productId: TRAP, delta: -2 }]);
    expect(stockMovements(state, cancel, [{ id: TRAP, infiniteStock: true }])).toEqual([]);
    expect(stockMovements(state, { type: 'OrderDeleted', data: { reason: null } }, counted)).toEqual([]);
  });
});

describe('labels', () => {
  it('uses the French labels of the spec', () => {
    expect(Object.values(ORDER_STATUS_LABELS)).toEqual([
      'En attente',
      'Confirmée',
      'En préparation',
      'Expédiée',
      'Livrée',
      'Annulée',
    ]);
    expect(ADMIN_ORDER_STATUS_LABELS.processing).toBe('En traitement');
    expect(Object.values(PAYMENT_STATUS_LABELS)).toEqual([
      'En attente',
      'Partiellement payée',
      'Payée',
      'Partiellement remboursée',
      'Remboursée',
      'Échouée',
    ]);
  });
});

describe('PlaceOrder: biocides reserved to professionals (arrêté of 9 October 2013)', () => {
  const PRO = 'b0000000-0000-4000-8000-000000000009';
  const proSpray = product({
    id: PRO,
    title: 'Spray anti-punaises',
    biocideType: 'TP18',
    professionalOnly: true,
    certibiocideCategory: 'nuisibles',
  });
  const certificate = { number: 'CB-27-12345', category: 'nuisibles' as const, expiresOn: '2027-06-30' };
  const order = (fields: Partial<Extract<OrderCommand, { type: 'PlaceOrder' }>>) =>
    place({ lines: [{ productId: PRO, quantity: 1 }], products: [proSpray], today: '2026-11-25', ...fields });

  it('refuses a guest, saying why and how to proceed', () => {
    expect(() => decide(order({}), null)).toThrow(
      /réservé aux professionnels titulaires du Certibiocide.*appelez la boutique/,
    );
  });

  it('refuses a customer without certificate, with an expired one, or of another category', () => {
    const refused = (buyer: {
      signedIn: boolean;
      business: boolean;
      certificate: typeof certificate | null;
    }) => {
      try {
        decide(order({ buyer }), null);
        return null;
      } catch (error) {
        return (error as DomainError).code;
      }
    };
    const pro = { signedIn: true, business: true };
    expect(refused({ ...pro, certificate: null })).toBe('CERTIBIOCIDE_REQUIRED');
    expect(refused({ ...pro, certificate: { ...certificate, expiresOn: '2026-11-24' } })).toBe(
      'CERTIBIOCIDE_REQUIRED',
    );
    expect(refused({ ...pro, certificate: { ...certificate, category: 'desinfectants' as never } })).toBe(
      'CERTIBIOCIDE_REQUIRED',
    );
  });

  it('refuses a private customer holding a valid certificate, saying why and to call the shop', () => {
    expect(() => decide(order({ buyer: { signedIn: true, business: false, certificate } }), null)).toThrow(
      PROFESSIONAL_ONLY_MESSAGES.private,
    );
  });

  it('sells to a certified customer and copies the certificate and the type onto OrderPlaced', () => {
    const [event] = decide(order({ buyer: { signedIn: true, business: true, certificate } }), null);
    expect(event?.type).toBe('OrderPlaced');
    const data = event!.data as OrderPlacedData;
    expect(data.certibiocide).toEqual(certificate);
    expect(data.lines[0]).toMatchObject({ biocideType: 'TP18', professionalOnly: true });
  });

  it('keeps the certificate off orders without a professional-only product', () => {
    const [event] = decide(place({ buyer: { signedIn: true, business: true, certificate } }), null);
    expect((event!.data as OrderPlacedData).certibiocide).toBeUndefined();
  });
});

describe('invoiced orders (CGI art. 289: an invoice is never deleted)', () => {
  const invoiced = {
    ...placed,
    invoice: { number: 'FA-2026-000001', issuedAt: '2026-01-01T00:00:00Z', totalInclCents: 1 },
  };
  it('refuses to delete an invoiced order: it is cancelled with a credit note', () => {
    const state = {
      ...(fold([
        {
          type: 'OrderPlaced',
          data: placed,
          streamId: 'o',
          version: 1,
          metadata: { at: '2026-01-01T00:00:00Z' },
        },
      ]) as OrderState),
      ...invoiced,
    };
    expect(() => decide({ type: 'DeleteOrder', reason: null }, state)).toThrow(/un avoir sera émis/);
  });
});
