import { FormattedMessage, useIntl, type IntlShape } from 'react-intl'
import { formatTimeAgo } from '#web/i18n/relative-time.ts'
import { Laptop } from 'lucide-react'
import { toast } from '#web/lib/toast.ts'
import { describeUserAgent, type DeviceSession } from '#shared/account.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { logUnexpected } from '#web/lib/errors.ts'
import { useAccountSessionsQuery, useRevokeOtherSessionsMutation, useRevokeSessionMutation } from '../queries.ts'

const failed = (intl: IntlShape) =>
  intl.formatMessage({ id: 'settings.devices.signOutFailed', defaultMessage: 'Could not sign that device out. Please try again.' })

function DeviceRow({ device }: { device: DeviceSession }) {
  const revoke = useRevokeSessionMutation()
  const intl = useIntl()
  const onSystem = (browser: string, system: string) =>
    intl.formatMessage({ id: 'settings.devices.name', defaultMessage: '{browser} on {system}' }, { browser, system })
  const name =
    describeUserAgent(device.user_agent, onSystem) ??
    intl.formatMessage({ id: 'settings.devices.unknown', defaultMessage: 'Unknown device' })
  const signOut = intl.formatMessage({ id: 'settings.devices.signOut', defaultMessage: 'Sign out' })
  return (
    <li className="flex items-center gap-3 py-3">
      <Laptop aria-hidden className="size-5 shrink-0 text-muted-foreground" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium" title={device.user_agent ?? undefined}>
          {name}
        </span>
        <span className="text-sm text-muted-foreground">
          {device.current ? (
            <FormattedMessage id="settings.devices.this" defaultMessage="This device" />
          ) : (
            <FormattedMessage
              id="settings.devices.lastActive"
              defaultMessage="Last active {when}"
              values={{ when: formatTimeAgo(intl, device.last_active_at) }}
            />
          )}
        </span>
      </div>
      {!device.current && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={intl.formatMessage({ id: 'settings.devices.signOut.label', defaultMessage: 'Sign out: {device}' }, { device: name })}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(device.id, {
              onError: (error) => {
                logUnexpected(error, 'signing a device out failed')
                toast.error(failed(intl))
              },
            })
          }
        >
          {signOut}
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
  const intl = useIntl()
  const title = intl.formatMessage({ id: 'settings.devices.title', defaultMessage: 'Signed-in devices' })

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.devices.description" defaultMessage="Where your account is signed in right now." />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {sessions.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : sessions.isError ? (
          <QueryError
            message={intl.formatMessage({ id: 'settings.devices.loadFailed', defaultMessage: 'Could not load your devices' })}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        ) : (
          <ul aria-label={title} className="divide-y">
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
              onSuccess: () =>
                toast.success(intl.formatMessage({ id: 'settings.devices.signedOutOthers', defaultMessage: 'Signed out everywhere else' })),
              onError: (error) => {
                logUnexpected(error, 'signing out everywhere else failed')
                toast.error(failed(intl))
              },
            })
          }
        >
          <FormattedMessage id="settings.devices.signOutOthers" defaultMessage="Sign out everywhere else" />
        </Button>
      </CardContent>
    </Card>
  )
}
