/** The screen's main heading: the h1 inside main, else the first h1 on the page. */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1')
}

/** Focus has nowhere to be: on the body, or on an element that left the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement
  return !active || active === document.body || !active.isConnected
}

/**
 * Focus is where the app parks it, not where the person put it: lost, or on the screen's heading, which takes focus
 * when the focused control goes away (RouteFocus).
 */
export function focusIsParked(): boolean {
  return focusIsLost() || document.activeElement === pageHeading()
}
