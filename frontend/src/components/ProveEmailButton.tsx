import { useMutation } from '@tanstack/react-query';
import { answer, api, failureMessage } from '@/lib/api';

export const PROVE_EMAIL = 'Confirm your e-mail to use your store credit';

/**
 * "Confirm your e-mail to use your store credit" (POST /api/account/credit/proof): mails the
 * account's address a link, since sign-up does not prove an address and credit belongs to one.
 * Shared by My Account and the checkout; says what happened.
 */
export function ProveEmailButton() {
  const prove = useMutation({ mutationFn: () => answer(api.POST('/api/account/credit/proof', {})) });
  return (
    <div className="store-credit__prove">
      <button
        type="button"
        className="btn btn--dark btn--sm"
        disabled={prove.isPending || prove.isSuccess}
        onClick={() => prove.mutate()}
      >
        {PROVE_EMAIL}
      </button>
      <div role="status">{prove.isSuccess && <p className="store-credit__note">{prove.data.message}</p>}</div>
      {prove.isError && (
        <p className="alert alert--error" role="alert">
          {failureMessage(prove.error, 'We could not send the link. Please try again.')}
        </p>
      )}
    </div>
  );
}
