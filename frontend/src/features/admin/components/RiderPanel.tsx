import { useId, useState, type FormEvent } from 'react';
import { useAssignRider, useNewDeliveryCode, useOrderDelivery, useReviewPhoto, useRiders } from '../api/riders';
import { whatsAppLink } from '../lib/whatsapp';
import { AdminCard, FormNotice, type Notice } from './AdminPanel';
import { ADMIN_FIELD } from './Fields';
import { Select } from '@/components/forms/Select';
import { Field, TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { eventTime } from '@/lib/orders';
import { useSession } from '@/lib/session';
import { may } from '@/lib/staff';
import type { Delivery, StaffOrder } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';

export const GIVEN = (name: string) => `Given to ${name}. It is on his round.`;
export const GIVEN_BY_LINK = (name: string) => `Given to ${name} by link. Send him the link below.`;
export const TAKEN_BACK = 'Taken back: no rider has this order now.';
export const CODE_SENT = 'A new code was sent to the customer. The old one no longer works.';
export const RIDER_FAILED = 'That did not go through. Please try again.';
export const CONFIRMED = 'Delivered: confirmed from the photo.';
export const REJECTED_SENT = 'Rejected. The rider sees your reason; the delivery is open again.';
export const REASON_MISSING = 'Say why the photo is not enough: the rider sees it.';
export const LINK_FIELDS_MISSING = 'Enter the rider’s name and phone.';
/** The select's value for "no rider". */
const NONE = '';
/** The select's value for "someone without an account, by link". */
const BY_LINK = '__link__';

/** What the shop sends a rider with his link. */
export function rideMessage(name: string, orderNumber: string, link: string): string {
  return `Hello ${name}, here is your delivery of order #${orderNumber}. Open it on your phone: ${link}`;
}

/** Whether an order may go to one of the shop's riders: delivered to an address and still on its way. */
export function mayGoToRider(order: Pick<StaffOrder, 'deliveryMethod' | 'status' | 'shippedBy'>): boolean {
  if (order.deliveryMethod !== 'delivery') return false;
  if (order.status === 'shipped') return order.shippedBy === 'rider';
  return order.status === 'placed' || order.status === 'paid' || order.status === 'processing';
}

/** "Left 9:42; not delivered yet", as the card says it. */
function deliveryState(d: Delivery): string {
  if (d.deliveredAt)
    return `Delivered ${eventTime(d.deliveredAt)} ${d.proof === 'photo' ? 'confirmed from his photo' : 'with the customer’s code'}`;
  if (d.photoAt) return `Photo sent ${eventTime(d.photoAt)}: waiting for review`;
  if (d.leftAt) return `Left ${eventTime(d.leftAt)}`;
  return `Given ${eventTime(d.assignedAt)}; not left yet`;
}

/**
 * The order's rider: choose one of the shop's riders (the order goes at the end of his round) or
 * a person without an account by name and phone (he gets a link to this delivery, sent on
 * WhatsApp); see when he left and how many wrong codes were tried at the door; send the customer
 * a new code; and, for those who answer for the money, confirm or reject a handover photo sent
 * instead of the code. The code itself is never shown to the shop.
 */
export function RiderPanel({
  order,
}: {
  order: Pick<StaffOrder, 'id' | 'number' | 'deliveryMethod' | 'status' | 'shippedBy'>;
}) {
  const delivery = useOrderDelivery(order.id);
  const riders = useRiders();
  const assign = useAssignRider(order.id);
  const newCode = useNewDeliveryCode(order.id);
  const reviews = may(useSession().user, 'POST /api/admin/orders/{id}/delivery/review');
  const latch = useInFlight();
  const selectId = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const [linkName, setLinkName] = useState('');
  const [linkPhone, setLinkPhone] = useState('');
  const [link, setLink] = useState<{ url: string; name: string; phone: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const current = delivery.data ?? null;
  const chosen = choice ?? current?.riderId ?? NONE;
  const open = mayGoToRider(order) && !current?.deliveredAt && !current?.photoAt;
  const options = [
    { value: NONE, label: 'No rider' },
    ...(riders.data ?? []).filter((r) => !r.link).map((r) => ({ value: r.id, label: r.name })),
    { value: BY_LINK, label: 'Someone without an account (by link)…' },
  ];
  // A link rider is not in the select's list: his delivery shows as "no change" until another is chosen.
  const selectValue = options.some((o) => o.value === chosen) ? chosen : NONE;

  const onGive = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen === BY_LINK && (!linkName.trim() || !linkPhone.trim())) {
      setNotice({ tone: 'error', text: LINK_FIELDS_MISSING });
      return;
    }
    if (!latch.begin()) return;
    setNotice(null);
    setLink(null);
    if (chosen === BY_LINK) {
      const name = linkName.trim();
      assign.mutate(
        { link: { name, phone: linkPhone.trim() } },
        {
          onSuccess: (answer) => {
            setChoice(null);
            if (answer.link)
              setLink({ url: answer.link, name, phone: answer.delivery?.riderPhone ?? linkPhone.trim() });
            setNotice({ tone: 'success', text: GIVEN_BY_LINK(name) });
          },
          onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, RIDER_FAILED) }),
          onSettled: () => latch.end(),
        },
      );
      return;
    }
    const riderId = chosen === NONE ? null : chosen;
    const name = riders.data?.find((r) => r.id === riderId)?.name ?? '';
    assign.mutate(
      { riderId },
      {
        onSuccess: () => {
          setChoice(null);
          setNotice({ tone: 'success', text: riderId ? GIVEN(name) : TAKEN_BACK });
        },
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, RIDER_FAILED) }),
        onSettled: () => latch.end(),
      },
    );
  };

  const onNewCode = () => {
    if (!latch.begin()) return;
    setNotice(null);
    newCode.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: CODE_SENT }),
      onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, RIDER_FAILED) }),
      onSettled: () => latch.end(),
    });
  };

  if (!current && !open) return null;
  const unchanged = chosen !== BY_LINK && chosen === (current?.riderId ?? NONE);
  return (
    <AdminCard headingId="order-rider-heading" title="Rider">
      <FormNotice notice={notice} />
      {current && (
        <p className="admin-order__lines">
          <strong>
            {current.riderName}
            {current.byLink && ' (by link)'}
          </strong>
          <span className="muted">{deliveryState(current)}</span>
          {current.codeTries > 0 && !current.deliveredAt && (
            <span>
              {current.codeTries} wrong {current.codeTries === 1 ? 'code' : 'codes'} tried at the door
            </span>
          )}
          {current.rejectedReason && !current.deliveredAt && !current.photoAt && (
            <span>Last photo rejected: {current.rejectedReason}</span>
          )}
        </p>
      )}
      {current?.photo && (
        <figure className="admin-order__handover">
          <a href={current.photo.url} target="_blank" rel="noreferrer">
            <img
              src={current.photo.url}
              srcSet={current.photo.srcset}
              sizes="240px"
              width={current.photo.width}
              height={current.photo.height}
              alt={`Handover photo of order #${order.number}`}
              style={{ maxWidth: '240px', height: 'auto' }}
            />
          </a>
          {current.photoPaidBy && <figcaption>The rider says the customer paid by {current.photoPaidBy}.</figcaption>}
        </figure>
      )}
      {current?.photoAt && !current.deliveredAt && reviews && (
        <PhotoReview orderId={order.id} onDecided={(text) => setNotice({ tone: 'success', text })} />
      )}
      {link && (
        <div className="pay-link-share">
          <label className="field__label" htmlFor={`${selectId}-link`}>
            {link.name}’s link
          </label>
          <input
            id={`${selectId}-link`}
            className="field__input"
            readOnly
            value={link.url}
            onFocus={(e) => e.target.select()}
          />
          <a
            className="btn btn--primary btn--sm"
            href={whatsAppLink(link.phone, rideMessage(link.name, order.number, link.url))}
            target="_blank"
            rel="noopener noreferrer"
          >
            Send on WhatsApp
          </a>
        </div>
      )}
      {open && (
        <form onSubmit={onGive} noValidate aria-label="Give to a rider" className="admin-order__rider">
          <Field id={selectId} label="Rider" className={ADMIN_FIELD}>
            <Select id={selectId} value={selectValue} onValueChange={setChoice} options={options} />
          </Field>
          {chosen === BY_LINK && (
            <>
              <TextField label="His name" value={linkName} onValueChange={setLinkName} maxLength={100} />
              <TextField
                label="His phone (WhatsApp)"
                value={linkPhone}
                onValueChange={setLinkPhone}
                inputMode="tel"
                maxLength={40}
              />
            </>
          )}
          <button type="submit" className="btn btn--dark btn--sm" disabled={assign.isPending || unchanged}>
            {assign.isPending
              ? 'Saving…'
              : chosen === BY_LINK
                ? 'Give by link'
                : chosen === NONE
                  ? 'Take back'
                  : 'Give to rider'}
          </button>
          {riders.data?.filter((r) => !r.link).length === 0 && (
            <p className="muted">
              No riders yet: invite one from the Staff screen with the role Rider, or give the order by link.
            </p>
          )}
        </form>
      )}
      {current?.leftAt && !current.deliveredAt && !current.photoAt && order.status === 'shipped' && (
        <button type="button" className="btn btn--outline btn--sm" onClick={onNewCode} disabled={newCode.isPending}>
          {newCode.isPending ? 'Sending…' : 'Send the customer a new code'}
        </button>
      )}
    </AdminCard>
  );
}

/** Confirm the delivery from the rider's photo, or reject it with a reason he will see. */
function PhotoReview({ orderId, onDecided }: { orderId: string; onDecided: (text: string) => void }) {
  const review = useReviewPhoto(orderId);
  const latch = useInFlight();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  const decide = (confirm: boolean) => {
    if (!confirm && !reason.trim()) {
      setNotice({ tone: 'error', text: REASON_MISSING });
      return;
    }
    if (!latch.begin()) return;
    setNotice(null);
    review.mutate(
      { confirm, reason: confirm ? undefined : reason.trim() },
      {
        // The card says it: this part goes once the photo is decided.
        onSuccess: () => onDecided(confirm ? CONFIRMED : REJECTED_SENT),
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, RIDER_FAILED) }),
        onSettled: () => latch.end(),
      },
    );
  };

  return (
    <div className="admin-order__review" role="group" aria-label="Review the photo">
      <FormNotice notice={notice} />
      <p className="muted">No code was given at the door: check the photo before the order is marked delivered.</p>
      <button type="button" className="btn btn--dark btn--sm" onClick={() => decide(true)} disabled={review.isPending}>
        Confirm delivery
      </button>
      <TextField label="Why not (the rider sees it)" value={reason} onValueChange={setReason} maxLength={300} />
      <button
        type="button"
        className="btn btn--outline btn--sm"
        onClick={() => decide(false)}
        disabled={review.isPending}
      >
        Reject the photo
      </button>
    </div>
  );
}
