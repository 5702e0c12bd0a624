/**
 * The recording the share sheet handed to Hearth: the service worker (public/sw.js) keeps it in the Cache Storage
 * under these names until the share page makes it a take (decision 142).
 */
export const SHARE_CACHE = 'hearth-shared'
export const SHARED_FILE_KEY = '/share/file'

export type SharedFile = { blob: Blob; name: string }

/** The file waiting to be shared, or null when there is none (or this browser keeps no caches). */
export async function readSharedFile(storage: CacheStorage | undefined = globalThis.caches): Promise<SharedFile | null> {
  if (!storage) return null
  const cache = await storage.open(SHARE_CACHE)
  const response = await cache.match(SHARED_FILE_KEY)
  if (!response) return null
  const blob = await response.blob()
  let name = 'recording'
  try {
    name = decodeURIComponent(response.headers.get('x-file-name') ?? name)
  } catch {
    // a name the service worker did not write stays the default
  }
  return { blob, name }
}

/** Forgets the shared file (it became a take, or it was refused). */
export async function clearSharedFile(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return
  const cache = await storage.open(SHARE_CACHE)
  await cache.delete(SHARED_FILE_KEY)
}

/**
 * How long a file plays, as this browser reads it: seconds, 0 when it plays but does not say (the server measures it
 * then), or null when the browser cannot play it at all. WebM made by browsers has no length in its header: seeking
 * far past the end makes the browser find it.
 */
export function probeDuration(blob: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(blob)
    const audio = document.createElement('audio')
    audio.preload = 'metadata'
    let settled = false
    const done = (seconds: number | null) => {
      if (settled) return
      settled = true
      audio.removeAttribute('src')
      audio.load()
      URL.revokeObjectURL(url)
      resolve(seconds)
    }
    const finite = () => Number.isFinite(audio.duration) && audio.duration > 0
    audio.addEventListener('error', () => done(null))
    audio.addEventListener('loadedmetadata', () => {
      if (finite()) done(audio.duration)
      else audio.currentTime = Number.MAX_SAFE_INTEGER
    })
    audio.addEventListener('durationchange', () => {
      if (audio.readyState >= HTMLMediaElement.HAVE_METADATA && finite()) done(audio.duration)
    })
    // the length stays unknown (a stream the browser cannot seek): playable, measured by the server
    audio.addEventListener('seeked', () => done(finite() ? audio.duration : 0))
    audio.src = url
  })
}
