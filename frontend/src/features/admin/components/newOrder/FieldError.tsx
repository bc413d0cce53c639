import type { DraftField } from '../../lib/chatOrder';
import type { NewOrderForm } from './useNewOrderForm';

/** The form's problem under the field it is about (nothing when the problem is elsewhere). */
export function FieldError({ form, field }: { form: NewOrderForm; field: DraftField }) {
  const { problem, errorId } = form;
  if (problem?.field !== field) return null;
  return (
    <p id={errorId} className="field__error" role="alert">
      {problem.message}
    </p>
  );
}
