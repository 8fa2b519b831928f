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
      "{monastery} could not accept your {puja} for {date}: that day is not available. The {amount} you paid will be refunded; we will tell you when it is made. You can write to them on your order's page until {until}.",
    orderDeclinedNotOffered:
      "{monastery} could not accept your {puja} for {date}: they do not offer this puja now. You can write to them on your order's page until {until}.",
    orderDeclinedNotOfferedRefund:
      "{monastery} could not accept your {puja} for {date}: they do not offer this puja now. The {amount} you paid will be refunded; we will tell you when it is made. You can write to them on your order's page until {until}.",
    orderDeclinedOther:
      '{monastery} could not accept your {puja} for {date}. Their reason: "{reason}". You can write to them on your order\'s page until {until}.',
    orderDeclinedOtherRefund:
      '{monastery} could not accept your {puja} for {date}. Their reason: "{reason}". The {amount} you paid will be refunded; we will tell you when it is made. You can write to them on your order\'s page until {until}.',
    pujaReminder: 'Reminder: {monastery} performs your {puja} tomorrow, {date}.',
    pujaReminderAt: 'Reminder: {monastery} performs your {puja} tomorrow, {date}, at {time} Nepal time.',
    pujaReminderAtYourTime:
      'Reminder: {monastery} performs your {puja} tomorrow, {date}, at {time} Nepal time ({yourTime} your time).',
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
    staffPaymentReceived: '{patron} paid {amount} for {puja} on {date}. It is ready for your approval.',
    staffPaymentReceivedUnnamed:
      'A patron paid {amount} for {puja} on {date}. It is ready for your approval.',
  },
  /** E-mail subjects, one for each notice a patron may receive by e-mail (the order's number goes before it). */
  subjects: {
    orderCancelled: 'Your {puja} is cancelled',
    orderCancelledRefund: 'Your {puja} is cancelled',
    orderExpired: 'Your order expired',
    paymentReceived: 'Payment received for your {puja}',
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
} as const;
