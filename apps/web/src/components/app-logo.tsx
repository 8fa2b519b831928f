import { useTranslation } from 'react-i18next';
import { PlainGroup, PlainText } from './plain-ui.tsx';

interface AppLogoProps {
  size?: number;
  /** Dark backgrounds need the light name. */
  variant?: 'default' | 'light';
  /** Where space is short the wheel alone stands for the product; its link keeps the name for readers. */
  nameVisibleFrom?: 'xs' | 'sm';
}

/** A dharma wheel in robe colours beside the product's name. */
export function AppLogo({ size = 36, variant = 'default', nameVisibleFrom }: AppLogoProps) {
  const { t } = useTranslation();
  return (
    <PlainGroup gap="xs">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="#8a2630" />
        <g stroke="#ffc061" strokeWidth="3.5" strokeLinecap="round" fill="none">
          <circle cx="32" cy="32" r="20" />
          <path d="M32 12v40M12 32h40M17.9 17.9l28.2 28.2M46.1 17.9 17.9 46.1" />
        </g>
        <circle cx="32" cy="32" r="6" fill="#ffc061" />
      </svg>
      <PlainText
        component="span"
        visibleFrom={nameVisibleFrom}
        style={{
          color: `var(--mantine-color-${variant === 'light' ? 'white' : 'maroon-8'})`,
          fontSize: 'var(--mantine-font-size-lg)',
          fontWeight: 700,
          lineHeight: 1.1,
        }}
      >
        {t('appName')}
      </PlainText>
    </PlainGroup>
  );
}
