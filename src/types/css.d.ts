import 'react';

declare module 'react' {
  /** Lets components set CSS custom properties (the partner theme) in style objects. */
  interface CSSProperties {
    [customProperty: `--${string}`]: string | number | undefined;
  }
}
