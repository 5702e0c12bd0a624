import type { WeekActivity } from '#shared/relationship-health.ts'

const weekLabel = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * Messages each week over the last 12 weeks: bars for the eye, and the same figures as a table for screen readers
 * (the bars are hidden from them).
 */
export function ActivityChart({ weeks }: { weeks: WeekActivity[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.messages))
  const total = weeks.reduce((sum, w) => sum + w.messages, 0)
  return (
    <figure data-slot="activity-chart" className="flex flex-col gap-2">
      <div aria-hidden className="flex h-24 items-end gap-1">
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
      <div aria-hidden className="flex justify-between text-xs text-muted-foreground">
        <span>{weeks[0] ? weekLabel(weeks[0].week_start) : ''}</span>
        <span>This week</span>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {total} message{total === 1 ? '' : 's'} in the last {weeks.length} weeks
      </figcaption>
      <table className="sr-only">
        <caption>Messages per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Messages</th>
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
