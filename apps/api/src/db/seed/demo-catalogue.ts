/**
 * The demo catalogue. The monasteries are real places in Nepal, named here only to show the product with
 * believable content: the prices are invented and none of them has agreed to anything. A real deployment
 * starts with SEED_DEMO=false and its own partners.
 */

export interface DemoPuja {
  slug: string;
  name: string;
  description: string;
  motif: 'lamp' | 'lotus' | 'wheel' | 'stupa' | 'flame' | 'vase' | 'knot' | 'conch' | 'parasol';
  hue: number;
}

export interface DemoMonastery {
  slug: string;
  name: string;
  description: string;
  hue: number;
  /** Puja slug → price in rupees. */
  offerings: Record<string, number>;
}

export const demoPujas: DemoPuja[] = [
  {
    slug: 'green-tara-puja',
    name: 'Green Tara Puja',
    description:
      'Prayers and praises to Green Tara, the female Buddha of swift compassion, recited by the monks on behalf of the patron. Families ask for it when facing fear, danger or a difficult undertaking, that obstacles may be cleared and help come quickly.',
    motif: 'lotus',
    hue: 145,
  },
  {
    slug: 'medicine-buddha-puja',
    name: 'Medicine Buddha Puja',
    description:
      'A ritual of the Medicine Buddha, Sangye Menla, whose lapis-blue light is prayed to for healing. It is offered for someone who is ill, recovering from an operation or caring for others, asking for the relief of suffering of body and mind.',
    motif: 'vase',
    hue: 215,
  },
  {
    slug: 'white-tara-long-life-puja',
    name: 'White Tara Long-Life Puja',
    description:
      'Prayers to White Tara for long life, good health and wisdom. Traditionally offered for elders, for a newborn child, on a birthday, or when a teacher or family member is unwell.',
    motif: 'parasol',
    hue: 200,
  },
  {
    slug: 'guru-rinpoche-puja',
    name: 'Guru Rinpoche Puja',
    description:
      'A feast-offering (tsok) to Guru Padmasambhava, who brought the Buddhist teachings to the Himalaya. Often requested on the tenth day of the lunar month to remove obstacles and bring blessings to a new home, journey or venture.',
    motif: 'flame',
    hue: 20,
  },
  {
    slug: 'mahakala-puja',
    name: 'Mahakala Puja',
    description:
      'Prayers to Mahakala, the wrathful protector who embodies the compassion of all Buddhas. Monasteries perform it to overcome obstacles and negativity, and especially at the end of the Tibetan year before Losar.',
    motif: 'wheel',
    hue: 260,
  },
  {
    slug: 'amitabha-puja-for-the-departed',
    name: 'Amitabha Puja for the Departed',
    description:
      'Prayers to Amitabha, the Buddha of Boundless Light, for someone who has passed away, that they find a peaceful and fortunate rebirth. Families often request it during the forty-nine days after a death and on its anniversaries.',
    motif: 'stupa',
    hue: 0,
  },
  {
    slug: 'butter-lamp-offering',
    name: 'Butter Lamp Offering',
    description:
      'The monks light butter lamps before the shrine on your behalf and recite prayers of aspiration. Each flame is offered to dispel the darkness of ignorance, with your dedication for loved ones living or departed.',
    motif: 'lamp',
    hue: 40,
  },
  {
    slug: 'sang-smoke-offering',
    name: 'Sang Smoke Offering',
    description:
      'A purifying offering of fragrant juniper and herbs burned at dawn, with prayers to the Three Jewels and the local protectors. It is made to clear obstacles and restore harmony, and is often asked for before travel or a new beginning.',
    motif: 'conch',
    hue: 95,
  },
];

export const demoSpecialPuja: DemoPuja & { cost: number } = {
  slug: 'kopan-lama-chopa',
  name: 'Lama Chöpa (Offering to the Spiritual Guide)',
  description:
    'The Guru Puja of the Gelug tradition, chanted by the Kopan sangha on the tenth and twenty-fifth days of the lunar month, with offerings and a dedication made in your name.',
  motif: 'knot',
  hue: 330,
  cost: 3100,
};

export const demoMonasteries: DemoMonastery[] = [
  {
    slug: 'kopan-monastery',
    name: 'Kopan Monastery',
    description:
      'A Gelug monastery on a hill north of Boudhanath in the Kathmandu valley, founded in the early 1970s by Lama Thubten Yeshe and Lama Zopa Rinpoche. It is home to several hundred monks and is known around the world for its meditation courses.',
    hue: 35,
    offerings: {
      'green-tara-puja': 2500,
      'medicine-buddha-puja': 3000,
      'white-tara-long-life-puja': 2800,
      'butter-lamp-offering': 1100,
      'amitabha-puja-for-the-departed': 5100,
    },
  },
  {
    slug: 'shechen-monastery',
    name: 'Shechen Tennyi Dargyeling Monastery',
    description:
      'A Nyingma monastery beside the great stupa of Boudhanath, established by Dilgo Khyentse Rinpoche in the 1980s to carry on the tradition of Shechen Monastery in Kham, eastern Tibet. It is known for its sacred dances, arts and scholarship.',
    hue: 5,
    offerings: {
      'guru-rinpoche-puja': 4500,
      'green-tara-puja': 2200,
      'butter-lamp-offering': 1000,
      'amitabha-puja-for-the-departed': 5500,
      'sang-smoke-offering': 1800,
    },
  },
  {
    slug: 'ka-nying-shedrub-ling',
    name: 'Ka-Nying Shedrub Ling Monastery',
    description:
      'Founded at Boudhanath in 1976 by Tulku Urgyen Rinpoche, and often called the White Monastery. It holds both the Kagyu and the Nyingma lineages and has long welcomed students from Nepal and abroad.',
    hue: 50,
    offerings: {
      'guru-rinpoche-puja': 4000,
      'medicine-buddha-puja': 3200,
      'mahakala-puja': 6000,
      'butter-lamp-offering': 1200,
    },
  },
  {
    slug: 'thrangu-tashi-yangtse-monastery',
    name: 'Thrangu Tashi Yangtse Monastery, Namo Buddha',
    description:
      'A Kagyu monastery founded by Khenchen Thrangu Rinpoche on the hill of Namo Buddha, about forty kilometres east of Kathmandu, where the Buddha in a former life is said to have given his body to a starving tigress and her cubs.',
    hue: 120,
    offerings: {
      'mahakala-puja': 5500,
      'medicine-buddha-puja': 2800,
      'white-tara-long-life-puja': 3000,
      'sang-smoke-offering': 1500,
    },
  },
  {
    slug: 'tengboche-monastery',
    name: 'Tengboche Monastery',
    description:
      'The great Sherpa monastery of the Khumbu, at 3,867 metres beneath Ama Dablam and Everest. Founded in 1916 and rebuilt after the fire of 1989, it belongs to the Nyingma tradition and hosts the Mani Rimdu festival each autumn.',
    hue: 195,
    offerings: {
      'sang-smoke-offering': 2000,
      'guru-rinpoche-puja': 5000,
      'butter-lamp-offering': 1500,
      'white-tara-long-life-puja': 3500,
    },
  },
  {
    slug: 'benchen-phuntsok-dargyeling',
    name: 'Benchen Phuntsok Dargyeling Monastery',
    description:
      'A Karma Kagyu monastery near the Swayambhunath stupa in Kathmandu, built by monks and lamas of Benchen Monastery in eastern Tibet to keep their tradition alive in exile, with a school and a retreat centre.',
    hue: 280,
    offerings: {
      'mahakala-puja': 5800,
      'amitabha-puja-for-the-departed': 4800,
      'green-tara-puja': 2400,
      'medicine-buddha-puja': 2900,
      'butter-lamp-offering': 900,
    },
  },
];

/** Demo accounts (phone sign-in arrives with the sign-in issue). */
export const demoAccounts = [
  { role: 'admin', phone: '+9779800000001', name: 'Demo Administrator', email: 'admin@example.com' },
  { role: 'monastery', phone: '+9779800000002', name: 'Demo Kopan Staff', email: 'kopan-staff@example.com' },
  { role: 'user', phone: '+9779800000003', name: 'Demo Patron', email: 'patron@example.com' },
] as const;
