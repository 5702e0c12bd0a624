/** What a key press on the playback screen does: toggle play/pause, skip back or forward 15 s, or nothing. */
export type PlaybackKeyAction = 'toggle' | 'back' | 'forward' | null

/** The parts of a keydown event and its target that decide. */
export type KeyContext = {
  key: string
  altKey?: boolean
  ctrlKey?: boolean
  metaKey?: boolean
  shiftKey?: boolean
  /** the focused element's tag name (upper case, as the DOM gives it) */
  tagName?: string
  role?: string | null
  isContentEditable?: boolean
}

/** Controls that Space presses already (buttons, switches, tabs, menu items...). */
const SPACE_PRESSES = new Set(['BUTTON', 'SUMMARY', 'SELECT'])
const SPACE_PRESS_ROLES = new Set([
  'button',
  'switch',
  'checkbox',
  'radio',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
])
/** Where the arrows already move something. */
const ARROW_ROLES = new Set(['slider', 'radio', 'tab', 'menuitem', 'option', 'listbox', 'spinbutton'])

/**
 * Keyboard of the playback screen: Space plays or pauses, Left and Right skip 15 s. Keys typed into a text field,
 * Space on a control that Space presses anyway, arrows on a slider (which moves itself) and any key with a modifier
 * (Alt+Left is the browser's Back) are left alone.
 */
export function playbackKeyAction({
  key,
  altKey,
  ctrlKey,
  metaKey,
  shiftKey,
  tagName = '',
  role,
  isContentEditable,
}: KeyContext): PlaybackKeyAction {
  if (altKey || ctrlKey || metaKey || shiftKey) return null
  const tag = tagName.toUpperCase()
  if (isContentEditable || tag === 'INPUT' || tag === 'TEXTAREA') return null
  if (key === ' ' || key === 'Spacebar') {
    if (SPACE_PRESSES.has(tag) || (role && SPACE_PRESS_ROLES.has(role))) return null
    return 'toggle'
  }
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    if (tag === 'SELECT' || (role && ARROW_ROLES.has(role))) return null
    return key === 'ArrowLeft' ? 'back' : 'forward'
  }
  return null
}

/** The context of a real keydown event. */
export function keyContextOf(event: KeyboardEvent): KeyContext {
  const target = event.target instanceof HTMLElement ? event.target : null
  return {
    key: event.key,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    tagName: target?.tagName,
    role: target?.getAttribute('role'),
    isContentEditable: target?.isContentEditable,
  }
}
