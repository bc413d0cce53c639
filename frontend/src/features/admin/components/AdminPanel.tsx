import type { ReactNode } from 'react';
import '../admin.css';

type AdminPanelProps = {
  title: ReactNode;
  /** Id for the heading, so the panel's form can be labelled by it. */
  headingId: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The "Admin" label; off where the control that opened the panel already carries it. */
  tag?: boolean;
  /** While its request runs (`aria-busy`). */
  busy?: boolean;
};

/** The frame of every admin tool: a dashed "Admin" panel, clearly not part of the shop window. */
export function AdminPanel({ title, headingId, description, children, className, tag = true, busy }: AdminPanelProps) {
  return (
    <section className={`admin-panel${className ? ` ${className}` : ''}`} aria-labelledby={headingId} aria-busy={busy}>
      <header className="admin-panel__head">
        {tag && <AdminTag />}
        <h2 id={headingId} className="admin-panel__title">
          {title}
        </h2>
        {description && <p className="admin-panel__description">{description}</p>}
      </header>
      {children}
    </section>
  );
}

type AdminCardProps = {
  title: ReactNode;
  /** Id for the heading, which names the section. */
  headingId: string;
  /** More classes beside `admin-card`. */
  className?: string;
  children: ReactNode;
};

/** A white card of a back-office screen (an order's items, the dashboard's figures), named by its heading. */
export function AdminCard({ title, headingId, className, children }: AdminCardProps) {
  return (
    <section className={`admin-card${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The small "Admin" label on admin-only controls. */
export function AdminTag() {
  return <span className="admin-tag">Admin</span>;
}

export type Notice = { tone: 'error' | 'success'; text: string } | null;

/** A form's outcome: an alert for errors, a polite status for successes. */
export function FormNotice({ notice }: { notice: Notice }) {
  // Both live regions are always in the page, so screen readers announce a message when it appears.
  return (
    <>
      <div role="alert" className="admin-notice-region">
        {notice?.tone === 'error' && <p className="alert alert--error admin-notice">{notice.text}</p>}
      </div>
      <div role="status" className="admin-notice-region">
        {notice?.tone === 'success' && <p className="alert alert--success admin-notice">{notice.text}</p>}
      </div>
    </>
  );
}

type ProgressProps = {
  /** The bar's name ("Upload progress"). */
  label: string;
  percent: number;
  /** What the bar says ("Uploading… 42%"), shown under it. */
  text: string;
  /** Whether the text under the bar is announced as it changes (else screen readers read the bar's value). */
  announce?: boolean;
};

/** A progress bar from 0 to 100 with what it means written under it: an upload, an import. */
export function ProgressBar({ label, percent, text, announce = false }: ProgressProps) {
  const width = Math.min(100, Math.max(0, percent));
  return (
    <div className="upload-progress">
      <div
        className="upload-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width * 100) / 100}
        aria-valuetext={text}
      >
        <span className="upload-progress__fill" style={{ width: `${width}%` }} />
      </div>
      <p
        className="upload-progress__text"
        role={announce ? 'status' : undefined}
        aria-hidden={announce ? undefined : true}
      >
        {text}
      </p>
    </div>
  );
}
