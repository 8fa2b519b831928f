import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton, PlainStack, PlainText, PlainTitle } from '../../../components/plain-ui.tsx';
import { StaticPart } from '../../../components/static-part.tsx';
import { openLoginPrompt } from '../../../lib/login-prompt.ts';
import { useSession } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMonasteries } from '../api/get-monasteries.ts';
import { usePujas } from '../api/get-pujas.ts';
import {
  catalogueGridStyles,
  MonasteryGrid,
  PujaGrid,
  usePreloadedCatalogueGrids,
} from '../components/lazy-catalogue-grids.ts';
import classes from './home-page.module.css';

/** Enough to fill two rows on a wide screen; the rest is one click away. */
const HOME_GRID_LIMIT = 6;

export function HomePage() {
  const { t, i18n } = useTranslation('catalogue');
  usePageTitle(undefined);
  usePreloadedCatalogueGrids();
  const monasteries = useMonasteries();
  const pujas = usePujas();
  const session = useSession();
  // docs/product.md#home-page offers Sign Up while the auth state has no phone; a signed-in account without a phone (staff
  // signing in by password) is not offered a second sign-in either.
  const offerSignUp = !session.phone && !session.token;

  return (
    <PlainStack gap={48}>
      {/* The library's Paper (radius lg, saffron.0), its padding by breakpoint in home-page.module.css. */}
      <section
        style={{ '--paper-radius': 'var(--mantine-radius-lg)' } as CSSProperties}
        className={`m_1b7284a3 mantine-Paper-root ${classes.hero}`}
      >
        <PlainStack gap="md" style={{ maxWidth: 'calc(45rem * var(--mantine-scale))' }}>
          <PlainTitle color="maroon-8">{t('home.greeting')}</PlainTitle>
          <PlainText size="lg">{t('home.description')}</PlainText>
          {offerSignUp && (
            <div>
              <PlainButton size="md" onClick={() => openLoginPrompt()}>
                {t('home.signUp')}
              </PlainButton>
            </div>
          )}
        </PlainStack>
      </section>

      {/* The cards are read and followed, never changed by a tap: the server's HTML stays (decision 032). */}
      <StaticPart
        styles={catalogueGridStyles}
        id="home-monasteries"
        inputs={[monasteries.status, monasteries.data, i18n.language]}
      >
        <MonasteryGrid
          heading={t('home.monasteriesHeading')}
          headingOrder={2}
          query={monasteries}
          emptyText={t('monasteries.empty')}
          limit={HOME_GRID_LIMIT}
          moreLink={{ to: '/monasteries', label: t('home.allMonasteries') }}
        />
      </StaticPart>

      <StaticPart
        styles={catalogueGridStyles}
        id="home-pujas"
        inputs={[pujas.status, pujas.data, i18n.language]}
      >
        <PujaGrid
          heading={t('home.pujasHeading')}
          headingOrder={2}
          query={pujas}
          emptyText={t('pujas.empty')}
          limit={HOME_GRID_LIMIT}
          moreLink={{ to: '/pujas', label: t('home.allPujas') }}
        />
      </StaticPart>
    </PlainStack>
  );
}
