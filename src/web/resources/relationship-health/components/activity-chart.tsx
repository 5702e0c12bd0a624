import { FormattedMessage, useIntl } from 'react-intl'
import type { WeekActivity } from '#shared/relationship-health.ts'

/**
 * Messages each week over the last 12 weeks: bars for the eye, and the same figures as a table for screen readers
 * (the bars are hidden from them).
 */
export function ActivityChart({ weeks }: { weeks: WeekActivity[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.messages))
  const total = weeks.reduce((sum, w) => sum + w.messages, 0)
  const intl = useIntl()
  const weekLabel = (isoDate: string) =>
    intl.formatDate(new Date(`${isoDate}T00:00:00Z`), { month: 'short', day: 'numeric', timeZone: 'UTC' })
  return (
    <figure data-slot="activity-chart" className="flex flex-col gap-2">
      {/* time runs left to right in every language (decision 221) */}
      <div aria-hidden dir="ltr" className="flex h-24 items-end gap-1">
        {weeks.map((week) => (
          <div
            key={week.week_start}
            className="flex h-full flex-1 flex-col justify-end"
            title={`${weekLabel(week.week_start)}: ${week.messages}`}
          >
            <div
              className="min-h-0.5 rounded-t-sm bg-primary/80"
              style={{ height: `${week.messages === 0 ? 2 : Math.max(6, (week.messages / max) * 100)}%` }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden dir="ltr" className="flex justify-between text-xs text-muted-foreground">
        <span>{weeks[0] ? weekLabel(weeks[0].week_start) : ''}</span>
        <span>
          <FormattedMessage id="health.activity.thisWeek" defaultMessage="This week" />
        </span>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        <FormattedMessage
          id="health.activity.summary"
          defaultMessage="{total, plural, one {# message} other {# messages}} in the last {weeks} weeks"
          values={{ total, weeks: weeks.length }}
        />
      </figcaption>
      <table className="sr-only">
        <caption>
          <FormattedMessage id="health.activity.caption" defaultMessage="Messages per week" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="health.activity.weekOf" defaultMessage="Week of" />
            </th>
            <th scope="col">
              <FormattedMessage id="health.activity.messages" defaultMessage="Messages" />
            </th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week_start}>
              <td>{weekLabel(week.week_start)}</td>
              <td>{week.messages}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
