import { Link } from 'wouter';
import { Message } from './Message';

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
