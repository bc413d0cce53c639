import { Link } from 'wouter';
import { Message } from '@/components/Message';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="container page">
      <Message title="Page not found" as="h1">
        <p>The page you're looking for isn't here. It may have moved, or the link may be mistyped.</p>
        <Link href="/" className="btn btn--primary">
          Back to home
        </Link>
      </Message>
    </div>
  );
}
