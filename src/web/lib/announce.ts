/**
 * One polite live region for the whole app (decision 131): a screen reader hears short changes of state (a new screen
 * that kept focus on its control, the recorder starting or pausing, a search's results) without focus moving.
 * Polite, so it waits for the reader to finish; each change is said once, never a running clock.
 */
let region: HTMLElement | null = null
let pending: ReturnType<typeof setTimeout> | undefined

function liveRegion(): HTMLElement {
  if (region?.isConnected) return region
  region = document.createElement('div')
  region.setAttribute('role', 'status')
  region.setAttribute('aria-live', 'polite')
  region.dataset.slot = 'announcer'
  region.className = 'sr-only'
  document.body.appendChild(region)
  return region
}

export function announce(text: string): void {
  const target = liveRegion()
  // emptied first, so the same words said twice in a row are heard twice
  target.textContent = ''
  clearTimeout(pending)
  pending = setTimeout(() => {
    target.textContent = text
  }, 100)
}
