/**
 * A decorative icon drawn as one rounded line in the text colour (a check, a chevron). Hidden
 * from screen readers: the text or label beside it carries the meaning.
 */
export function LineIcon({
  path,
  size,
  strokeWidth,
  className,
}: {
  /** The line, in a `size` × `size` box. */
  path: string;
  size: number;
  strokeWidth: number;
  className?: string;
}) {
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
