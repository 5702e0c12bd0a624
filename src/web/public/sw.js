/* Hearth's service worker: the app shell for offline starts, Web Push, and recordings shared into Hearth from the
 * phone's share sheet (decision 142). The API, media and audio are never cached: they always come from the network
 * (decision 65); a shared file is kept only until the share page takes it. */
const SHELL_CACHE = 'hearth-shell-v1'
/* the file the share sheet posted, until /share makes it a take; the page reads the same names */
const SHARE_CACHE = 'hearth-shared'
const SHARED_FILE_KEY = '/share/file'
const SHELL = ['/offline.html', '/offline.css', '/favicon.svg', '/theme-init.js', '/manifest.webmanifest', '/icons/icon-192.png']

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== SHELL_CACHE && name !== SHARE_CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  )
})

const neverCached = (url) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/')

/* Keeps the shared file (the first file of the form: the manifest names it `audio`) with its name, type and size, and
 * opens the share page. A form without a file opens the page too, which then says nothing was shared. */
async function receiveShare(request) {
  const cache = await caches.open(SHARE_CACHE)
  await cache.delete(SHARED_FILE_KEY)
  let file = null
  try {
    const form = await request.formData()
    file = form.get('audio')
    if (!(file instanceof File)) file = [...form.values()].find((value) => value instanceof File) || null
  } catch {
    // an unreadable form is handled as one without a file
  }
  if (file) {
    await cache.put(
      SHARED_FILE_KEY,
      new Response(file, {
        headers: {
          'content-type': file.type || 'application/octet-stream',
          'x-file-name': encodeURIComponent(file.name || 'recording'),
          'x-file-size': String(file.size),
        },
      }),
    )
  }
  return Response.redirect('/share', 303)
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method === 'POST' && url.origin === self.location.origin && url.pathname === '/share') {
    event.respondWith(receiveShare(request))
    return
  }
  if (request.method !== 'GET' || url.origin !== self.location.origin || neverCached(url)) return
  if (request.mode === 'navigate') {
    // pages always come from the network; without one, the calm offline page (decision 65)
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html')))
    return
  }
  if (url.pathname.startsWith('/assets/')) {
    // built files have hashed names: once kept, they never change
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone()
              void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy))
            }
            return response
          }),
      ),
    )
    return
  }
  if (SHELL.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request)))
  }
})

self.addEventListener('push', (event) => {
  let data = { title: 'Hearth', body: '', url: '/' }
  try {
    data = { ...data, ...event.data.json() }
  } catch {
    // a push without a readable payload still says that something arrived
  }
  event.waitUntil(
    self.registration.showNotification(data.title, {
      body: data.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      tag: data.tag,
      data: { url: data.url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = (event.notification.data && event.notification.data.url) || '/'
  const target = new URL(path, self.location.origin)
  if (target.origin !== self.location.origin) return
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin)
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(target.href) : undefined))
      return self.clients.openWindow(target.href)
    }),
  )
})
