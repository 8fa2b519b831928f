import type { Monastery, PujaDetail } from '@puja/contract';

/** 150 characters, so a 100- or 50-character preview visibly cuts it. */
export const LONG_DESCRIPTION =
  'Green Tara is the mother of all Buddhas, swift to help. Her puja removes obstacles, fear and illness, and brings long life to those it is offered for.';

export const monasteryFixture: Monastery = {
  id: 1,
  slug: 'kopan-monastery',
  name: 'Kopan Monastery',
  description: 'A monastery on a hill north of Boudhanath, home to several hundred monks.',
  image_path: '/uploads/kopan.jpg',
  status: 1,
  version: 1,
  pujas: [
    {
      id: 11,
      slug: 'green-tara-puja',
      name: 'Green Tara Puja',
      description: LONG_DESCRIPTION,
      image_path: '/uploads/tara.jpg',
      status: 1,
      version: 1,
      monastery_id: null,
      pivot: { id: 101, cost: 1500 },
    },
    {
      id: 12,
      slug: 'medicine-buddha-puja',
      name: 'Medicine Buddha Puja',
      description: 'For healing.',
      image_path: null,
      status: 1,
      version: 1,
      monastery_id: null,
      pivot: { id: 102, cost: 500 },
    },
    {
      id: 13,
      slug: null,
      name: 'Guru Rinpoche Tsok',
      description: 'A feast offering to Guru Rinpoche on the tenth day of the lunar month.',
      image_path: null,
      status: 1,
      version: 1,
      monastery_id: 1,
      pivot: { id: 103, cost: 3000 },
    },
  ],
};

export const pujaFixture: PujaDetail = {
  id: 11,
  slug: 'green-tara-puja',
  name: 'Green Tara Puja',
  description: LONG_DESCRIPTION,
  image_path: '/uploads/tara.jpg',
  status: 1,
  version: 1,
  monastery_id: null,
  monasteries: [
    {
      id: 1,
      slug: 'kopan-monastery',
      name: 'Kopan Monastery',
      description: LONG_DESCRIPTION,
      image_path: '/uploads/kopan.jpg',
      status: 1,
      version: 1,
      pivot: { id: 101, cost: 1500 },
    },
    {
      id: 2,
      slug: 'sechen-tennyi-dargyeling',
      name: 'Shechen Tennyi Dargyeling',
      description: 'Near the great stupa.',
      image_path: null,
      status: 1,
      version: 1,
      pivot: { id: 201, cost: 2500 },
    },
    {
      id: 3,
      slug: null,
      name: 'Pullahari Monastery',
      description: 'A retreat centre above the valley.',
      image_path: null,
      status: 1,
      version: 1,
      pivot: { id: 301, cost: 800 },
    },
  ],
};
