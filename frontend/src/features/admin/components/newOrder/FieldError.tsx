import type { DraftField } from '../../lib/chatOrder';
import type { NewOrderForm } from './useNewOrderForm';
import { FieldAlert } from '@/components/TextField';

/** The form's problem under the field it is about (nothing when the problem is elsewhere). */
export function FieldError({ form, field }: { form: NewOrderForm; field: DraftField }) {
  const { problem, errorId } = form;
  return problem?.field === field ? <FieldAlert id={errorId} message={problem.message} /> : null;
}
