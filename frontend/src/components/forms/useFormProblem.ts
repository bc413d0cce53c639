import { useId, useState, type RefObject } from 'react';

/** What is wrong with a form: the message, and the field it is about (none: the whole form). */
export type FormProblem<F extends string> = { message: string; field?: F };

type Options = {
  /**
   * Which fields a problem without a field marks invalid: `'all'` where the whole form is at fault
   * (wrong credentials), `'none'` where it is about something else (a server failure).
   */
  unfielded?: 'all' | 'none';
};

/**
 * A form's single problem, shown in one error box (`errorId`) that the fields concerned point at
 * (`errorIdFor(field)`, for TextField's `errorId`).
 */
export function useFormProblem<F extends string>({ unfielded = 'none' }: Options = {}) {
  const [problem, setProblem] = useState<FormProblem<F> | null>(null);
  const errorId = useId();

  const errorIdFor = (field: F): string | undefined => {
    if (!problem) return undefined;
    const marks = problem.field ? problem.field === field : unfielded === 'all';
    return marks ? errorId : undefined;
  };

  /** Shows `found` (or clears the box when null) and focuses its field; true when there is a problem. */
  const report = (found: FormProblem<F> | null, refs?: Partial<Record<F, RefObject<HTMLElement | null>>>): boolean => {
    setProblem(found);
    if (found?.field) refs?.[found.field]?.current?.focus();
    return found !== null;
  };

  return { problem, setProblem, errorId, errorIdFor, report };
}
