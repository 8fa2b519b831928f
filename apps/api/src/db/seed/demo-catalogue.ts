/**
 * The demo catalogue. The monasteries are real places in Nepal, named here only to show the product with
 * believable content: the prices are invented and none of them has agreed to anything. A real deployment
 * starts with its own partners: production seeds this only with SEED_DEMO=true.
 */

import type { CompletionPhoto, MonasteryScene, PujaMotif } from './artwork.ts';

/** A name and description in Nepali and Traditional Chinese (docs/decisions/049), for some of the demo. */
export interface DemoTranslations {
  nameNe: string;
  nameZhHant: string;
  descriptionNe: string;
  descriptionZhHant: string;
}

export interface DemoPuja {
  slug: string;
  name: string;
  description: string;
  translations?: DemoTranslations;
  /** The ritual object its picture shows; each puja has its own. */
  motif: PujaMotif;
  hue: number;
}

export interface DemoMonastery {
  slug: string;
  name: string;
  description: string;
  translations?: DemoTranslations;
  /** Its picture: a building and landscape of its own, not another monastery's in other colours. */
  scene: MonasteryScene;
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
    translations: {
      nameNe: 'हरित तारा पूजा',
      nameZhHant: '綠度母法會',
      descriptionNe:
        'द्रुत करुणाकी स्त्री बुद्ध हरित तारालाई भिक्षुहरूले यजमानको तर्फबाट गर्ने प्रार्थना र स्तुति। डर, खतरा वा कठिन काम अघि परिवारहरूले यो पूजा गराउँछन्, ताकि बाधाहरू हटून् र सहायता छिट्टै आओस्।',
      descriptionZhHant:
        '由僧眾代功德主向綠度母——迅速救度的女性佛陀——祈請讚頌。家人在面臨恐懼、危難或艱難之事時請修此法會，祈願障礙消除、助力速來。',
    },
    motif: 'lotus',
    hue: 145,
  },
  {
    slug: 'medicine-buddha-puja',
    name: 'Medicine Buddha Puja',
    description:
      'A ritual of the Medicine Buddha, Sangye Menla, whose lapis-blue light is prayed to for healing. It is offered for someone who is ill, recovering from an operation or caring for others, asking for the relief of suffering of body and mind.',
    translations: {
      nameNe: 'भैषज्यगुरु बुद्ध पूजा',
      nameZhHant: '藥師佛法會',
      descriptionNe:
        'भैषज्यगुरु बुद्ध (सङ्गे मेन्ला) को पूजा, जसको नीलो प्रकाशसँग निको हुन प्रार्थना गरिन्छ। बिरामी, शल्यक्रियापछि निको हुँदै गरेका वा अरूको स्याहार गर्नेहरूका लागि, शरीर र मनको पीडा हटोस् भनी गरिन्छ।',
      descriptionZhHant:
        '藥師佛（桑傑曼拉）的法會，祈請其琉璃光療癒病苦。為病中、術後康復或照顧他人者而修，祈願身心痛苦得以解除。',
    },
    motif: 'vase',
    hue: 215,
  },
  {
    slug: 'white-tara-long-life-puja',
    name: 'White Tara Long-Life Puja',
    description:
      'Prayers to White Tara for long life, good health and wisdom. Traditionally offered for elders, for a newborn child, on a birthday, or when a teacher or family member is unwell.',
    translations: {
      nameNe: 'सेतो तारा दीर्घायु पूजा',
      nameZhHant: '白度母長壽法會',
      descriptionNe:
        'दीर्घायु, राम्रो स्वास्थ्य र प्रज्ञाका लागि सेतो तारालाई गरिने प्रार्थना। परम्परागत रूपमा वृद्धवृद्धा, नवजात शिशु वा जन्मदिनका लागि, अथवा गुरु वा परिवारका सदस्य बिरामी हुँदा गरिन्छ।',
      descriptionZhHant:
        '向白度母祈求長壽、健康與智慧。傳統上為長者、新生兒、生日，或上師、家人身體欠安時而修。',
    },
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
    translations: {
      nameNe: 'घिउ बत्ती अर्पण',
      nameZhHant: '酥油燈供養',
      descriptionNe:
        'भिक्षुहरूले तपाईंको तर्फबाट वेदीअगाडि घिउका बत्ती बालेर प्रार्थना गर्नुहुन्छ। हरेक ज्योति अज्ञानको अँध्यारो हटाउन, जीवित वा दिवंगत प्रियजनका लागि तपाईंको समर्पणसहित अर्पण गरिन्छ।',
      descriptionZhHant:
        '僧眾代您於佛前點燃酥油燈並念誦發願文。每一盞燈皆為驅除無明黑暗而供，並為在世或已故的親人作您的迴向。',
    },
    motif: 'lamp',
    hue: 40,
  },
  {
    slug: 'sang-smoke-offering',
    name: 'Sang Smoke Offering',
    description:
      'A purifying offering of fragrant juniper and herbs burned at dawn, with prayers to the Three Jewels and the local protectors. It is made to clear obstacles and restore harmony, and is often asked for before travel or a new beginning.',
    motif: 'smoke',
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
    translations: {
      nameNe: 'कोपन गुम्बा',
      nameZhHant: '柯槃寺',
      descriptionNe:
        'काठमाडौं उपत्यकामा बौद्धनाथको उत्तरतर्फको डाँडामा रहेको गेलुग परम्पराको गुम्बा, जसलाई सन् १९७० को दशकको सुरुमा लामा थुबतेन येशे र लामा जोपा रिन्पोछेले स्थापना गर्नुभएको हो। यहाँ सयौं भिक्षु बस्नुहुन्छ र यो आफ्ना ध्यान शिविरका लागि संसारभर चिनिन्छ।',
      descriptionZhHant:
        '位於加德滿都谷地博達哈大佛塔以北山丘上的格魯派寺院，由耶喜喇嘛與梭巴仁波切於1970年代初創建。寺中有數百位僧人，其禪修課程聞名世界。',
    },
    scene: 'hillside-gompa',
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
    scene: 'stupa',
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
    scene: 'pagoda',
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
    scene: 'hilltop',
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
    scene: 'alpine',
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
    scene: 'cliffside',
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

/** Demo accounts; each signs in with its phone number. */
export const demoAccounts = [
  { role: 'admin', phone: '+9779800000001', name: 'Demo Administrator', email: 'admin@example.com' },
  { role: 'monastery', phone: '+9779800000002', name: 'Demo Kopan Staff', email: 'kopan-staff@example.com' },
  { role: 'user', phone: '+9779800000003', name: 'Demo Patron', email: 'patron@example.com' },
] as const;

/** Something that happened to a demo order, `hoursAgo` hours before the seed ran. */
export type DemoOrderEvent = { hoursAgo: number } & (
  | { kind: 'paid' }
  | { kind: 'approved' }
  | { kind: 'declined' }
  | { kind: 'completed'; photos: CompletionPhoto[] }
  | { kind: 'message'; from: 'monastery' | 'patron'; text: string }
);

/**
 * One order of the demo patron at the first monastery (Kopan). The seed replays its events in time order
 * as the real transitions would have applied them, so its state and its money follow from its history.
 */
export interface DemoOrder {
  /** A puja the monastery offers (a catalogue puja's slug or its special puja's). */
  pujaSlug: string;
  /** The puja's day, counted from today in Nepal. */
  pujaInDays: number;
  paymentType: 'esewa' | 'khalti';
  beneficiary: string;
  intention: string;
  orderedHoursAgo: number;
  events: DemoOrderEvent[];
}

const DAY = 24;

/**
 * The demo patron's orders, one in each state a patron meets: awaiting payment (it expires after the
 * payment window like any unpaid order), paid and waiting for the monastery, approved with a
 * conversation, completed with photos, and declined with its refund due.
 */
export const demoPatronOrders: DemoOrder[] = [
  {
    pujaSlug: 'medicine-buddha-puja',
    pujaInDays: 21,
    paymentType: 'esewa',
    beneficiary: 'Dawa Tsering',
    intention: 'For my father, who is recovering from an operation on his knee.',
    orderedHoursAgo: 0,
    events: [],
  },
  {
    pujaSlug: 'butter-lamp-offering',
    pujaInDays: 10,
    paymentType: 'khalti',
    beneficiary: 'Pema Lhamo',
    intention: 'Lamps for my mother on her seventieth birthday.',
    orderedHoursAgo: 20,
    events: [{ hoursAgo: 20, kind: 'paid' }],
  },
  {
    pujaSlug: 'green-tara-puja',
    pujaInDays: 6,
    paymentType: 'esewa',
    beneficiary: 'Tenzin Norbu',
    intention: 'For my brother, who moves abroad for a new job this month.',
    orderedHoursAgo: 4 * DAY,
    events: [
      { hoursAgo: 4 * DAY, kind: 'paid' },
      { hoursAgo: 3 * DAY, kind: 'approved' },
      {
        hoursAgo: 3 * DAY - 1,
        kind: 'message',
        from: 'monastery',
        text: "Tashi delek! Your Green Tara Puja is confirmed. The monks will recite the praises to the Twenty-One Taras in the morning assembly, and Tenzin Norbu's name will be read in the dedication.",
      },
      {
        hoursAgo: 2 * DAY,
        kind: 'message',
        from: 'patron',
        text: 'Thank you. Could you also include our mother, Pema Lhamo? She worries about him.',
      },
      {
        hoursAgo: DAY + 6,
        kind: 'message',
        from: 'monastery',
        text: 'Of course: Pema Lhamo is now in the dedication too. We will send photos once the puja is done.',
      },
    ],
  },
  {
    pujaSlug: 'amitabha-puja-for-the-departed',
    pujaInDays: -12,
    paymentType: 'khalti',
    beneficiary: 'Karma Gyatso',
    intention: 'For my grandfather, who passed away last month, that he may find a peaceful rebirth.',
    orderedHoursAgo: 21 * DAY,
    events: [
      { hoursAgo: 21 * DAY, kind: 'paid' },
      { hoursAgo: 20 * DAY, kind: 'approved' },
      {
        hoursAgo: 20 * DAY - 1,
        kind: 'message',
        from: 'monastery',
        text: 'We will perform the Amitabha puja for Karma Gyatso on the day you chose, with butter lamps on the shrine.',
      },
      { hoursAgo: 12 * DAY - 8, kind: 'completed', photos: ['assembly', 'lamps', 'offerings'] },
      {
        hoursAgo: 12 * DAY - 9,
        kind: 'message',
        from: 'monastery',
        text: 'The puja for Karma Gyatso was performed this morning by the whole assembly. May he find a peaceful rebirth. The photos are with your order.',
      },
      {
        hoursAgo: 11 * DAY,
        kind: 'message',
        from: 'patron',
        text: 'Thank you with all our hearts. Seeing the lamps meant a great deal to my grandmother.',
      },
    ],
  },
  {
    pujaSlug: 'kopan-lama-chopa',
    pujaInDays: 4,
    paymentType: 'esewa',
    beneficiary: 'Lobsang Tenzin',
    intention: "For my teacher's health.",
    orderedHoursAgo: 6 * DAY,
    events: [
      { hoursAgo: 6 * DAY, kind: 'paid' },
      {
        hoursAgo: 5 * DAY + 1,
        kind: 'message',
        from: 'monastery',
        text: 'We are sorry: the monks who chant the Lama Chöpa are away on that day, so we cannot accept this order. Please order it again for another day. What you paid will be refunded in full.',
      },
      { hoursAgo: 5 * DAY, kind: 'declined' },
    ],
  },
];
