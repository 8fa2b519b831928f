import type { NoticeCatalogue } from './notices.ts';

/** नेपाली: the same keys and `{placeholders}` as en.ts (notices.test.ts). The patron of a puja is यजमान. */
export const ne: NoticeCatalogue = {
  sms: {
    signInCode:
      '{code} Puja मा साइन इन गर्ने तपाईंको कोड हो। यो {minutes} मिनेटमा समाप्त हुन्छ। यो कोड कसैलाई नदिनुहोस्।',
    phoneChangeCode:
      '{code} तपाईंको Puja खातामा यो नम्बर प्रयोग गर्ने कोड हो। यो {minutes} मिनेटमा समाप्त हुन्छ। यो कोड कसैलाई नदिनुहोस्।',
    phoneChanged:
      'तपाईंको Puja खाताको फोन नम्बर {ending} मा अन्त्य हुने नम्बरमा परिवर्तन गरियो। यो तपाईंले गर्नुभएको होइन भने तुरुन्तै हामीलाई सम्पर्क गर्नुहोस्: {contactUrl}',
    orderCancelled: 'तपाईंले {monastery} मा आफ्नो {puja} रद्द गर्नुभयो।',
    orderCancelledRefund: 'तपाईंले {monastery} मा आफ्नो {puja} रद्द गर्नुभयो। तपाईंले तिर्नुभएको {amount} फिर्ता गरिनेछ।',
    orderExpired: 'समयमै भुक्तानी नभएकाले तपाईंको अर्डरको म्याद सकियो। तपाईं जुनसुकै बेला फेरि पूजा अर्डर गर्न सक्नुहुन्छ।',
    paymentReceived: 'हामीले {monastery} मा {date} को {puja} का लागि तपाईंको {amount} भुक्तानी पायौं।',
    paymentDuplicate:
      'हामीले यस अर्डरका लागि {amount} को दोस्रो भुक्तानी पायौं, तर यो अर्डर पहिले नै तिरिसकिएको थियो। यो रकम फिर्ता गरिनेछ।',
    paymentAfterDeclined:
      'हामीले तपाईंको {amount} भुक्तानी पायौं, तर त्यो आइपुग्नुअघि नै यो अर्डर अस्वीकार भइसकेको थियो। यो रकम फिर्ता गरिनेछ।',
    paymentAfterCancelled:
      'हामीले तपाईंको {amount} भुक्तानी पायौं, तर त्यो आइपुग्नुअघि नै यो अर्डर रद्द भइसकेको थियो। यो रकम फिर्ता गरिनेछ।',
    paymentAfterExpired:
      'हामीले तपाईंको {amount} भुक्तानी पायौं, तर त्यो आइपुग्नुअघि नै यो अर्डरको म्याद सकिइसकेको थियो। यो रकम फिर्ता गरिनेछ।',
    orderApproved: '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकृत गर्‍यो।',
    orderApprovedAt: '{monastery} ले {date}, नेपाल समय {time} का लागि तपाईंको {puja} स्वीकृत गर्‍यो।',
    orderRedated: '{monastery} ले तपाईंको {puja} को मिति सारेर {date} बनायो।',
    orderRedatedAt: '{monastery} ले तपाईंको {puja} सारेर {date}, नेपाल समय {time} मा राख्यो।',
    orderDeclined: '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकार गर्न सकेन।',
    orderDeclinedRefund:
      '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकार गर्न सकेन। तपाईंले तिर्नुभएको {amount} फिर्ता गरिनेछ।',
    orderDeclinedUnavailable:
      '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकार गर्न सकेन: त्यो दिन उपलब्ध छैन। तपाईं {until} सम्म आफ्नो अर्डरको पृष्ठमा उहाँहरूलाई लेख्न सक्नुहुन्छ।',
    orderDeclinedUnavailableRefund:
      '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकार गर्न सकेन: त्यो दिन उपलब्ध छैन। तपाईंले तिर्नुभएको {amount} फिर्ता गरिनेछ; फिर्ता भएपछि हामी तपाईंलाई जानकारी दिनेछौं। तपाईं {until} सम्म आफ्नो अर्डरको पृष्ठमा उहाँहरूलाई लेख्न सक्नुहुन्छ।',
    orderDeclinedNotOffered:
      '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकार गर्न सकेन: उहाँहरू अहिले यो पूजा गर्नुहुन्न। तपाईं {until} सम्म आफ्नो अर्डरको पृष्ठमा उहाँहरूलाई लेख्न सक्नुहुन्छ।',
    orderDeclinedNotOfferedRefund:
      '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकार गर्न सकेन: उहाँहरू अहिले यो पूजा गर्नुहुन्न। तपाईंले तिर्नुभएको {amount} फिर्ता गरिनेछ; फिर्ता भएपछि हामी तपाईंलाई जानकारी दिनेछौं। तपाईं {until} सम्म आफ्नो अर्डरको पृष्ठमा उहाँहरूलाई लेख्न सक्नुहुन्छ।',
    orderDeclinedOther:
      '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकार गर्न सकेन। उहाँहरूको कारण: "{reason}"। तपाईं {until} सम्म आफ्नो अर्डरको पृष्ठमा उहाँहरूलाई लेख्न सक्नुहुन्छ।',
    orderDeclinedOtherRefund:
      '{monastery} ले {date} का लागि तपाईंको {puja} स्वीकार गर्न सकेन। उहाँहरूको कारण: "{reason}"। तपाईंले तिर्नुभएको {amount} फिर्ता गरिनेछ; फिर्ता भएपछि हामी तपाईंलाई जानकारी दिनेछौं। तपाईं {until} सम्म आफ्नो अर्डरको पृष्ठमा उहाँहरूलाई लेख्न सक्नुहुन्छ।',
    pujaReminder: 'सम्झना: {monastery} ले भोलि, {date} मा तपाईंको {puja} गर्नेछ।',
    pujaReminderAt: 'सम्झना: {monastery} ले भोलि, {date}, नेपाल समय {time} मा तपाईंको {puja} गर्नेछ।',
    pujaReminderAtYourTime:
      'सम्झना: {monastery} ले भोलि, {date}, नेपाल समय {time} (तपाईंको समय {yourTime}) मा तपाईंको {puja} गर्नेछ।',
    reminderNames: 'नामहरू: {names}',
    reminderMoreNames: '+{count} थप',
    staffMorningRunSheet: 'आज, {date} का पूजाहरू: {count}। पूजा सूची: {runSheetUrl}',
    orderCompleted: '{monastery} ले तपाईंको {puja} सम्पन्न गर्‍यो। तस्बिरहरू आफ्नो अर्डरको पृष्ठमा हेर्नुहोस्: {orderUrl}',
    monasteryMessage: '{monastery} ले तपाईंको {puja} बारे तपाईंलाई सन्देश पठाएको छ।',
    videoAdded: '{monastery} ले तपाईंको {puja} को भिडियो थप्यो। आफ्नो अर्डरको पृष्ठमा हेर्नुहोस्: {orderUrl}',
    livestreamAnnounced: '{monastery} ले तपाईंको {puja} {date} मा नेपाल समय {time} बजे प्रत्यक्ष देखाउनेछ: {url}',
    refunded: '{amount} तपाईंको {provider} खातामा फिर्ता गरिएको छ।',
    refundedWithReference: '{amount} तपाईंको {provider} खातामा फिर्ता गरिएको छ (सन्दर्भ {reference})।',
    concernRefunded:
      '{monastery} मा तपाईंको {puja} बारेको गुनासो स्वीकार गरियो: {amount} तपाईंको {provider} खातामा फिर्ता गरिनेछ।',
    concernRedone: '{monastery} मा तपाईंको {puja} बारेको गुनासो स्वीकार गरियो: पूजा {date} मा फेरि गरिनेछ।',
    concernRejected: '{monastery} मा तपाईंको {puja} बारेको गुनासो स्वीकार गरिएन: {reason}',
    staffPatronWrote: '{patron} ले आफ्नो {puja} बारे सन्देश लेख्नुभयो।',
    staffPatronWroteUnnamed: 'यजमानले आफ्नो {puja} बारे सन्देश लेख्नुभयो।',
    staffPaymentReceived:
      '{patron} ले {date} को {puja} का लागि {amount} तिर्नुभयो। यो तपाईंको स्वीकृतिका लागि तयार छ।',
    staffPaymentReceivedUnnamed:
      'एक यजमानले {date} को {puja} का लागि {amount} तिर्नुभयो। यो तपाईंको स्वीकृतिका लागि तयार छ।',
  },
  subjects: {
    orderCancelled: 'तपाईंको {puja} रद्द भयो',
    orderCancelledRefund: 'तपाईंको {puja} रद्द भयो',
    orderExpired: 'तपाईंको अर्डरको म्याद सकियो',
    paymentReceived: 'तपाईंको {puja} को भुक्तानी प्राप्त भयो',
    paymentDuplicate: 'दोस्रो भुक्तानी फिर्ता गरिनेछ',
    paymentAfterDeclined: 'तपाईंको भुक्तानी फिर्ता गरिनेछ',
    paymentAfterCancelled: 'तपाईंको भुक्तानी फिर्ता गरिनेछ',
    paymentAfterExpired: 'तपाईंको भुक्तानी फिर्ता गरिनेछ',
    orderApproved: '{monastery} ले तपाईंको {puja} स्वीकृत गर्‍यो',
    orderApprovedAt: '{monastery} ले तपाईंको {puja} स्वीकृत गर्‍यो',
    orderRedated: 'तपाईंको {puja} को नयाँ मिति',
    orderRedatedAt: 'तपाईंको {puja} को नयाँ मिति',
    orderDeclined: '{monastery} ले तपाईंको {puja} स्वीकार गर्न सकेन',
    orderDeclinedRefund: '{monastery} ले तपाईंको {puja} स्वीकार गर्न सकेन',
    orderDeclinedUnavailable: '{monastery} ले तपाईंको {puja} स्वीकार गर्न सकेन',
    orderDeclinedUnavailableRefund: '{monastery} ले तपाईंको {puja} स्वीकार गर्न सकेन',
    orderDeclinedNotOffered: '{monastery} ले तपाईंको {puja} स्वीकार गर्न सकेन',
    orderDeclinedNotOfferedRefund: '{monastery} ले तपाईंको {puja} स्वीकार गर्न सकेन',
    orderDeclinedOther: '{monastery} ले तपाईंको {puja} स्वीकार गर्न सकेन',
    orderDeclinedOtherRefund: '{monastery} ले तपाईंको {puja} स्वीकार गर्न सकेन',
    pujaReminder: 'भोलि: तपाईंको {puja}',
    pujaReminderAt: 'भोलि: तपाईंको {puja}',
    pujaReminderAtYourTime: 'भोलि: तपाईंको {puja}',
    orderCompleted: 'तपाईंको {puja} सम्पन्न भयो',
    monasteryMessage: '{monastery} बाट सन्देश',
    videoAdded: 'तपाईंको {puja} को भिडियो',
    livestreamAnnounced: 'तपाईंको {puja} प्रत्यक्ष हेर्नुहोस्',
    refunded: 'तपाईंको रकम फिर्ता गरियो',
    refundedWithReference: 'तपाईंको रकम फिर्ता गरियो',
    concernRefunded: 'तपाईंको {puja} बारेको गुनासो: फिर्ता',
    concernRedone: 'तपाईंको {puja} बारेको गुनासो: फेरि गरिने',
    concernRejected: 'तपाईंको {puja} बारेको गुनासो',
  },
  calendar: {
    title: '{monastery}मा {puja}',
    ordered: 'अर्डर {order}: {puja}, नेपालमा {monastery}ले गर्ने।',
    timeSet: 'गुम्बाले समय तोकेको छ: नेपाल समय {time}।',
    allDay: 'पूजा नेपालमा यही दिन हुन्छ; गुम्बाले समय तोकेको छैन।',
    yourOrder: 'तपाईंको अर्डर: {orderUrl}',
    location: '{monastery}, नेपाल',
  },
  email: {
    names: 'प्रार्थना गरिने नामहरू: {names}',
    greeting: 'आदरणीय {name},',
    greetingUnnamed: 'नमस्ते,',
    openOrder: 'आफ्नो अर्डर हेर्नुहोस्',
    openOrderAt: 'आफ्नो अर्डर हेर्नुहोस्: {orderUrl}',
    receiptAttached: 'तपाईंको रसिद यस इमेलमा संलग्न छ (PDF)।',
    calendarAttached: 'पूजा क्यालेन्डर कार्यक्रमको रूपमा संलग्न छ: आफ्नो क्यालेन्डरमा दिन थप्न यसलाई खोल्नुहोस्।',
    nepalDates: 'मितिहरू नेपालका दिन हुन्, जहाँ भिक्षुहरूले प्रार्थना गर्नुहुन्छ।',
    signature: 'शुभकामनासहित, {site} टोली',
    why: 'तपाईंले {site} मा पूजा अर्डर गर्नुभएकाले यी इमेलहरू पाउनुहुन्छ। तपाईं आफ्नो खाताको सेटिङमा यिनलाई बन्द गर्न सक्नुहुन्छ: {settingsUrl}',
  },
};
