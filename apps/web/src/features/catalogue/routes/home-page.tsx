import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
    <Stack gap={48}>
      <Paper component="section" bg="saffron.0" p={{ base: 'lg', sm: 48 }} radius="lg">
        <Stack gap="md" maw={720}>
          <Title order={1} c="maroon.8">
            {t('home.greeting')}
          </Title>
          <Text size="lg">{t('home.description')}</Text>
          {offerSignUp && (
            <div>
              <Button size="md" onClick={() => openLoginPrompt()}>
                {t('home.signUp')}
              </Button>
            </div>
          )}
        </Stack>
      </Paper>

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
    </Stack>
  );
}
