import { HardDrive } from 'lucide-react'
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl'
import type { AdminOverview } from '#shared/admin.ts'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'

/** A size for people, in the reader's language: whole MB below a gigabyte, one decimal above ("300 MB", "1.5 GB"). */
function formatSize(intl: IntlShape, bytes: number): string {
  const mb = bytes / (1024 * 1024)
  if (mb < 1024) return intl.formatNumber(Math.max(0, Math.round(mb)), { style: 'unit', unit: 'megabyte', unitDisplay: 'short' })
  return intl.formatNumber(mb / 1024, {
    style: 'unit',
    unit: 'gigabyte',
    unitDisplay: 'short',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
}

/**
 * The owner's page says calmly when the disk is under the floor Hearth keeps for its database (decision 214): what
 * is left, that new recordings and photos wait, and that they go on by themselves once there is room. Nothing while
 * there is room: the page shows no other facts of the machine.
 */
export function DiskNote({ disk }: { disk: AdminOverview['disk'] }) {
  const intl = useIntl()
  if (!disk?.low) return null
  return (
    <Card data-slot="disk-note">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HardDrive aria-hidden className="size-5 text-muted-foreground" />
          <FormattedMessage id="settings.people.disk.title" defaultMessage="Disk space" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.people.disk.low"
            defaultMessage="The disk is nearly full: {free} left, and Hearth keeps {floor} free for its database. New recordings and photos wait until there is room again; everything already here still plays. Free some space and they go on by themselves."
            values={{ free: formatSize(intl, disk.free_bytes), floor: formatSize(intl, disk.floor_bytes) }}
          />
        </CardDescription>
      </CardHeader>
    </Card>
  )
}
