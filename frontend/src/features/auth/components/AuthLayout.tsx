import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './AuthLayout.css';

type AuthLayoutProps = {
  title: string;
  /** The browser tab's title, when it differs from the heading. */
  documentTitle?: string;
  eyebrow?: string;
  intro?: ReactNode;
  /** Below the card: "Don't have an account? Sign up". */
  footer?: ReactNode;
  children: ReactNode;
};

/** The frame of the signup, login and reset screens: a centred card on the cream page. */
export function AuthLayout({ title, documentTitle, eyebrow, intro, footer, children }: AuthLayoutProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="container page auth">
      <div className="auth__card">
        <header className="auth__header">
          {eyebrow && <span className="eyebrow">{eyebrow}</span>}
          <h1 className="auth__title">{title}</h1>
          {intro && <p className="auth__intro">{intro}</p>}
        </header>
        {children}
      </div>
      {footer && <p className="auth__footer">{footer}</p>}
    </div>
  );
}
