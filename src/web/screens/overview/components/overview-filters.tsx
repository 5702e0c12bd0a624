import { Brain, Tags } from 'lucide-react'
import type * as React from 'react'
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl'
import { cn } from '#web/lib/utils.ts'
import { CHIP_LIMIT, OVERVIEW_TEXTS, visibleChips, type Chip, type OverviewGrouping } from '../overview-model.ts'

type GroupingToggleProps = Omit<React.ComponentProps<'div'>, 'onChange'> & {
  value: OverviewGrouping
  onChange: (value: OverviewGrouping) => void
}

const LABELS = defineMessages({
  topics: { id: 'overview.grouping.topics', defaultMessage: 'Topics' },
  emotions: { id: 'overview.grouping.emotions', defaultMessage: 'Emotions' },
})

const OPTIONS: { value: OverviewGrouping; label: MessageDescriptor; icon: typeof Tags }[] = [
  { value: 'topics', label: LABELS.topics, icon: Tags },
  { value: 'emotions', label: LABELS.emotions, icon: Brain },
]

/** Topics/Emotions: what the groups and chips are made of. Two pressed-state buttons in a segmented control. */
export function GroupingToggle({ value, onChange, className, ...props }: GroupingToggleProps) {
  const intl = useIntl()
  return (
    <div
      role="group"
      aria-label={intl.formatMessage({ id: 'overview.grouping.label', defaultMessage: 'Group by' })}
      data-slot="grouping-toggle"
      className={cn('inline-flex shrink-0 rounded-xl border bg-muted/60 p-1', className)}
      {...props}
    >
      {OPTIONS.map(({ value: option, label, icon: Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className="inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring aria-pressed:bg-card aria-pressed:text-foreground aria-pressed:shadow-sm"
        >
          <Icon aria-hidden className="size-4" />
          <FormattedMessage {...label} />
        </button>
      ))}
    </div>
  )
}

type FilterChipsProps = React.ComponentProps<'div'> & {
  chips: Chip[]
  selected: ReadonlySet<string>
  expanded: boolean
  onToggleChip: (label: string) => void
  onExpandedChange: (expanded: boolean) => void
}

/** 'Filter by:' and the labels present; selecting several narrows to messages carrying all of them. */
export function FilterChips({ chips, selected, expanded, onToggleChip, onExpandedChange, className, ...props }: FilterChipsProps) {
  if (chips.length === 0) return null
  const { chips: shown, hidden } = visibleChips(chips, selected, expanded)
  return (
    <div data-slot="filter-chips" className={cn('flex flex-wrap items-center gap-2', className)} {...props}>
      <span id="overview-filter-label" className="me-1 text-sm font-medium text-muted-foreground">
        <FormattedMessage {...OVERVIEW_TEXTS.filterBy} />
      </span>
      <div role="group" aria-labelledby="overview-filter-label" className="contents">
        {shown.map((chip) => (
          <button
            key={chip.label}
            type="button"
            aria-pressed={selected.has(chip.label)}
            onClick={() => onToggleChip(chip.label)}
            className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border bg-card px-3 text-sm text-foreground/90 shadow-xs transition-colors outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground aria-pressed:hover:bg-primary-hover"
          >
            {chip.label}
            <span aria-hidden className="text-xs tabular-nums opacity-70">
              {chip.count}
            </span>
          </button>
        ))}
      </div>
      {(hidden > 0 || (expanded && chips.length > CHIP_LIMIT)) && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => onExpandedChange(!expanded)}
          className="h-8 cursor-pointer rounded-full px-2 text-sm font-medium text-primary-strong underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          {expanded ? (
            <FormattedMessage id="overview.chips.less" defaultMessage="Show less" />
          ) : (
            <FormattedMessage id="overview.chips.more" defaultMessage="See {count} more" values={{ count: hidden }} />
          )}
        </button>
      )}
    </div>
  )
}
