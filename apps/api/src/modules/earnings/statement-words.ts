import type { Language, StatementLineKind } from '@puja/contract';

/**
 * The monthly statement's words in each language (docs/decisions/034): the PDF's and the CSV's headings
 * and the description of each kind of line. `{id}` is a payout's number.
 */
export interface StatementWords {
  title: string;
  monastery: string;
  month: string;
  opening: string;
  closing: string;
  columns: {
    date: string;
    description: string;
    order: string;
    puja: string;
    amount: string;
    commission: string;
    net: string;
    reference: string;
    /** A card payment's columns (docs/decisions/057): its currency, the amount, its rupees, Stripe's fee. */
    cardCurrency: string;
    cardAmount: string;
    cardRupees: string;
    cardFee: string;
    cardFeeRupees: string;
  };
  /** The PDF's line under an order paid by card: `{amount}`, `{rupees}`, `{fee}`, `{feeRupees}`. */
  card: string;
  /** The same line when Stripe has not told its fee yet. */
  cardNoFee: string;
  kinds: Record<StatementLineKind, string>;
  totals: string;
  noMovements: string;
  notes: string[];
  negative: string;
  page: string;
}

const en: StatementWords = {
  title: 'Monthly statement',
  monastery: 'Monastery',
  month: 'Month (Nepal time)',
  opening: 'Opening balance',
  closing: 'Closing balance',
  columns: {
    date: 'Date',
    description: 'Description',
    order: 'Order',
    puja: 'Puja',
    amount: 'Amount',
    commission: 'Commission',
    net: 'Net',
    reference: 'Reference',
    cardCurrency: 'Card currency',
    cardAmount: 'Paid by card',
    cardRupees: 'Card payment in rupees',
    cardFee: 'Card fee',
    cardFeeRupees: 'Card fee in rupees',
  },
  card: 'Paid by card: {amount} = {rupees}; Stripe’s fee {fee} ({feeRupees}) is borne by the platform',
  cardNoFee: 'Paid by card: {amount} = {rupees}',
  kinds: {
    order_completed: 'Puja performed',
    clawback: 'Refund after the puja (clawback)',
    order_redone: 'Puja to be performed again (held)',
    payout_started: 'Payout #{id} started',
    payout_paid: 'Payout #{id} transferred',
    payout_failed: 'Payout #{id} failed: money returned',
  },
  totals: 'Totals',
  noMovements: 'No movements this month.',
  notes: [
    'Amounts in Nepalese rupees; dates in Nepal time.',
    'Opening balance + every line’s net = closing balance. A payout leaves the balance when it starts; its transfer is listed when recorded.',
  ],
  negative:
    'A negative balance means refunds after performed pujas took back more than was owed; later earnings net it.',
  page: 'Page {page} of {pages}',
};

const ne: StatementWords = {
  title: 'मासिक विवरण',
  monastery: 'गुम्बा',
  month: 'महिना (नेपाल समय)',
  opening: 'सुरुको बाँकी',
  closing: 'अन्तिम बाँकी',
  columns: {
    date: 'मिति',
    description: 'विवरण',
    order: 'अर्डर',
    puja: 'पूजा',
    amount: 'रकम',
    commission: 'कमिसन',
    net: 'खुद',
    reference: 'सन्दर्भ',
    cardCurrency: 'कार्डको मुद्रा',
    cardAmount: 'कार्डबाट तिरेको',
    cardRupees: 'कार्ड भुक्तानी रुपैयाँमा',
    cardFee: 'कार्ड शुल्क',
    cardFeeRupees: 'कार्ड शुल्क रुपैयाँमा',
  },
  card: 'कार्डबाट तिरेको: {amount} = {rupees}; Stripe को शुल्क {fee} ({feeRupees}) प्लेटफर्मले बेहोर्छ',
  cardNoFee: 'कार्डबाट तिरेको: {amount} = {rupees}',
  kinds: {
    order_completed: 'पूजा सम्पन्न',
    clawback: 'पूजापछि फिर्ता (कटौती)',
    order_redone: 'पूजा फेरि गरिने (रोकिएको)',
    payout_started: 'भुक्तानी #{id} सुरु',
    payout_paid: 'भुक्तानी #{id} पठाइयो',
    payout_failed: 'भुक्तानी #{id} असफल: रकम फिर्ता',
  },
  totals: 'जम्मा',
  noMovements: 'यो महिना कुनै कारोबार भएन।',
  notes: [
    'रकम नेपाली रुपैयाँमा; मिति नेपाल समयमा।',
    'सुरुको बाँकी + हरेक पङ्क्तिको खुद = अन्तिम बाँकी। भुक्तानी सुरु हुँदा बाँकीबाट घट्छ; पठाइएको कुरा अभिलेख हुँदा देखिन्छ।',
  ],
  negative: 'ऋणात्मक बाँकीको अर्थ सम्पन्न पूजापछिका फिर्ताले बाँकीभन्दा बढी घटाए; पछिको कमाइले मिलाउँछ।',
  page: 'पृष्ठ {page} / {pages}',
};

const zhHant: StatementWords = {
  title: '月結單',
  monastery: '寺院',
  month: '月份（尼泊爾時間）',
  opening: '期初餘額',
  closing: '期末餘額',
  columns: {
    date: '日期',
    description: '說明',
    order: '預約',
    puja: '法會',
    amount: '金額',
    commission: '佣金',
    net: '淨額',
    reference: '參考編號',
    cardCurrency: '信用卡幣別',
    cardAmount: '信用卡付款金額',
    cardRupees: '信用卡付款（盧比）',
    cardFee: '信用卡手續費',
    cardFeeRupees: '信用卡手續費（盧比）',
  },
  card: '以信用卡付款：{amount} = {rupees}；Stripe 手續費 {fee}（{feeRupees}）由平台負擔',
  cardNoFee: '以信用卡付款：{amount} = {rupees}',
  kinds: {
    order_completed: '法會已完成',
    clawback: '法會後退款（追回）',
    order_redone: '法會將重新進行（暫扣）',
    payout_started: '撥款 #{id} 已開始',
    payout_paid: '撥款 #{id} 已轉帳',
    payout_failed: '撥款 #{id} 失敗：款項退回',
  },
  totals: '合計',
  noMovements: '本月沒有任何異動。',
  notes: [
    '金額以尼泊爾盧比計；日期為尼泊爾時間。',
    '期初餘額 + 每行淨額 = 期末餘額。撥款開始時即從餘額扣除；轉帳於記錄時列出。',
  ],
  negative: '餘額為負，表示法會完成後的退款追回的金額超過應付款；之後的收入會抵銷。',
  page: '第 {page} 頁，共 {pages} 頁',
};

export const STATEMENT_WORDS: Record<Language, StatementWords> = { en, ne, 'zh-Hant': zhHant };
