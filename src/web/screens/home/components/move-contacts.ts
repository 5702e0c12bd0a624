import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl'
import { useEffect, useRef, useState } from 'react'

export type MoveDirection = 'earlier' | 'later'

/** The ids with `id` moved one place earlier or later; null when it is already at that end (or not there). */
export function movedIds(ids: readonly string[], id: string, direction: MoveDirection): string[] | null {
  const from = ids.indexOf(id)
  const to = direction === 'earlier' ? from - 1 : from + 1
  if (from === -1 || to < 0 || to >= ids.length) return null
  const next = [...ids]
  next.splice(from, 1)
  next.splice(to, 0, id)
  return next
}

const MOVES = {
  announcement: { id: 'home.move.announcement', defaultMessage: '{name} moved to position {position} of {count}.' },
  earlier: { id: 'home.move.earlier', defaultMessage: 'Move {name} earlier' },
  later: { id: 'home.move.later', defaultMessage: 'Move {name} later' },
} satisfies Record<string, MessageDescriptor>

/** What the live region says after a move: "Maya moved to position 2 of 5." */
export function moveAnnouncement(intl: IntlShape, name: string, index: number, count: number): string {
  return intl.formatMessage(MOVES.announcement, { name, position: index + 1, count })
}

/** The button's accessible name: "Move Maya earlier". */
export function moveLabel(intl: IntlShape, name: string, direction: MoveDirection): string {
  return intl.formatMessage(direction === 'earlier' ? MOVES.earlier : MOVES.later, { name })
}

type Named = { id: string; name: string }

/**
 * Moves by the edit-mode buttons: saves the new order through `onReorder`, says the new position in the live region
 * and keeps focus on the pressed button as its tile moves (on the other button when the pressed one is now disabled,
 * at the first or last place).
 */
export function useContactMoves(contacts: readonly Named[], onReorder: (orderedIds: string[]) => void) {
  const intl = useIntl()
  const [announcement, setAnnouncement] = useState('')
  const refocus = useRef<{ id: string; direction: MoveDirection; index: number } | null>(null)

  // after every render: the moved tile comes with the render of the new order, which the mutation's optimistic
  // update brings a little later (moving a focused node, or disabling it at an end, drops its focus)
  useEffect(() => {
    const wanted = refocus.current
    if (!wanted || contacts.findIndex((c) => c.id === wanted.id) !== wanted.index) return
    refocus.current = null
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-move-contact]')].filter(
      (button) => button.dataset.moveContact === wanted.id,
    )
    const pressed = buttons.find((button) => button.dataset.moveDirection === wanted.direction)
    const target = pressed && !pressed.disabled ? pressed : buttons.find((button) => !button.disabled)
    target?.focus()
  })

  const move = (contact: Named, direction: MoveDirection) => {
    const next = movedIds(
      contacts.map((c) => c.id),
      contact.id,
      direction,
    )
    if (!next) return
    refocus.current = { id: contact.id, direction, index: next.indexOf(contact.id) }
    onReorder(next)
    setAnnouncement(moveAnnouncement(intl, contact.name, next.indexOf(contact.id), next.length))
  }
  return { move, announcement }
}
