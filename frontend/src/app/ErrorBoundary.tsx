import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { children: ReactNode };
type State = { error: Error | null };

function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    error.message,
  );
}

/** The default screen for an unhandled render error. */
export function ErrorScreen({ error }: { error: Error }) {
  const chunk = isChunkLoadError(error);
  return (
    <div className="container page">
      <div className="message message--error" role="alert">
        <h1 className="message__title">Unexpected Application Error!</h1>
        <div className="message__body">
          <p className="error-screen__detail">{error.message || String(error)}</p>
          {chunk && <p>Part of the shop could not be downloaded. Check your connection and reload the page.</p>}
          <p>
            {chunk && (
              <button type="button" className="btn btn--dark" onClick={() => window.location.reload()}>
                Reload page
              </button>
            )}{' '}
            {/* A full page load resets whatever state broke. */}
            <a href="/" className="btn btn--primary">
              Go home
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}

/** Catches render errors below it and shows ErrorScreen instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled render error', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
