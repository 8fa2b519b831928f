/**
 * Every SMS and e-mail text the server sends, in English: the catalogue the other languages copy key for
 * key (`ne.ts`, `zh-Hant.ts`; docs/decisions/019). `{name}` marks a value filled in when the text is sent;
 * each language has the same ones (notices.test.ts). Names of pujas and monasteries, amounts and order
 * numbers are filled in as they are.
 */
export const en = {
  /** Texts: the sign-in codes, the account's own notices, and one line per change of an order. */
  sms: {
    signInCode:
      '{code} is your sign-in code for Puja. It expires in {minutes} minutes. Never share it with anyone.',
    phoneChangeCode:
      '{code} is your code to use this number for your Puja account. It expires in {minutes} minutes. Never share it with anyone.',
    phoneChanged:
      'The phone number of your Puja account was changed to a number ending in {ending}. If you did not do this, contact us at once: {contactUrl}',
    orderCancelled: 'You cancelled your {puja} at {monastery}.',
    orderCancelledRefund: 'You cancelled your {puja} at {monastery}. The {amount} you paid will be refunded.',
    orderExpired:
      'Your order expired because it was not paid in time. You can order the puja again at any time.',
    paymentReceived: 'We received your payment of {amount} for {puja} at {monastery} on {date}.',
    planPaymentReceived:
      'We received your payment of {amount} for {count} pujas of {puja} at {monastery}, the first on {date}.',
    planOccurrencePayBy:
      "Your {puja} at {monastery} on {date} is waiting for its payment: please pay it by {payBy} on your plan's page, or it will expire and its day will be freed.",
    paymentByLink: '{payer} paid {amount} through your link for {puja} at {monastery} on {date}.',
    paymentByLinkUnnamed: 'Someone paid {amount} through your link for {puja} at {monastery} on {date}.',
    paymentDuplicate:
      'We received a second payment of {amount} for this order, which was already paid. It will be refunded.',
    paymentAfterDeclined:
      'We received your payment of {amount}, but this order was declined before it arrived. It will be refunded.',
    paymentAfterCancelled:
      'We received your payment of {amount}, but this order was cancelled before it arrived. It will be refunded.',
    paymentAfterExpired:
      'We received your payment of {amount}, but this order was expired before it arrived. It will be refunded.',
    orderApproved: '{monastery} approved your {puja} for {date}.',
    orderApprovedAt: '{monastery} approved your {puja} for {date} at {time} Nepal time.',
    orderRedated: '{monastery} moved the date of your {puja} for {date}.',
    orderRedatedAt: '{monastery} moved your {puja} to {date} at {time} Nepal time.',
    orderDeclined: '{monastery} could not accept your {puja} for {date}.',
    orderDeclinedRefund:
      '{monastery} could not accept your {puja} for {date}. The {amount} you paid will be refunded.',
    orderDeclinedUnavailable:
      "{monastery} could not accept your {puja} for {date}: that day is not available. You can write to them on your order's page until {until}.",
    orderDeclinedUnavailableRefund:
      "{monastery} could not accept your {puja} for {date}: that day is not available. The {amount} you paid will be refunded by {refundBy}; we will tell you when it is made. You can write to them on your order's page until {until}.",
    orderDeclinedNotOffered:
      "{monastery} could not accept your {puja} for {date}: they do not offer this puja now. You can write to them on your order's page until {until}.",
    orderDeclinedNotOfferedRefund:
      "{monastery} could not accept your {puja} for {date}: they do not offer this puja now. The {amount} you paid will be refunded by {refundBy}; we will tell you when it is made. You can write to them on your order's page until {until}.",
    orderDeclinedOther:
      '{monastery} could not accept your {puja} for {date}. Their reason: "{reason}". You can write to them on your order\'s page until {until}.',
    orderDeclinedOtherRefund:
      '{monastery} could not accept your {puja} for {date}. Their reason: "{reason}". The {amount} you paid will be refunded by {refundBy}; we will tell you when it is made. You can write to them on your order\'s page until {until}.',
    pujaReminder: 'Reminder: {monastery} performs your {puja} tomorrow, {date}.',
    pujaReminderAt: 'Reminder: {monastery} performs your {puja} tomorrow, {date}, at {time} Nepal time.',
    pujaReminderAtYourTime:
      'Reminder: {monastery} performs your {puja} tomorrow, {date}, at {time} Nepal time ({yourTime} your time).',
    pujaReminderToday: 'Reminder: {monastery} performs your {puja} today, {date}.',
    pujaReminderTodayAt: 'Reminder: {monastery} performs your {puja} today, {date}, at {time} Nepal time.',
    pujaReminderTodayAtYourTime:
      'Reminder: {monastery} performs your {puja} today, {date}, at {time} Nepal time ({yourTime} your time).',
    reminderNames: 'Names: {names}',
    reminderMoreNames: '+{count} more',
    staffMorningRunSheet: 'Pujas today, {date}: {count}. The run sheet: {runSheetUrl}',
    orderCompleted: "{monastery} has completed your {puja}. See the photos on your order's page: {orderUrl}",
    monasteryMessage: '{monastery} sent you a message about your {puja}.',
    videoAdded: "{monastery} added a video of your {puja}. Watch it on your order's page: {orderUrl}",
    livestreamAnnounced: '{monastery} will stream your {puja} on {date} at {time} Nepal time: {url}',
    refunded: '{amount} has been refunded to your {provider} account.',
    refundedWithReference: '{amount} has been refunded to your {provider} account (reference {reference}).',
    concernRefunded:
      'Your concern about your {puja} at {monastery} was upheld: {amount} will be refunded to your {provider} account.',
    concernRedone:
      'Your concern about your {puja} at {monastery} was upheld: the puja will be performed again on {date}.',
    concernRejected: 'Your concern about your {puja} at {monastery} was not upheld: {reason}',
    staffPatronWrote: '{patron} wrote about their {puja}.',
    staffPatronWroteUnnamed: 'The patron wrote about their {puja}.',
    staffConcernRaised:
      '{patron} raised a concern about their {puja} of {date}. An administrator will look into it; you can read it on the order.',
    staffConcernRaisedUnnamed:
      'The patron raised a concern about their {puja} of {date}. An administrator will look into it; you can read it on the order.',
    staffPaymentReceived: '{patron} paid {amount} for {puja} on {date}. It is ready for your approval.',
    staffPaymentReceivedUnnamed:
      'A patron paid {amount} for {puja} on {date}. It is ready for your approval.',
    staffPlanPaymentReceived:
      '{patron} paid {amount} for {count} pujas of {puja}, the first on {date}. Each is ready for your approval.',
    staffPlanPaymentReceivedUnnamed:
      'A patron paid {amount} for {count} pujas of {puja}, the first on {date}. Each is ready for your approval.',
  },
  /** E-mail subjects, one for each notice a patron may receive by e-mail (the order's number goes before it). */
  subjects: {
    orderCancelled: 'Your {puja} is cancelled',
    orderCancelledRefund: 'Your {puja} is cancelled',
    orderExpired: 'Your order expired',
    paymentReceived: 'Payment received for your {puja}',
    planPaymentReceived: 'Payment received for your {count} pujas of {puja}',
    planOccurrencePayBy: 'Your {puja} on {date} is to be paid by {payBy}',
    paymentByLink: 'Your {puja} was paid through your link',
    paymentByLinkUnnamed: 'Your {puja} was paid through your link',
    paymentDuplicate: 'A second payment will be refunded',
    paymentAfterDeclined: 'Your payment will be refunded',
    paymentAfterCancelled: 'Your payment will be refunded',
    paymentAfterExpired: 'Your payment will be refunded',
    orderApproved: '{monastery} approved your {puja}',
    orderApprovedAt: '{monastery} approved your {puja}',
    orderRedated: 'Your {puja} has a new date',
    orderRedatedAt: 'Your {puja} has a new date',
    orderDeclined: '{monastery} could not accept your {puja}',
    orderDeclinedRefund: '{monastery} could not accept your {puja}',
    orderDeclinedUnavailable: '{monastery} could not accept your {puja}',
    orderDeclinedUnavailableRefund: '{monastery} could not accept your {puja}',
    orderDeclinedNotOffered: '{monastery} could not accept your {puja}',
    orderDeclinedNotOfferedRefund: '{monastery} could not accept your {puja}',
    orderDeclinedOther: '{monastery} could not accept your {puja}',
    orderDeclinedOtherRefund: '{monastery} could not accept your {puja}',
    pujaReminder: 'Tomorrow: your {puja}',
    pujaReminderAt: 'Tomorrow: your {puja}',
    pujaReminderAtYourTime: 'Tomorrow: your {puja}',
    pujaReminderToday: 'Today: your {puja}',
    pujaReminderTodayAt: 'Today: your {puja}',
    pujaReminderTodayAtYourTime: 'Today: your {puja}',
    orderCompleted: 'Your {puja} is completed',
    monasteryMessage: 'A message from {monastery}',
    videoAdded: 'A video of your {puja}',
    livestreamAnnounced: 'Watch your {puja} live',
    refunded: 'Your refund was made',
    refundedWithReference: 'Your refund was made',
    concernRefunded: 'Your concern about your {puja}: a refund',
    concernRedone: 'Your concern about your {puja}: performed again',
    concernRejected: 'Your concern about your {puja}',
  },
  /** The puja as a calendar event (.ics): what the patron's calendar shows. */
  calendar: {
    title: '{puja} at {monastery}',
    ordered: 'Order {order}: {puja}, performed by {monastery} in Nepal.',
    timeSet: 'The monastery set the time: {time} Nepal time.',
    allDay: 'The puja is on this day in Nepal; the monastery has not set a time.',
    yourOrder: 'Your order: {orderUrl}',
    location: '{monastery}, Nepal',
  },
  /** The parts of every e-mail around the notice itself. */
  email: {
    names: 'Names to pray for: {names}',
    greeting: 'Dear {name},',
    greetingUnnamed: 'Hello,',
    openOrder: 'See your order',
    openOrderAt: 'See your order: {orderUrl}',
    receiptAttached: 'Your receipt is attached to this e-mail (PDF).',
    calendarAttached: 'The puja is attached as a calendar event: open it to add the day to your calendar.',
    nepalDates: 'Dates are days in Nepal, where the monks pray.',
    signature: 'With our good wishes, the {site} team',
    why: 'You receive these e-mails because you ordered a puja on {site}. You can turn them off in your account settings: {settingsUrl}',
  },
  /**
   * A gift's recipient (docs/decisions/054): the SMS (one in English, two in Nepali and Chinese) and the
   * e-mail; `{patron}` only when the patron chose to show their name.
   */
  gift: {
    sms: '{patron} dedicated a puja to you: {puja}. See it: {url}',
    smsUnnamed: 'A puja was dedicated to you: {puja}. See it: {url}',
    subject: '{patron} dedicated a puja to you',
    subjectUnnamed: 'A puja was dedicated to you',
    greeting: 'Dear {recipient},',
    body: '{patron} has dedicated a {puja} at {monastery}, in Nepal, to you. The monks perform it on {date}.',
    bodyUnnamed:
      'Someone has dedicated a {puja} at {monastery}, in Nepal, to you. The monks perform it on {date}.',
    theirWords: 'Their words to you:',
    open: 'See the dedication',
    openAt: 'See the dedication, and its photos once it is performed: {url}',
    signature: 'With our good wishes, the {site} team',
    why: 'You receive this e-mail once, because a puja was dedicated to you on {site}. We send you nothing else.',
  },
  /** A monastery's staff: the digest of several notices, and the e-mail and notification around a notice (docs/decisions/041). */
  staff: {
    invited:
      'You were added to the staff of {monastery}. Sign in with this number to see its orders: {signInUrl}',
    digest: '{count} new notices about your orders: {orders}. See the new orders: {listUrl}',
    more: '+{count} more',
    openOrder: 'Open the order: {orderUrl}',
    orderSubject: 'Order {order}',
    digestSubject: '{count} new notices about your orders',
    why: 'You receive these because you chose them on your account page: {settingsUrl}',
  },
  /**
   * What an SMS says where the `sms` sentence (which the e-mail carries whole) would cost more than one
   * SMS in English or two in Nepali and Chinese (sms-segments.test.ts): the same news in fewer words, the
   * order's number before it and its page's link after it, where the rest is (docs/decisions/048).
   */
  smsShort: {
    phoneChanged:
      "Your Puja account's number was changed to one ending in {ending}. Not you? Contact us: {contactUrl}",
    orderCancelled: 'You cancelled your {puja}.',
    orderCancelledRefund: 'You cancelled your {puja}. Your {amount} will be refunded.',
    orderExpired: 'Your order expired unpaid. You can order the puja again at any time.',
    paymentReceived: 'Payment of {amount} received for your {puja} on {date}.',
    planPaymentReceived: 'Payment of {amount} received for {count} pujas of {puja}, from {date}.',
    planOccurrencePayBy: 'Please pay your {puja} of {date} by {payBy}, or it will expire.',
    paymentByLink: '{payer} paid {amount} for your {puja} through your link.',
    paymentByLinkUnnamed: 'Your {puja} was paid through your link: {amount}.',
    paymentDuplicate: 'A second payment of {amount} came for this paid order. It will be refunded.',
    paymentAfterDeclined: 'Your {amount} came after this order was declined. It will be refunded.',
    paymentAfterCancelled: 'Your {amount} came after this order was cancelled. It will be refunded.',
    paymentAfterExpired: 'Your {amount} came after this order expired. It will be refunded.',
    orderApproved: 'Your {puja} is approved for {date}.',
    orderApprovedAt: 'Your {puja} is approved for {date}, {time} Nepal time.',
    orderRedated: 'Your {puja} has a new date: {date}.',
    orderRedatedAt: 'Your {puja} is moved to {date}, {time} Nepal time.',
    orderDeclined: 'The monastery could not accept your {puja} for {date}.',
    orderDeclinedRefund: 'The monastery could not accept your {puja}. Your {amount} will be refunded.',
    orderDeclinedUnavailable: 'The monastery could not accept your {puja}: the day is not available.',
    orderDeclinedUnavailableRefund:
      'The monastery could not accept your {puja}. {amount} will be refunded. Why:',
    orderDeclinedNotOffered: 'The monastery could not accept your {puja}: they do not offer it now.',
    orderDeclinedNotOfferedRefund:
      'The monastery could not accept your {puja}. {amount} will be refunded. Why:',
    orderDeclinedOther: "The monastery could not accept your {puja}. Their reason is on your order's page.",
    orderDeclinedOtherRefund:
      'The monastery could not accept your {puja}. Your {amount} will be refunded. Why:',
    pujaReminder: 'Tomorrow, {date}: your {puja}.',
    pujaReminderAt: 'Tomorrow: your {puja}, at {time} Nepal time.',
    pujaReminderAtYourTime: 'Tomorrow: your {puja}, at {time} Nepal time ({yourTime} yours).',
    pujaReminderToday: 'Today, {date}: your {puja}.',
    pujaReminderTodayAt: 'Today: your {puja}, at {time} Nepal time.',
    pujaReminderTodayAtYourTime: 'Today: your {puja}, at {time} Nepal time ({yourTime} yours).',
    orderCompleted: 'Your {puja} is completed. See the photos: {orderUrl}',
    monasteryMessage: 'The monastery sent you a message about your {puja}.',
    videoAdded: 'A video of your {puja} was added: {orderUrl}',
    livestreamAnnounced: 'Your {puja} is streamed live on {date} at {time} Nepal time: {url}',
    concernRefunded: 'Your concern about your {puja} was upheld: {amount} will be refunded.',
    concernRedone: 'Your concern about your {puja} was upheld: it will be performed again on {date}.',
    concernRejected: 'Your concern about your {puja} was not upheld. Why:',
    staffConcernRaised: '{patron} raised a concern about {puja}; an administrator will look into it.',
    staffConcernRaisedUnnamed:
      'The patron raised a concern about {puja}; an administrator will look into it.',
    staffPaymentReceived: '{patron} paid for {puja}: ready for your approval.',
    staffPaymentReceivedUnnamed: 'A patron paid for {puja}: ready for your approval.',
    staffPlanPaymentReceived: '{patron} paid for {count} pujas of {puja}: ready for approval.',
    staffPlanPaymentReceivedUnnamed: 'A patron paid for {count} pujas of {puja}: ready for approval.',
  },
  /** The receipt (PDF), in the patron's language: its labels and the words it writes (docs/decisions/048). */
  receipt: {
    paymentTitle: 'Payment receipt',
    refundTitle: 'Refund receipt',
    documentTitle: '{count} receipts from {site}',
    orderNumber: 'Order number',
    patron: 'Patron',
    paidBy: 'Paid by',
    monastery: 'Monastery',
    puja: 'Puja',
    names: 'Names prayed for',
    namesMore: '{names} and {count} more',
    pujaDate: 'Puja date (Nepal)',
    amount: 'Amount',
    amountRefunded: 'Amount refunded',
    offering: 'Offering',
    quantityTimesPrice: '{quantity} × {unit} at {price} each',
    payWhatYouCan: 'The amount you chose to give',
    paidWith: 'Paid with',
    transactionCode: 'Transaction code',
    paidAt: 'Paid at',
    refundedAt: 'Refunded at',
    refundReference: 'Refund reference',
    reason: 'Reason',
    reasonDeclined: 'Declined by the monastery',
    reasonCancelled: 'Cancelled by the patron',
    reasonExpired: 'The order expired unpaid',
    reasonDuplicate: 'Paid twice',
    nepalTime: 'Nepal time',
    footer: 'Amounts in Nepalese rupees.',
  },
} as const;
