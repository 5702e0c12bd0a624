import { useIntl } from 'react-intl'
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp } from 'lucide-react'
import { cn } from '#web/lib/utils.ts'
import type { TileClasses } from './grid-classes.ts'
import { moveLabel, type MoveDirection } from './move-contacts.ts'

export const TILE_BUTTON =
  'absolute z-10 grid size-9 cursor-pointer place-items-center rounded-full border bg-background/90 text-muted-foreground shadow-sm transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-default disabled:opacity-40 disabled:hover:bg-background/90'

export type MoveProps = {
  /** the tile's place in the circle, from 0 */
  index: number
  count: number
  onMove: (direction: MoveDirection) => void
}

/**
 * Edit mode's 'Move {name} earlier' and 'Move {name} later' (decision 213): reordering without dragging, for a
 * keyboard, a screen reader or a finger. A phone shows one column, so the arrows point up and down there, and left
 * and right where the grid has columns.
 */
export function MoveContactButtons({
  id,
  name,
  sizes,
  index,
  count,
  onMove,
}: MoveProps & { id: string; name: string; sizes: TileClasses }) {
  const intl = useIntl()
  const button = (direction: MoveDirection, disabled: boolean, className: string, icons: React.ReactNode) => (
    <button
      type="button"
      aria-label={moveLabel(intl, name, direction)}
      title={moveLabel(intl, name, direction)}
      data-move-contact={id}
      data-move-direction={direction}
      disabled={disabled}
      onClick={() => onMove(direction)}
      className={cn(TILE_BUTTON, className)}
    >
      {icons}
    </button>
  )
  return (
    <>
      {button(
        'earlier',
        index <= 0,
        sizes.moveEarlier,
        <>
          <ArrowUp aria-hidden className="size-4 sm:hidden" />
          <ArrowLeft aria-hidden className="hidden size-4 sm:block rtl:-scale-x-100" />
        </>,
      )}
      {button(
        'later',
        index >= count - 1,
        sizes.moveLater,
        <>
          <ArrowDown aria-hidden className="size-4 sm:hidden" />
          <ArrowRight aria-hidden className="hidden size-4 sm:block rtl:-scale-x-100" />
        </>,
      )}
    </>
  )
}
