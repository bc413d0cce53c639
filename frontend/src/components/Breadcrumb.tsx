import type { ReactNode } from 'react';
import { Link } from 'wouter';

type BreadcrumbProps = {
  /** The steps between Home and this page, each a link. */
  steps?: ReadonlyArray<{ href: string; label: string }>;
  /** This page's name, last and not a link. */
  here: ReactNode;
  /** Light text, over a picture. */
  light?: boolean;
};

/** Where the page stands in the shop: Home, the steps to it, then the page itself. */
export function Breadcrumb({ steps = [], here, light = false }: BreadcrumbProps) {
  return (
    <nav aria-label="Breadcrumb" className={light ? 'breadcrumb breadcrumb--light' : 'breadcrumb'}>
      <ol>
        <li>
          <Link href="/">Home</Link>
        </li>
        {steps.map((step) => (
          <li key={step.href}>
            <Link href={step.href}>{step.label}</Link>
          </li>
        ))}
        <li aria-current="page">{here}</li>
      </ol>
    </nav>
  );
}
