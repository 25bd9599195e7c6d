import { LineIcon } from '../../../ui/icons/LineIcon.tsx';

/*
 * Small inline icons for the form theme. They are decorative (aria-hidden): every one of them sits
 * next to text that carries the meaning, so colour and shape are never the only signal.
 */

interface IconProps {
  className?: string;
}

export function ErrorIcon({ className }: IconProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <rect x="9" y="4.5" width="2" height="7.5" rx="1" fill="#fff" />
      <circle cx="10" cy="14.75" r="1.25" fill="#fff" />
    </svg>
  );
}

export function CheckIcon({ className }: IconProps) {
  return <LineIcon className={className} path="M4 10.5l4 4 8-9" size={20} strokeWidth={2.5} />;
}

export function ChevronIcon({
  className,
  direction = 'down',
}: IconProps & { direction?: 'up' | 'down' }) {
  const path = direction === 'down' ? 'M5 7.5l5 5 5-5' : 'M5 12.5l5-5 5 5';
  return <LineIcon className={className} path={path} size={20} strokeWidth={2.25} />;
}
