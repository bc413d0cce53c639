import { useAccountCredit } from '../api/credit';
import { ProveEmailButton } from '@/components/ProveEmailButton';
import { formatDate, formatNaira } from '@/lib/money';

/** My Account's store credit: the balance, the e-mail proof when it is needed, and the ledger. */
export function StoreCredit() {
  const { data, isError } = useAccountCredit();
  if (isError || !data) return null;
  if (data.balance === 0 && data.entries.length === 0) return null;
  return (
    <section className="account__card store-credit" aria-labelledby="credit-heading">
      <h2 id="credit-heading" className="account__card-title caps">
        Store credit
      </h2>
      <p className="store-credit__balance">
        Balance: <strong>{formatNaira(data.balance)}</strong>
      </p>
      {!data.proven && data.balance > 0 && <ProveEmailButton />}
      <ul className="store-credit__entries" aria-label="Store credit history">
        {data.entries.map((entry) => (
          <li key={entry.id} className="store-credit__entry">
            <span>{formatDate(entry.createdAt)}</span> <span>{entry.reason}</span>{' '}
            <strong>
              {entry.amount > 0 ? '+' : '−'}
              {formatNaira(Math.abs(entry.amount))}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
