import { useTranslation } from 'react-i18next';
import { useLocalPath } from '../lib/use-local-path.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { PlainButtonLink, PlainStack, PlainText, PlainTitle } from './plain-ui.tsx';

/**
 * What the 404 route shows; also shown in place of a monastery or puja that does not exist, and, in its
 * own words, of a certificate code that names none.
 */
export function NotFoundContent({ title, description }: { title?: string; description?: string } = {}) {
  const { t } = useTranslation();
  const heading = title ?? t('notFound.title');
  usePageTitle(heading);
  const localPath = useLocalPath();
  return (
    <PlainStack
      align="center"
      gap="md"
      style={{ paddingBlock: 'var(--mantine-spacing-xl)', textAlign: 'center' }}
    >
      <PlainText
        aria-hidden
        style={{
          color: 'var(--mantine-color-maroon-7)',
          fontSize: 'calc(4rem * var(--mantine-scale))',
          fontWeight: 800,
          lineHeight: 1,
        }}
      >
        404
      </PlainText>
      <PlainTitle>{heading}</PlainTitle>
      <PlainText
        style={{ color: 'var(--mantine-color-dimmed)', maxWidth: 'calc(30rem * var(--mantine-scale))' }}
      >
        {description ?? t('notFound.description')}
      </PlainText>
      <PlainButtonLink to={localPath('/')}>{t('notFound.backHome')}</PlainButtonLink>
    </PlainStack>
  );
}
