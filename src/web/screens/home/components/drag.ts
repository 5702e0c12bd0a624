import { type IntlShape, type MessageDescriptor } from 'react-intl'
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

const DRAG = {
  contactInstructions: {
    id: 'home.drag.instructions',
    defaultMessage:
      'To move a contact, press Space or Enter. Use the arrow keys to move it over another contact or over the Archive tile, then press Space or Enter to drop it there, or Escape to cancel.',
  },
  someone: { id: 'home.drag.someone', defaultMessage: 'Contact' },
  pickedUp: { id: 'home.drag.pickedUp', defaultMessage: 'Picked up {name} at position {position} of {count}.' },
  overNothing: { id: 'home.drag.overNothing', defaultMessage: '{name} is no longer over a drop target.' },
  overArchive: { id: 'home.drag.overArchive', defaultMessage: '{name} is over the Archive tile. Drop to archive.' },
  overPosition: { id: 'home.drag.overPosition', defaultMessage: '{name} is over position {position} of {count}.' },
  droppedNowhere: { id: 'home.drag.droppedNowhere', defaultMessage: '{name} was dropped where it was.' },
  droppedOnArchive: { id: 'home.drag.droppedOnArchive', defaultMessage: '{name} was dropped on the Archive tile.' },
  droppedInPlace: { id: 'home.drag.droppedInPlace', defaultMessage: '{name} was dropped at its own place.' },
  moved: { id: 'home.drag.moved', defaultMessage: '{name} was moved to position {position} of {count}.' },
  cancelled: { id: 'home.drag.cancelled', defaultMessage: 'Moving {name} was cancelled. It is back at position {position} of {count}.' },
  rekindleInstructions: {
    id: 'home.rekindleDrag.instructions',
    defaultMessage: 'Press Enter to rekindle this contact, or drag it onto Reconnect & restore.',
  },
  rekindlePickedUp: { id: 'home.rekindleDrag.pickedUp', defaultMessage: 'Picked up {name}.' },
  rekindleOver: { id: 'home.rekindleDrag.over', defaultMessage: '{name} is over Reconnect & restore. Drop to rekindle.' },
  rekindleNotOver: { id: 'home.rekindleDrag.notOver', defaultMessage: '{name} is not over Reconnect & restore.' },
  rekindleDropped: { id: 'home.rekindleDrag.dropped', defaultMessage: '{name} was dropped on Reconnect & restore.' },
  rekindlePutBack: { id: 'home.rekindleDrag.putBack', defaultMessage: '{name} was put back.' },
  rekindleCancelled: { id: 'home.rekindleDrag.cancelled', defaultMessage: 'Moving {name} was cancelled.' },
} satisfies Record<string, MessageDescriptor>

/** What a screen reader hears on a contact tile in edit mode (dnd-kit `accessibility.screenReaderInstructions`). */
export function contactDragInstructions(intl: IntlShape): ScreenReaderInstructions {
  return { draggable: intl.formatMessage(DRAG.contactInstructions) }
}

type Named = { id: string; name: string }

/** Screen reader announcements for reordering and archiving contacts by drag (dnd-kit `accessibility.announcements`). */
export function contactDragAnnouncements(intl: IntlShape, contacts: readonly Named[]): Announcements {
  const ids = contacts.map((c) => c.id)
  const nameOf = (id: UniqueIdentifier) => contacts.find((c) => c.id === id)?.name ?? intl.formatMessage(DRAG.someone)
  const say = (message: MessageDescriptor, id: UniqueIdentifier, at: UniqueIdentifier = id) =>
    intl.formatMessage(message, { name: nameOf(id), position: ids.indexOf(String(at)) + 1, count: ids.length })
  return {
    onDragStart: ({ active }) => say(DRAG.pickedUp, active.id),
    onDragOver: ({ active, over }) => {
      if (!over) return say(DRAG.overNothing, active.id)
      if (over.id === ARCHIVE_DROP_ID) return say(DRAG.overArchive, active.id)
      return say(DRAG.overPosition, active.id, over.id)
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return say(DRAG.droppedNowhere, active.id)
      if (over.id === ARCHIVE_DROP_ID) return say(DRAG.droppedOnArchive, active.id)
      if (over.id === active.id) return say(DRAG.droppedInPlace, active.id)
      return say(DRAG.moved, active.id, over.id)
    },
    onDragCancel: ({ active }) => say(DRAG.cancelled, active.id),
  }
}

/** What a screen reader hears on a rekindle tile. */
export function rekindleDragInstructions(intl: IntlShape): ScreenReaderInstructions {
  return { draggable: intl.formatMessage(DRAG.rekindleInstructions) }
}

/** Announcements for the rekindle grid, where a contact can be dropped on the Reconnect & restore zone. */
export function rekindleDragAnnouncements(intl: IntlShape, contacts: readonly Named[]): Announcements {
  const say = (message: MessageDescriptor, id: UniqueIdentifier) =>
    intl.formatMessage(message, { name: contacts.find((c) => c.id === id)?.name ?? intl.formatMessage(DRAG.someone) })
  return {
    onDragStart: ({ active }) => say(DRAG.rekindlePickedUp, active.id),
    onDragOver: ({ active, over }) => say(over?.id === REKINDLE_DROP_ID ? DRAG.rekindleOver : DRAG.rekindleNotOver, active.id),
    onDragEnd: ({ active, over }) => say(over?.id === REKINDLE_DROP_ID ? DRAG.rekindleDropped : DRAG.rekindlePutBack, active.id),
    onDragCancel: ({ active }) => say(DRAG.rekindleCancelled, active.id),
  }
}
