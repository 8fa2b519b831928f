import { useTranslation } from 'react-i18next';
import { PlainButton, PlainContainer, PlainStack, PlainText, PlainTitle } from '../components/plain-ui.tsx';

/**
 * The last resort when a page throws while rendering or its code fails to load (often a deploy replaced
 * the chunks this tab knew about; a reload fetches the new ones). Unknown addresses are not errors: the
 * route table's `*` page answers them.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <PlainContainer size="sm" style={{ paddingBlock: 'var(--mantine-spacing-xl)' }}>
      <PlainStack align="center" gap="md" style={{ textAlign: 'center' }} role="alert">
        <PlainTitle>{t('errors.routeErrorTitle')}</PlainTitle>
        <PlainText style={{ color: 'var(--mantine-color-dimmed)' }}>
          {t('errors.routeErrorDescription')}
        </PlainText>
        <PlainButton onClick={() => window.location.reload()}>{t('errors.reload')}</PlainButton>
      </PlainStack>
    </PlainContainer>
  );
}
