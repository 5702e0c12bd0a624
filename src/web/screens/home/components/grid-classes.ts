import type { HomeGridLayout, TileSize } from '#shared/home-grid.ts'

/*
 * Static Tailwind class strings for the home grid (docs/product/circle.md). Every class is written out in full so
 * that Tailwind's scanner sees it; never build a class name from pieces.
 */

type ColumnCount = 1 | 2 | 3 | 4

const BASE_COLUMNS: Record<ColumnCount, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' }
const SM_COLUMNS: Record<ColumnCount, string> = { 1: 'sm:grid-cols-1', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4' }
const MD_COLUMNS: Record<ColumnCount, string> = { 1: 'md:grid-cols-1', 2: 'md:grid-cols-2', 3: 'md:grid-cols-3', 4: 'md:grid-cols-4' }
const LG_COLUMNS: Record<ColumnCount, string> = { 1: 'lg:grid-cols-1', 2: 'lg:grid-cols-2', 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' }

/**
 * Breakpoints for a list of column counts, smallest screen first: three counts (large tiles, 1 / 2 / 4) use
 * base, sm and lg; four counts (1 / 2 / 3 / 4) use base, sm, md and lg.
 */
function breakpointsFor(count: number): Record<ColumnCount, string>[] {
  if (count === 3) return [BASE_COLUMNS, SM_COLUMNS, LG_COLUMNS]
  return [BASE_COLUMNS, SM_COLUMNS, MD_COLUMNS, LG_COLUMNS].slice(0, Math.max(1, count))
}

function toColumnCount(columns: number): ColumnCount {
  return Math.min(4, Math.max(1, Math.round(columns))) as ColumnCount
}

export function gridColumnClasses(columns: readonly number[]): string {
  const breakpoints = breakpointsFor(columns.length)
  return breakpoints.map((map, index) => map[toColumnCount(columns[index] ?? columns.at(-1) ?? 1)]).join(' ')
}

/** The parts of a tile whose look depends on its size. */
export type TileClasses = {
  /** the tile box: shape and direction (a row on phones for medium and small tiles, a card from sm up) */
  tile: string
  /** the text block next to or under the avatar */
  body: string
  avatar: string
  name: string
  /** where a tile's corner action (the edit-mode Archive button) sits */
  action: string
  /** where edit mode's 'Move earlier' and 'Move later' buttons sit (decision 213) */
  moveEarlier: string
  moveLater: string
  /** the room an edit-mode tile leaves for its buttons */
  editTile: string
}

// from sm a card's body is as wide as the card at most, so that a long name is cut short rather than spilling out
const ROW_ON_PHONES_BODY =
  'flex min-w-0 flex-1 flex-col items-start gap-0.5 text-start sm:max-w-full sm:flex-none sm:items-center sm:text-center'
const ROW_ON_PHONES_ACTION = 'top-1/2 end-3 -translate-y-1/2 sm:top-2.5 sm:end-2.5 sm:translate-y-0'
// on a phone's row the move buttons stand before Archive; on a card, in its bottom corners
const ROW_ON_PHONES_EARLIER = 'top-1/2 end-[6.25rem] -translate-y-1/2 sm:top-auto sm:end-auto sm:bottom-2.5 sm:start-2.5 sm:translate-y-0'
const ROW_ON_PHONES_LATER = 'top-1/2 end-14 -translate-y-1/2 sm:top-auto sm:bottom-2.5 sm:end-2.5 sm:translate-y-0'
// a card in edit mode keeps its name clear of the move buttons in its bottom corners
const ROW_ON_PHONES_EDIT = 'pe-36 sm:px-12'

export const TILE_CLASSES: Record<TileSize, TileClasses> = {
  large: {
    tile: 'aspect-[3/2] flex-col justify-center gap-3 p-4 sm:aspect-[4/3]',
    body: 'flex min-w-0 max-w-full flex-col items-center gap-1 text-center',
    avatar: 'size-20',
    name: 'text-lg',
    action: 'top-2.5 end-2.5',
    moveEarlier: 'bottom-2.5 start-2.5',
    moveLater: 'bottom-2.5 end-2.5',
    editTile: 'px-12',
  },
  medium: {
    tile: 'h-24 flex-row justify-start gap-4 px-4 sm:h-auto sm:aspect-[4/3] sm:flex-col sm:justify-center sm:gap-3 sm:p-4',
    body: ROW_ON_PHONES_BODY,
    avatar: 'size-14 sm:size-16',
    name: 'text-base',
    action: ROW_ON_PHONES_ACTION,
    moveEarlier: ROW_ON_PHONES_EARLIER,
    moveLater: ROW_ON_PHONES_LATER,
    editTile: ROW_ON_PHONES_EDIT,
  },
  small: {
    tile: 'h-20 flex-row justify-start gap-3 px-4 sm:h-auto sm:aspect-[3/2] sm:flex-col sm:justify-center sm:gap-2 sm:p-3',
    body: ROW_ON_PHONES_BODY,
    avatar: 'size-12 sm:size-14',
    name: 'text-base sm:text-sm',
    action: ROW_ON_PHONES_ACTION,
    moveEarlier: ROW_ON_PHONES_EARLIER,
    moveLater: ROW_ON_PHONES_LATER,
    editTile: ROW_ON_PHONES_EDIT,
  },
}

export type HomeGridClasses = { grid: string; tiles: TileClasses }

/** The grid's column classes and the tiles' size classes for a layout from `homeGridLayout`. */
export function homeGridClasses(layout: HomeGridLayout): HomeGridClasses {
  return { grid: gridColumnClasses(layout.columns), tiles: TILE_CLASSES[layout.size] }
}
