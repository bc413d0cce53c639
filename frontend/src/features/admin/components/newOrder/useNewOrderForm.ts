import { useId, useRef, useState, type FormEvent } from 'react';
import { useCreateChatOrder, type ChatOrderMade } from '../../api/chatOrders';
import {
  EMPTY_DRAFT,
  chatOrderBody,
  draftProblem,
  estimate,
  type DraftField,
  type DraftLine,
  type DraftOrder,
} from '../../lib/chatOrder';
import { newIdempotencyKey } from '../../lib/idempotency';
import { failureMessage, isApiError, type ApiError } from '@/lib/api';
import { deliveryLine, useDeliveryOptions } from '@/lib/delivery';
import type { CustomerSummary } from '@/lib/types';
import { useInFlight } from '@/lib/useInFlight';

export const CREATE_FAILED = 'The order could not be created. Please try again.';
/** The server's answer to a second submission with the same Idempotency-Key. */
export const ALREADY_SUBMITTED = 'This form was already submitted.';
export const ALREADY_SUBMITTED_HINT = 'It may have gone through: check the orders list before taking the order again.';

export type Problem = { field: DraftField | null; message: string; hint?: string } | null;

/** The text fields a problem can point at, each with the input it focuses. */
type TextDraftField = Exclude<DraftField, 'lines' | 'state' | 'deposit'>;

/** A refusal the server made after reading the request: nothing was created, so the next try needs a new key. */
function refusedWithoutOrder(error: ApiError): boolean {
  return error.status >= 400 && error.status < 500 && error.message !== ALREADY_SUBMITTED;
}

/**
 * The New order form's state: the draft, the one problem shown (a field's or the server's), the
 * inputs a problem focuses, the estimate, and the submission under one Idempotency-Key.
 */
export function useNewOrderForm(idempotencyKey: { current: string }, onMade: (made: ChatOrderMade) => void) {
  const [draft, setDraft] = useState<DraftOrder>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<Problem>(null);
  const create = useCreateChatOrder();
  const latch = useInFlight();
  const delivery = useDeliveryOptions();
  const errorId = useId();
  const refs = {
    name: useRef<HTMLInputElement>(null),
    phone: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    lines: useRef<HTMLHeadingElement>(null),
    state: useRef<HTMLSelectElement>(null),
    fee: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    discount: useRef<HTMLInputElement>(null),
    discountReason: useRef<HTMLInputElement>(null),
    deposit: useRef<HTMLInputElement>(null),
  } satisfies Record<DraftField, unknown>;

  /** Changes a field; a problem goes once the field it is about (or any, for the server's) changes. */
  const set = <K extends keyof DraftOrder>(field: K, value: DraftOrder[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblem((p) => {
      if (!p) return p;
      const about = field === 'depositValue' ? 'deposit' : field === 'accountId' ? 'name' : field;
      return p.field === null || p.field === about ? null : p;
    });
  };
  const invalid = (field: DraftField) => (problem?.field === field ? errorId : undefined);

  /** A text field's value, change, input and error, as a TextField takes them. */
  const bind = (field: TextDraftField) => ({
    value: draft[field],
    onValueChange: (v: string) => set(field, v),
    inputRef: refs[field],
    errorId: invalid(field),
  });

  const pick = (customer: CustomerSummary) => {
    setDraft((d) => ({
      ...d,
      accountId: customer.key.startsWith('a.') ? customer.key.slice(2) : null,
      name: customer.name,
      phone: customer.phone,
      email: customer.email,
    }));
    setProblem(null);
  };

  const addLine = (line: DraftLine) => {
    const same = draft.lines.find((l) => l.variantId === line.variantId);
    set(
      'lines',
      same
        ? draft.lines.map((l) =>
            l === same ? { ...l, quantity: String(Number(l.quantity || 0) + Number(line.quantity)) } : l,
          )
        : [...draft.lines, line],
    );
  };

  const options = delivery.data;
  const zoneFee = (subtotal: number) =>
    options && draft.state ? (deliveryLine(options, draft.state, subtotal)?.fee ?? null) : null;
  const figures = estimate(draft, zoneFee);
  const zone = options && draft.state ? deliveryLine(options, draft.state, figures.subtotal) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!latch.begin()) return;
    const found = draftProblem(draft);
    if (found) {
      latch.end();
      setProblem(found);
      refs[found.field].current?.focus();
      return;
    }
    setProblem(null);
    create.mutate(
      { body: chatOrderBody(draft), key: idempotencyKey.current },
      {
        onSuccess: onMade,
        onError: (error) => {
          if (refusedWithoutOrder(error)) idempotencyKey.current = newIdempotencyKey();
          setProblem({
            field: null,
            message: failureMessage(error, CREATE_FAILED),
            hint: isApiError(error) && error.message === ALREADY_SUBMITTED ? ALREADY_SUBMITTED_HINT : undefined,
          });
        },
        onSettled: () => latch.end(),
      },
    );
  };

  return {
    draft,
    problem,
    errorId,
    refs,
    set,
    invalid,
    bind,
    pick,
    addLine,
    options,
    figures,
    zone,
    onSubmit,
    pending: create.isPending,
  };
}

export type NewOrderForm = ReturnType<typeof useNewOrderForm>;
