import { useDroppable } from '@dnd-kit/core'
import { ARCHIVE_DROP_ID } from './drag.ts'
import type { TileClasses } from './grid-classes.ts'
import { ArchiveTile } from './archive-tile.tsx'

/** The Archive tile as a drop target: a contact dropped here is archived (docs/product/circle.md). */
export function ArchiveDropZone({ sizes }: { sizes: TileClasses }) {
  const { setNodeRef, isOver, active } = useDroppable({ id: ARCHIVE_DROP_ID })
  return <ArchiveTile ref={setNodeRef} sizes={sizes} dragging={active !== null} isOver={isOver} />
}
