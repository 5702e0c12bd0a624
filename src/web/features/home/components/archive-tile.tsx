import { Archive } from 'lucide-react'
import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'
import type { TileClasses } from './grid-classes.ts'
import { TILE_BASE } from './contact-tile.tsx'

type ArchiveTileProps = {
  sizes: TileClasses
  /** a drop target (wide screens in edit mode); on phones it explains the per-tile Archive buttons instead */
  dropEnabled: boolean
  /** a tile is being dragged */
  dragging?: boolean
  /** the dragged tile is over it */
  isOver?: boolean
  ref?: React.Ref<HTMLDivElement>
}

/**
 * The edit-mode 'Archive' tile (spec 000 section 4): a contact dropped here is archived. Drawn here; ArchiveDropZone
 * makes it a drop target once dragging's code has loaded.
 */
export function ArchiveTile({ sizes, dropEnabled, dragging = false, isOver = false, ref }: ArchiveTileProps) {
  return (
    <div
      ref={ref}
      role="group"
      aria-label="Archive"
      data-slot="archive-drop-zone"
      data-over={isOver || undefined}
      className={cn(
        TILE_BASE,
        'items-center border-2 border-dashed border-input bg-muted/50 text-muted-foreground',
        dragging && 'border-primary/60 bg-accent/60',
        isOver && 'border-solid border-destructive-text bg-destructive/10 text-destructive-text',
        sizes.tile,
      )}
    >
      <span
        className={cn(
          'grid shrink-0 place-items-center rounded-full bg-background/80 transition-transform',
          isOver && 'scale-110',
          sizes.avatar,
        )}
      >
        <Archive aria-hidden className="size-[40%]" />
      </span>
      <span className={sizes.body}>
        <span className={cn('font-semibold text-foreground', isOver && 'text-destructive-text', sizes.name)}>Archive</span>
        <span className="text-xs">{dropEnabled ? 'Drop a contact here' : 'Use a tile’s archive button'}</span>
      </span>
    </div>
  )
}
