import { useId, useState, type ReactNode } from 'react';
import { useUpload, type UploadRequest } from '../lib/useUpload';
import { AdminPanel, FormNotice, ProgressBar, type Notice } from './AdminPanel';
import { SubmitButton } from '@/components/forms/SubmitButton';
import type { ApiError } from '@/lib/api';

type Send = {
  /** The form's own check: a message stops the submission and shows. */
  invalid: string | null;
  /** Built only once the form is valid. */
  request: () => UploadRequest;
  /** The error notice of a failed upload. */
  failure: (error: ApiError) => string;
};

/**
 * The state of an admin form that uploads: its notice and the upload (one at a time, with
 * progress). `send` checks, uploads and shows a failure; it gives the server's answer, or null
 * when there is nothing more to do (invalid, already in flight, or failed).
 */
export function useUploadForm<T>() {
  const [notice, setNotice] = useState<Notice>(null);
  const { state, upload, busy } = useUpload<T>();

  const send = async ({ invalid, request, failure }: Send): Promise<T | null> => {
    if (invalid) {
      setNotice({ tone: 'error', text: invalid });
      return null;
    }
    setNotice(null);
    const result = await upload(request());
    if (!result) return null;
    if (!result.ok) {
      setNotice({ tone: 'error', text: failure(result.error) });
      return null;
    }
    return result.data;
  };

  return { notice, setNotice, busy, percent: state.status === 'uploading' ? state.percent : null, send };
}

type UploadPanelProps = {
  title: string;
  description?: ReactNode;
  className?: string;
  /** The "Admin" label (see AdminPanel). */
  tag?: boolean;
  /** Between the panel's heading and its form (a list that failed to load). */
  beforeForm?: ReactNode;
  form: Pick<ReturnType<typeof useUploadForm>, 'notice' | 'busy' | 'percent'>;
  /** Runs on submit unless an upload is already in flight. */
  onSubmit: () => unknown;
  /** "42%" or "42.37%". */
  formatPercent: (percent: number) => string;
  submitLabel: string;
  submitClassName?: string;
  children: ReactNode;
};

/**
 * An admin panel around an upload form named by the panel's heading: the fields, locked while
 * busy, then the notice, the upload progress and the submit button ("Saving..." meanwhile).
 */
export function UploadPanel({
  title,
  description,
  className,
  tag,
  beforeForm,
  form,
  onSubmit,
  formatPercent,
  submitLabel,
  submitClassName = 'btn btn--dark',
  children,
}: UploadPanelProps) {
  const headingId = useId();
  return (
    <AdminPanel title={title} headingId={headingId} description={description} className={className} tag={tag}>
      {beforeForm}
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!form.busy) void onSubmit();
        }}
        noValidate
        aria-labelledby={headingId}
        aria-busy={form.busy}
      >
        <fieldset className="bare-fieldset admin-form__fieldset" disabled={form.busy}>
          {children}
          <FormNotice notice={form.notice} />
          {form.percent !== null && (
            <ProgressBar
              label="Upload progress"
              percent={form.percent}
              text={`Uploading… ${formatPercent(form.percent)}`}
            />
          )}
          <div className="admin-form__actions">
            <SubmitButton className={submitClassName} pending={form.busy}>
              {submitLabel}
            </SubmitButton>
          </div>
        </fieldset>
      </form>
    </AdminPanel>
  );
}
