import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { partners } from 'virtual:partners';
import type { PartnerConfig } from '../../../src/config/generated/partner.ts';
import { SignupForm } from '../../../src/forms/signup/SignupForm.tsx';
import type { SignupFormProps, SignupValues } from '../../../src/forms/signup/SignupForm.tsx';
import '../../../src/styles/global.css';

/** A checked partner configuration, as the app receives it (virtual:partners). */
export function partner(id: string): PartnerConfig {
  const found = partners.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no partner ${id}`);
  return found;
}

/** A promise whose settling the test controls. */
export interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
}

export function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const mounted: { root: Root; container: HTMLElement }[] = [];

export interface Rendered {
  container: HTMLElement;
  submitted: SignupValues[];
}

/**
 * Renders a SignupForm for a partner into the test page. `onSubmit` defaults to recording the
 * values and resolving at once.
 */
export function renderSignupForm(
  partnerId: string,
  overrides: Partial<SignupFormProps> = {},
  wrapperStyle: Partial<CSSStyleDeclaration> = {},
): Rendered {
  const config = partner(partnerId);
  const submitted: SignupValues[] = [];
  const container = document.createElement('div');
  Object.assign(
    container.style,
    { maxWidth: '560px', margin: '24px auto', padding: '0 16px' },
    wrapperStyle,
  );
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <SignupForm
        form={config.form}
        partnerName={config.name}
        onSubmit={(values) => {
          submitted.push(values);
          return Promise.resolve();
        }}
        {...overrides}
      />,
    ),
  );
  mounted.push({ root, container });
  return { container, submitted };
}

export function cleanup() {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
}
