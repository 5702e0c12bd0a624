import { useIntl } from 'react-intl'
import { Archive } from 'lucide-react'
import type * as React from 'react'
import { DropTargetTile } from './drop-target-tile.tsx'
import type { TileClasses } from './grid-classes.ts'

type ArchiveTileProps = {
  sizes: TileClasses
  /** a tile is being dragged */
  dragging?: boolean
  /** the dragged tile is over it */
  isOver?: boolean
  ref?: React.Ref<HTMLDivElement>
}

/**
 * The edit-mode 'Archive' tile (docs/product/circle.md): a contact dropped here is archived. Drawn here; ArchiveDropZone
 * makes it a drop target once dragging's code has loaded.
 */
export function ArchiveTile(props: ArchiveTileProps) {
  const intl = useIntl()
  return (
    <DropTargetTile
      tone="archive"
      label={intl.formatMessage({ id: 'home.grid.archiveTile', defaultMessage: 'Archive' })}
      hint={intl.formatMessage({ id: 'home.grid.archiveTile.hint', defaultMessage: 'Drop a contact here' })}
      icon={Archive}
      slot="archive-drop-zone"
      {...props}
    />
  )
}
