import type { ReactNode } from 'react';

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
