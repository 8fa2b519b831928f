import { Anchor, Image, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Monastery } from '@puja/contract';
import { useTranslation } from 'react-i18next';
import { DetailsList, type DetailsRow } from '../../../components/details-list.tsx';
import { useCatalogueText } from '../../../lib/catalogue-text.ts';
import { thumbnailSrc } from '../../../lib/picture-sources.ts';

/**
 * A monastery's gallery, address and office contacts, as its staff wrote them and an administrator
 * approved (docs/decisions/046); nothing is drawn for what was not given.
 */
export function MonasteryVisit({ monastery }: { monastery: Monastery }) {
  const { t } = useTranslation('catalogue');
  const text = useCatalogueText();
  const gallery = monastery.gallery ?? [];
  const contacts: DetailsRow[] = [];
  if (monastery.address) contacts.push([t('monastery.address'), monastery.address]);
  if (monastery.phone)
    contacts.push([
      t('monastery.phone'),
      <Anchor key="phone" href={`tel:${monastery.phone.replace(/[^\d+]/g, '')}`}>
        {monastery.phone}
      </Anchor>,
    ]);
  if (monastery.email)
    contacts.push([
      t('monastery.email'),
      <Anchor key="email" href={`mailto:${monastery.email}`}>
        {monastery.email}
      </Anchor>,
    ]);
  if (gallery.length === 0 && contacts.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="monastery-visit">
      <Title order={2} id="monastery-visit">
        {t('monastery.visitHeading')}
      </Title>
      {gallery.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {gallery.map((path, index) => (
            <Image
              key={path}
              src={thumbnailSrc(path)}
              alt={t('monastery.galleryPicture', { name: text(monastery, 'name'), number: index + 1 })}
              loading="lazy"
              radius="md"
              h={160}
              fit="cover"
            />
          ))}
        </SimpleGrid>
      )}
      {contacts.length > 0 && <DetailsList rows={contacts} />}
    </Stack>
  );
}
