import type { LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'
import type { TileClasses } from './grid-classes.ts'
import { TILE_BASE } from './contact-tile.tsx'

/** Each drop target's colours: at rest, while a tile is dragged, and while the dragged tile is over it. */
const TONES = {
  archive: {
    tile: 'border-input bg-muted/50 text-muted-foreground',
    dragging: 'border-primary/60 bg-accent/60',
    over: 'border-destructive-text bg-destructive/10 text-destructive-text',
    badge: 'bg-background/80',
    name: 'text-foreground',
    nameOver: 'text-destructive-text',
    hint: '',
  },
  rekindle: {
    tile: 'border-pink-300 bg-pink-50/50 text-pink-900 dark:border-pink-400/40 dark:bg-pink-950/20 dark:text-pink-100',
    dragging: 'border-pink-400 bg-pink-100/70 dark:bg-pink-900/30',
    over: 'border-pink-500 bg-pink-100 dark:border-pink-300 dark:bg-pink-900/50',
    badge: 'bg-pink-100 text-pink-700 dark:bg-pink-900/60 dark:text-pink-200',
    name: '',
    nameOver: '',
    hint: 'text-pink-800 dark:text-pink-200',
  },
} as const

type DropTargetTileProps = {
  tone: keyof typeof TONES
  /** the group's name, shown as the tile's title */
  label: string
  /** what to do with it */
  hint: string
  icon: LucideIcon
  /** `data-slot`, for the tests and the grid's styles */
  slot: string
  sizes: TileClasses
  /** a tile is being dragged */
  dragging?: boolean
  /** the dragged tile is over it */
  isOver?: boolean
  ref?: React.Ref<HTMLDivElement>
}

/** A dashed tile in the grid that a contact's tile is dropped on (archive, rekindle), drawn like a tile of the grid. */
export function DropTargetTile({ tone, label, hint, icon: Icon, slot, sizes, dragging = false, isOver = false, ref }: DropTargetTileProps) {
  const colours = TONES[tone]
  return (
    <div
      ref={ref}
      role="group"
      aria-label={label}
      data-slot={slot}
      data-over={isOver || undefined}
      className={cn(
        TILE_BASE,
        'items-center border-2 border-dashed',
        colours.tile,
        dragging && colours.dragging,
        isOver && cn('border-solid', colours.over),
        sizes.tile,
      )}
    >
      <span
        className={cn(
          'grid shrink-0 place-items-center rounded-full transition-transform',
          colours.badge,
          isOver && 'scale-110',
          sizes.avatar,
        )}
      >
        <Icon aria-hidden className="size-[40%]" />
      </span>
      <span className={sizes.body}>
        <span className={cn('font-semibold', colours.name, isOver && colours.nameOver, sizes.name)}>{label}</span>
        <span className={cn('text-xs', colours.hint)}>{hint}</span>
      </span>
    </div>
  )
}
