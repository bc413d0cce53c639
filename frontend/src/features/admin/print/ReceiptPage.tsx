import { useParams } from 'wouter';
import { useAdminOrder, wholeOrder } from '../api/orders';
import { CustomerNote, DeliverTo, OrderHead, formatNaira, optionsText, PrintHead } from './parts';
import { PrintFrame } from './PrintFrame';
import type { AdminOrder } from '@/lib/types';

const METHOD: Record<AdminOrder['paymentMethod'], string> = {
  paystack: 'Paid online',
  pay_on_delivery: 'Paid on delivery',
  pay_link: 'Paid by pay link',
  counter: 'Paid at the counter',
};

/** The customer's receipt: the lines with their prices, the total in parts, what is paid and owed. */
export function Receipt({ order }: { order: AdminOrder }) {
  return (
    <>
      <OrderHead kind="Receipt" order={order} />
      <DeliverTo order={order} />
      <table className="print-table">
        <PrintHead columns={['Item', 'Qty', 'Price', 'Total']} numeric={['Qty', 'Price', 'Total']} />
        <tbody>
          {order.items.map((item, index) => (
            <tr key={index}>
              <td>
                {item.name}
                {optionsText(item) && <div>{optionsText(item)}</div>}
              </td>
              <td className="num">{item.quantity}</td>
              <td className="num">{formatNaira(item.price)}</td>
              <td className="num">{formatNaira(item.price * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="print-totals" aria-label="Price">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatNaira(order.subtotal)}</dd>
        </div>
        <div>
          <dt>{order.deliveryMethod === 'pickup' ? 'Pick up in store' : 'Delivery'}</dt>
          <dd>{order.deliveryFee === 0 ? 'Free' : formatNaira(order.deliveryFee)}</dd>
        </div>
        {order.discount > 0 && (
          <div>
            <dt>{order.discountCode ? `Discount (${order.discountCode})` : 'Discount'}</dt>
            <dd>{formatNaira(-order.discount)}</dd>
          </div>
        )}
        <div className="print-totals__total">
          <dt>Total</dt>
          <dd>{formatNaira(order.totalAmount)}</dd>
        </div>
        <div>
          <dt>{METHOD[order.paymentMethod]}</dt>
          <dd>{formatNaira(order.paid)}</dd>
        </div>
        {order.refunded > 0 && (
          <div>
            <dt>Refunded</dt>
            <dd>{formatNaira(-order.refunded)}</dd>
          </div>
        )}
        {order.balance > 0 && (
          <div className="print-totals__total">
            <dt>Balance to pay</dt>
            <dd>{formatNaira(order.balance)}</dd>
          </div>
        )}
      </dl>
      <CustomerNote note={order.customerNote} />
      <p className="print-foot">Thank you for shopping with us.</p>
    </>
  );
}

/** /admin/orders/:id/receipt — the order's receipt, ready to print (A4 or an 80 mm roll). */
export default function ReceiptPage() {
  const { id = '' } = useParams<{ id: string }>();
  const order = useAdminOrder(id);
  const number = order.data?.number;
  const whole = order.data ? wholeOrder(order.data) : null;
  return (
    <PrintFrame
      title={number ? `Receipt for Order #${number}` : 'Receipt'}
      back={{ href: `/admin/orders/${encodeURIComponent(id)}`, label: 'Back to the order' }}
      query={order}
    >
      {whole ? (
        <Receipt order={whole} />
      ) : (
        order.data && <p>A receipt shows prices, which your role does not see. Print the packing slip instead.</p>
      )}
    </PrintFrame>
  );
}
