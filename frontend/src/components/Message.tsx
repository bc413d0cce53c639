import type { ReactNode } from 'react';
import { Link } from 'wouter';

type MessageProps = {
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  /** Heading level of the title. */
  as?: 'h1' | 'h2' | 'p';
};

/** An empty, error or not-found state: a short title, a line of help and optional actions. */
export function Message({ title, children, tone = 'neutral', as = 'p' }: MessageProps) {
  const Title = as;
  return (
    <div className={`message message--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <Title className="message__title">{title}</Title>
      {children && <div className="message__body">{children}</div>}
    </div>
  );
}

type ShopOnMessageProps = {
  title: string;
  /** A line of help under the title. */
  text: string;
  /** The words of the button back to the home page's collections. */
  action: string;
  button?: 'primary' | 'dark';
  as?: 'h2' | 'p';
};

/** An empty list (bag, saved items, a collection, a search) with a button back to the shop's collections. */
export function ShopOnMessage({ title, text, action, button = 'dark', as }: ShopOnMessageProps) {
  return (
    <Message title={title} as={as}>
      <p>{text}</p>
      <Link href="/" className={`btn btn--${button}`}>
        {action}
      </Link>
    </Message>
  );
}
