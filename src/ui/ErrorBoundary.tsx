import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What shows instead of the children once one of them threw; `retry` renders them again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
}

/**
 * Catches what a part of the page throws while rendering (a chunk that did not load, a bug), so
 * that part shows a sentence and a way on instead of React removing the whole page.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean; error?: unknown }> {
  override state = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override render() {
    const { failed, error } = this.state;
    return failed
      ? this.props.fallback(error, () => this.setState({ failed: false }))
      : this.props.children;
  }
}
