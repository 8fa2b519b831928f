/**
 * Wordmarks in each wallet's brand colour, drawn here rather than downloaded (no images from other
 * origins, nothing to license). Decorative: the buttons that hold them carry the accessible name.
 */
interface LogoProps {
  height?: number;
}

export function EsewaLogo({ height = 40 }: LogoProps) {
  return (
    <svg viewBox="0 0 120 40" height={height} aria-hidden="true" focusable="false">
      <rect width="120" height="40" rx="8" fill="#60bb46" />
      <text
        x="60"
        y="27"
        textAnchor="middle"
        fill="#ffffff"
        fontFamily="system-ui, Arial, sans-serif"
        fontSize="22"
        fontWeight="700"
      >
        eSewa
      </text>
    </svg>
  );
}

export function KhaltiLogo({ height = 40 }: LogoProps) {
  return (
    <svg viewBox="0 0 120 40" height={height} aria-hidden="true" focusable="false">
      <rect width="120" height="40" rx="8" fill="#5c2d91" />
      <text
        x="60"
        y="27"
        textAnchor="middle"
        fill="#ffffff"
        fontFamily="system-ui, Arial, sans-serif"
        fontSize="22"
        fontWeight="700"
      >
        khalti
      </text>
    </svg>
  );
}
