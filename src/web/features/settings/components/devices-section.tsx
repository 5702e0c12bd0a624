import { Laptop } from 'lucide-react'
import { toast } from '#web/lib/toast.ts'
import { ACCOUNT_TEXTS, describeUserAgent, type DeviceSession } from '#shared/account.ts'
import { relativeTime } from '#shared/relative-time.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { logUnexpected } from '#web/lib/errors.ts'
import { useAccountSessionsQuery, useRevokeOtherSessionsMutation, useRevokeSessionMutation } from '../queries.ts'

function DeviceRow({ device }: { device: DeviceSession }) {
  const revoke = useRevokeSessionMutation()
  const name = describeUserAgent(device.user_agent) ?? ACCOUNT_TEXTS.unknownDevice
  return (
    <li className="flex items-center gap-3 py-3">
      <Laptop aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium" title={device.user_agent ?? undefined}>
          {name}
        </span>
        <span className="text-sm text-muted-foreground">
          {device.current ? ACCOUNT_TEXTS.thisDevice : `Last active ${relativeTime(device.last_active_at)}`}
        </span>
      </div>
      {!device.current && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`${ACCOUNT_TEXTS.signOutDevice}: ${name}`}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(device.id, {
              onError: (error) => {
                logUnexpected(error, 'signing a device out failed')
                toast.error(ACCOUNT_TEXTS.signOutFailed)
              },
            })
          }
        >
          {ACCOUNT_TEXTS.signOutDevice}
        </Button>
      )}
    </li>
  )
}

/** The signed-in devices, this one first and marked, with "Sign out everywhere else". */
export function DevicesSection() {
  const sessions = useAccountSessionsQuery()
  const revokeOthers = useRevokeOtherSessionsMutation()
  const list = [...(sessions.data?.sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current))
  const others = list.filter((device) => !device.current).length

  return (
    <Card>
      <CardHeader>
        <CardTitle>{ACCOUNT_TEXTS.devicesTitle}</CardTitle>
        <CardDescription>{ACCOUNT_TEXTS.devicesDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {sessions.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : sessions.isError ? (
          <QueryError message={ACCOUNT_TEXTS.devicesFailed} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />
        ) : (
          <ul aria-label={ACCOUNT_TEXTS.devicesTitle} className="divide-y">
            {list.map((device) => (
              <DeviceRow key={device.id} device={device} />
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="self-start"
          disabled={others === 0 || revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: () => toast.success(ACCOUNT_TEXTS.signedOutOthers),
              onError: (error) => {
                logUnexpected(error, 'signing out everywhere else failed')
                toast.error(ACCOUNT_TEXTS.signOutFailed)
              },
            })
          }
        >
          {ACCOUNT_TEXTS.signOutOthers}
        </Button>
      </CardContent>
    </Card>
  )
}
