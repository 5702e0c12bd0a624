import { HardDrive } from 'lucide-react'
import type { AdminOverview } from '#shared/admin.ts'
import { DISK_TEXTS, formatBytes } from '#shared/disk.ts'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'

/**
 * The owner's page says calmly when the disk is under the floor Hearth keeps for its database (decision 214): what
 * is left, that new recordings and photos wait, and that they go on by themselves once there is room. Nothing while
 * there is room: the page shows no other facts of the machine.
 */
export function DiskNote({ disk }: { disk: AdminOverview['disk'] }) {
  if (!disk?.low) return null
  return (
    <Card data-slot="disk-note">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HardDrive aria-hidden className="size-5 text-muted-foreground" />
          {DISK_TEXTS.ownerTitle}
        </CardTitle>
        <CardDescription>{DISK_TEXTS.ownerLow(formatBytes(disk.free_bytes), formatBytes(disk.floor_bytes))}</CardDescription>
      </CardHeader>
    </Card>
  )
}
