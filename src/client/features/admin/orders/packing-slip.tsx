import { createPortal } from 'react-dom';
import { useShop } from '@/client/features/shop/order-totals';
import { formatEuros } from '@/domain/catalog/pricing';
import { formatPhone } from '@/domain/common/phone';
import { frenchDateTime } from '@/domain/site/dates';
import type { AdminOrderDetails } from './use-admin-orders';

/**
 * The packing slip ("bon de préparation") of an order, printed from the order dialog: the shop's
 * identity, the order number, the customer, the delivery mode and address, the lines with their
 * quantities, and the prices only when the owner asks for them. Rendered beside the app (a portal
 * on <body>): the print stylesheet (styles.css, .packing-slip) prints it alone; the screen never
 * shows it.
 */
export function PackingSlip({ order, withPrices }: { order: AdminOrderDetails; withPrices: boolean }) {
  const shop = useShop().data;
  const a = order.shippingAddress;
  const pickup = a.deliveryMethod === 'pickup';
  return createPortal(
    <article className="packing-slip" data-testid="packing-slip" aria-hidden="true">
      <header>
        <div>
          <p className="slip-shop">{shop?.name}</p>
          {shop?.address ? <p>{shop.address}</p> : null}
          <p>{[shop?.phone, shop?.email].filter(Boolean).join(' · ')}</p>
        </div>
        <div className="slip-title">
          <h1>Bon de préparation</h1>
          <p>Commande {order.orderNumber}</p>
          <p>{frenchDateTime(order.createdAt)}</p>
        </div>
      </header>
      <section className="slip-parties">
        <div>
          <h2>Client</h2>
          <p>{[a.firstName, a.lastName].filter(Boolean).join(' ')}</p>
          {a.phone ? <p>{formatPhone(a.phone)}</p> : null}
          {a.email ? <p>{a.email}</p> : null}
        </div>
        <div>
          <h2>{pickup ? 'Retrait en boutique' : 'Livraison à domicile'}</h2>
          {pickup ? (
            <p>Le client retire sa commande en boutique.</p>
          ) : (
            <>
              <p>{a.address}</p>
              <p>{[a.zipCode, a.city].filter(Boolean).join(' ')}</p>
            </>
          )}
        </div>
      </section>
      <table>
        <thead>
          <tr>
            <th className="slip-check">Prêt</th>
            <th>Article</th>
            <th className="slip-num">Quantité</th>
            {withPrices ? <th className="slip-num">Prix unitaire</th> : null}
            {withPrices ? <th className="slip-num">Total</th> : null}
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td className="slip-check">☐</td>
              <td>{line.title}</td>
              <td className="slip-num">{line.quantity}</td>
              {withPrices ? <td className="slip-num">{formatEuros(line.unitPriceCents)}</td> : null}
              {withPrices ? <td className="slip-num">{formatEuros(line.totalPriceCents)}</td> : null}
            </tr>
          ))}
        </tbody>
        {withPrices ? (
          <tfoot>
            <tr>
              <td colSpan={4}>Frais de port</td>
              <td className="slip-num">{formatEuros(order.shippingCostCents)}</td>
            </tr>
            <tr>
              <td colSpan={4}>Total TTC</td>
              <td className="slip-num">{formatEuros(order.totalAmountCents)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
      <p className="slip-count">{order.lines.reduce((n, l) => n + l.quantity, 0)} article(s) au total</p>
      {order.notes ? (
        <section>
          <h2>Notes du client</h2>
          <p className="slip-notes">{order.notes}</p>
        </section>
      ) : null}
    </article>,
    document.body,
  );
}
