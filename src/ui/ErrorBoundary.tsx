import { Component, type ReactNode } from 'react';

/**
 * Catches what a part of the page throws while rendering (a chunk that did not load, a bug), so
 * that part shows `fallback` (a sentence and a way on) instead of React removing the whole page.
 */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
