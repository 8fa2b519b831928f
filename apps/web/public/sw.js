// The installable app's service worker (docs/decisions/041): it shows the server's web push notifications
// to staff, and a tap opens the order (or the list of new ones) in this app. It caches nothing: every page
// and answer comes from the server, as without it.
self.addEventListener('push', (event) => {
  let message = { title: 'Monastery Puja', body: '', url: '/monastery/orders' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without our JSON still says something happened.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only this site's pages are opened, whatever a payload says.
  const target = new URL(event.notification.data?.url ?? '/monastery/orders', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(self.clients.openWindow(url));
});
