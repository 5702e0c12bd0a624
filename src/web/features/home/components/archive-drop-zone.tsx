import { useDroppable } from '@dnd-kit/core'
import { Archive } from 'lucide-react'
import { cn } from '#web/lib/utils.ts'
import { ARCHIVE_DROP_ID } from './drag.ts'
import type { TileClasses } from './grid-classes.ts'
import { TILE_BASE } from './contact-tile.tsx'

/**
 * The edit-mode 'Archive' tile (spec 000 section 4): a contact dropped here is archived. A drop target only on wide
 * screens; on phones it explains the per-tile Archive buttons instead.
 */
export function ArchiveDropZone({ sizes, dropEnabled }: { sizes: TileClasses; dropEnabled: boolean }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: ARCHIVE_DROP_ID, disabled: !dropEnabled })
  const dragging = dropEnabled && active !== null
  return (
    <div
      ref={setNodeRef}
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
