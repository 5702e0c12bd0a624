import {
  closestCenter,
  pointerWithin,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core'

/** docs/product/circle.md: a drag starts after an 8 px mouse move, and each arrow key moves it 25 px. */
export const DRAG_ACTIVATION_DISTANCE_PX = 8
export const KEYBOARD_DRAG_STEP_PX = 25

/**
 * A finger drags after a 250 ms press that moves less than 5 px (decision 213): a swipe that starts on a tile still
 * scrolls the page, as the tiles fill a phone's width.
 */
export const TOUCH_DRAG_DELAY_MS = 250
export const TOUCH_DRAG_TOLERANCE_PX = 5

/** Activation of each sensor of the home grid: the mouse by distance, a finger by a long press. */
export const MOUSE_ACTIVATION = { distance: DRAG_ACTIVATION_DISTANCE_PX }
export const TOUCH_ACTIVATION = { delay: TOUCH_DRAG_DELAY_MS, tolerance: TOUCH_DRAG_TOLERANCE_PX }

/** Droppable ids of the two drop zones; contact ids are UUIDs, so these never clash with a tile. */
export const ARCHIVE_DROP_ID = 'drop-zone:archive'
export const REKINDLE_DROP_ID = 'drop-zone:rekindle'

/** Moves a keyboard drag by the spec's fixed step per arrow key (not from droppable to droppable). */
export const stepKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_DRAG_STEP_PX }
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_DRAG_STEP_PX }
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_DRAG_STEP_PX }
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_DRAG_STEP_PX }
  }
  return undefined
}

/**
 * The target under the pointer when there is one (so that a tile dropped on the Archive tile lands there even
 * when a neighbour's centre is closer), else the closest centre: keyboard drags have no pointer.
 */
export const pointerThenClosestCenter: CollisionDetection = (args) => {
  const within = pointerWithin(args)
  return within.length > 0 ? within : closestCenter(args)
}

export const CONTACT_DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a contact, press Space or Enter. Use the arrow keys to move it over another contact or over the Archive tile, ' +
    'then press Space or Enter to drop it there, or Escape to cancel.',
}

type Named = { id: string; name: string }

/** Screen reader announcements for reordering and archiving contacts by drag (dnd-kit `accessibility.announcements`). */
export function contactDragAnnouncements(contacts: readonly Named[]): Announcements {
  const ids = contacts.map((c) => c.id)
  const nameOf = (id: UniqueIdentifier) => contacts.find((c) => c.id === id)?.name ?? 'Contact'
  const positionOf = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)} at ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${nameOf(active.id)} is no longer over a drop target.`
      if (over.id === ARCHIVE_DROP_ID) return `${nameOf(active.id)} is over the Archive tile. Drop to archive.`
      return `${nameOf(active.id)} is over ${positionOf(over.id)}.`
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return `${nameOf(active.id)} was dropped where it was.`
      if (over.id === ARCHIVE_DROP_ID) return `${nameOf(active.id)} was dropped on the Archive tile.`
      if (over.id === active.id) return `${nameOf(active.id)} was dropped at its own place.`
      return `${nameOf(active.id)} was moved to ${positionOf(over.id)}.`
    },
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It is back at ${positionOf(active.id)}.`,
  }
}

export const REKINDLE_DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: 'Press Enter to rekindle this contact, or drag it onto Reconnect & restore.',
}

/** Announcements for the rekindle grid, where a contact can be dropped on the Reconnect & restore zone. */
export function rekindleDragAnnouncements(contacts: readonly Named[]): Announcements {
  const nameOf = (id: UniqueIdentifier) => contacts.find((c) => c.id === id)?.name ?? 'Contact'
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over?.id === REKINDLE_DROP_ID
        ? `${nameOf(active.id)} is over Reconnect & restore. Drop to rekindle.`
        : `${nameOf(active.id)} is not over Reconnect & restore.`,
    onDragEnd: ({ active, over }) =>
      over?.id === REKINDLE_DROP_ID ? `${nameOf(active.id)} was dropped on Reconnect & restore.` : `${nameOf(active.id)} was put back.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }
}
