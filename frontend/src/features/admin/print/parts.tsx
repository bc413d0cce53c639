import type { ReactNode } from 'react';
import { useDeliveryOptions } from '@/lib/delivery';
import { formatDate, formatNaira } from '@/lib/money';
import { addressLines, itemOptions } from '@/lib/orders';
import { readShop } from '@/lib/shop';
import type { Order, StaffOrder } from '@/lib/types';
import { formatPhone } from '@/lib/whatsapp';

/**
 * How to reach the shop, on paper that leaves with the parcel: its address (or, without one, its
 * pickup address), phone, WhatsApp number and e-mail from its published identity, each when it has one.
 */
export function ShopContact() {
  const { data: delivery } = useDeliveryOptions();
  const shop = readShop();
  const address = shop.address ?? delivery?.pickup.address.trim();
  const { phone, whatsapp, email } = shop;
  if (!address && !phone && !whatsapp && !email) return null;
  return (
    <address className="print-doc__contact" aria-label="The shop">
      {address && <span>{address}</span>}
      {phone && <span>Phone {phone}</span>}
      {whatsapp && <span>WhatsApp {formatPhone(whatsapp)}</span>}
      {email && <span>{email}</span>}
    </address>
  );
}

/** The head of a printed paper: the shop (its logo and name, and how to reach it) and what the paper is; beside them, `meta`. */
export function DocHead({ kind, contact = false, children }: { kind: string; contact?: boolean; children: ReactNode }) {
  const { name, logo } = readShop();
  return (
    <header className="print-doc__head">
      <div>
        <p className="print-doc__shop">
          {logo && (
            <img
              className="print-doc__logo"
              src={logo.url}
              srcSet={logo.srcset}
              sizes="160px"
              alt=""
              width={Math.round((40 * logo.width) / Math.max(1, logo.height))}
              height={40}
            />
          )}
          <strong>{name}</strong>
        </p>
        {contact && <ShopContact />}
        <h1>{kind}</h1>
      </div>
      <div className="print-doc__meta">{children}</div>
    </header>
  );
}

/** The head of a printed order: its number and date beside the shop and its contacts. */
export function OrderHead({ kind, order }: { kind: string; order: Pick<Order, 'number' | 'createdAt'> }) {
  return (
    <DocHead kind={kind} contact>
      <p>
        <strong>Order #{order.number}</strong>
      </p>
      <p>{formatDate(order.createdAt)}</p>
    </DocHead>
  );
}

type PrintHeadProps = {
  /** A first column of boxes to tick (picked, packed), named for screen readers only. */
  tick?: string;
  columns: ReadonlyArray<string>;
  /** The columns of numbers, aligned right. */
  numeric?: ReadonlyArray<string>;
};

/** A printed table's head row. */
export function PrintHead({ tick, columns, numeric = [] }: PrintHeadProps) {
  return (
    <thead>
      <tr>
        {tick && (
          <th scope="col" className="check">
            <span className="visually-hidden">{tick}</span>
          </th>
        )}
        {columns.map((column) => (
          <th key={column} scope="col" className={numeric.includes(column) ? 'num' : undefined}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function TickCell() {
  return (
    <td className="check">
      <span className="print-box" aria-hidden="true" />
    </td>
  );
}

/** Who it goes to and where: name, phone, e-mail (when the order carries it) and address (or pickup). */
export function DeliverTo({ order, email = true }: { order: Order | StaffOrder; email?: boolean }) {
  const pickup = order.deliveryMethod === 'pickup';
  const customerEmail = 'customerEmail' in order ? order.customerEmail : null;
  return (
    <section aria-label="Customer">
      <h2>{pickup ? 'Pick up in store' : 'Deliver to'}</h2>
      <p>
        <strong>{order.customerName}</strong>
      </p>
      <p>{order.customerPhone}</p>
      {email && customerEmail && <p>{customerEmail}</p>}
      {!pickup && addressLines(order.deliveryAddress).map((line) => <p key={line}>{line}</p>)}
    </section>
  );
}

/** The customer's own note ("Call before delivery"), boxed so the packer sees it. */
export function CustomerNote({ note }: { note?: string | null }) {
  if (!note) return null;
  return (
    <section className="print-note" aria-label="Customer note">
      <strong>Customer note:</strong> {note}
    </section>
  );
}

/** The size and colour of a line, "M · Indigo", or an empty string. */
export function optionsText(item: Pick<Order['items'][number], 'size' | 'color'>): string {
  return itemOptions(item) ?? '';
}

/** Each line of an order with its SKU (from the admin order's `skus`, in line order). */
export function linesWithSkus(order: Pick<StaffOrder, 'items' | 'skus'>) {
  return order.items.map((item, index) => ({ item, sku: order.skus[index] ?? null }));
}

export { formatNaira };
