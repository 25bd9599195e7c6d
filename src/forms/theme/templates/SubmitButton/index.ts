export { CtaButton } from './CtaButton.tsx';
export type { CtaButtonProps } from './CtaButton.tsx';
export { SubmitButton } from './SubmitButton.tsx';
