import { Heart, Search, X } from 'lucide-react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { FormattedMessage, useIntl } from 'react-intl'
import { useQueryClient } from '@tanstack/react-query'
import type { OverviewMessage } from '#shared/message-search.ts'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { useLikeMessageMutation } from '#web/resources/messages/queries.ts'
import { useProfileQuery } from '#web/resources/profiles/queries.ts'
import { announce } from '#web/lib/announce.ts'
import { useErrorMessage } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { cn } from '#web/lib/utils.ts'
import { OverviewCard } from './components/overview-card.tsx'
import { FilterChips, GroupingToggle } from './components/overview-filters.tsx'
import { OVERVIEW_GRID, OverviewEmpty, OverviewNoResults, OverviewSkeleton } from './components/overview-states.tsx'
import {
  chipList,
  groupMessages,
  groupTitle,
  matchesAllChips,
  messageCount,
  OVERVIEW_TEXTS,
  type OverviewGrouping,
} from './overview-model.ts'
import { patchOverviewMessage, useMessageSearchQuery } from './queries.ts'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'

/**
 * /messages (docs/product/messages-overview.md): every message the person sent or received, searched on the server, grouped by
 * topic or emotion with Liked first, narrowed by chips on the loaded messages. The search text and the grouping
 * live in the address, so coming back from /playback finds the same view.
 */
export function MessagesOverviewPage() {
  const intl = useIntl()
  const errorMessage = useErrorMessage()
  usePageMeta({ title: intl.formatMessage({ id: 'overview.pageTitle', defaultMessage: 'Your Messages - Hearth' }) })
  const { user } = useAuth()
  const ownUserId = user?.id ?? ''
  const profile = useProfileQuery()
  const queryClient = useQueryClient()
  const like = useLikeMessageMutation()

  const [params, setParams] = useSearchParams()
  const grouping: OverviewGrouping = params.get('by') === 'emotions' ? 'emotions' : 'topics'
  const [text, setText] = useState(() => params.get('q') ?? '')
  // the search box waits 300 ms after the last key before asking the server
  const q = useDebouncedValue(text.trim())
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const [chipsExpanded, setChipsExpanded] = useState(false)

  const search = useMessageSearchQuery(q)
  const loaded = useMemo(() => search.data?.pages.flatMap((page) => page.messages) ?? [], [search.data])
  const chips = useMemo(() => chipList(loaded, grouping), [loaded, grouping])
  // a chip that left the results (after a new search) no longer narrows them
  const activeSelection = useMemo(() => new Set([...selected].filter((label) => chips.some((c) => c.label === label))), [selected, chips])
  const shown = useMemo(() => loaded.filter((m) => matchesAllChips(m, grouping, activeSelection)), [loaded, grouping, activeSelection])
  const groups = useMemo(() => groupMessages(shown, grouping, ownUserId), [shown, grouping, ownUserId])

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: true },
    )

  const onTextChange = (value: string) => {
    setText(value)
    setParam('q', value.trim() || null)
  }
  const onGroupingChange = (value: OverviewGrouping) => {
    setSelected(new Set())
    setChipsExpanded(false)
    setParam('by', value === 'emotions' ? 'emotions' : null)
  }
  const toggleChip = (label: string) =>
    setSelected((current) => {
      const next = new Set([...current].filter((l) => chips.some((c) => c.label === l)))
      if (next.has(label)) next.delete(label)
      else next.add(label)
      return next
    })
  const clearAll = () => {
    onTextChange('')
    setSelected(new Set())
  }
  const toggleLike = (message: OverviewMessage) => {
    patchOverviewMessage(queryClient, message.id, { liked: !message.liked })
    like.mutate({ id: message.id, liked: !message.liked })
  }

  const searching = q !== '' || activeSelection.size > 0
  const typing = text.trim() !== q
  // a new search's results are said once they are in (decision 131); the list itself changes silently
  const settled = searching && !typing && search.isSuccess && !search.isPlaceholderData
  const resultCount = shown.length
  useEffect(() => {
    if (settled) announce(intl.formatMessage(OVERVIEW_TEXTS.resultsFound, { count: resultCount }))
  }, [settled, q, activeSelection.size, resultCount, intl])
  let body: ReactNode
  if (search.isPending) {
    body = <OverviewSkeleton />
  } else if (search.isError && !search.data) {
    body = (
      <QueryError
        className="mx-auto max-w-md"
        message={intl.formatMessage(OVERVIEW_TEXTS.loadFailed)}
        detail={errorMessage(search.error)}
        retrying={search.isFetching}
        onRetry={() => void search.refetch()}
      />
    )
  } else if (loaded.length === 0 && !searching && !search.isPlaceholderData) {
    body = <OverviewEmpty className="mx-auto max-w-xl" />
  } else if (shown.length === 0) {
    body = <OverviewNoResults className="mx-auto max-w-xl" onClear={clearAll} />
  } else {
    let position = 0
    body = (
      <div
        data-slot="overview-results"
        aria-busy={search.isPlaceholderData || undefined}
        className={cn('flex flex-col gap-8 transition-opacity sm:gap-10', search.isPlaceholderData && 'opacity-60')}
      >
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`group-${group.key}`} data-slot="overview-group" className="flex flex-col gap-3">
            <div className="flex items-baseline gap-3">
              <h2 id={`group-${group.key}`} className="flex items-center gap-2 text-lg font-semibold tracking-tight">
                {group.kind === 'liked' && (
                  <Heart aria-hidden className="size-4 fill-rose-500 text-rose-500 dark:fill-rose-400 dark:text-rose-400" />
                )}
                {groupTitle(intl, group)}
              </h2>
              <p className="text-sm text-muted-foreground tabular-nums">{messageCount(intl, group.messages.length)}</p>
            </div>
            <div className={OVERVIEW_GRID}>
              {group.messages.map((message) => (
                <OverviewCard
                  key={message.id}
                  message={message}
                  ownUserId={ownUserId}
                  ownName={profile.data?.name ?? user?.name ?? intl.formatMessage(OVERVIEW_TEXTS.you)}
                  ownPictureUrl={profile.data?.profile_picture_url}
                  index={position++}
                  onToggleLike={toggleLike}
                />
              ))}
            </div>
          </section>
        ))}
        <OverviewFooter
          count={loaded.length}
          hasMore={search.hasNextPage}
          loadingMore={search.isFetchingNextPage}
          failed={search.isFetchNextPageError}
          onLoadMore={() => void search.fetchNextPage()}
        />
      </div>
    )
  }

  return (
    <PageLayout className="sm:pt-4" header={<PageHeader back="/" />}>
      {/* one block, so the sections' margins meet as they always have */}
      <div>
        <div className="mb-6 flex flex-col gap-1 sm:mb-8">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
            <FormattedMessage {...OVERVIEW_TEXTS.title} />
          </h1>
          <p className="text-muted-foreground">
            <FormattedMessage {...OVERVIEW_TEXTS.subtitle} />
          </p>
        </div>

        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          <div role="search" className="relative w-full sm:max-w-xl">
            <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              aria-label={intl.formatMessage({ id: 'overview.search.label', defaultMessage: 'Search messages' })}
              placeholder={intl.formatMessage(OVERVIEW_TEXTS.searchPlaceholder)}
              value={text}
              maxLength={200}
              onChange={(event) => onTextChange(event.target.value)}
              className={cn('ps-9 [&::-webkit-search-cancel-button]:hidden', text ? 'pe-10' : 'pe-3')}
            />
            <span className="absolute end-2 top-1/2 flex -translate-y-1/2 items-center">
              {(typing || (search.isFetching && !search.isFetchingNextPage && searching)) && text ? (
                <Spinner
                  label={intl.formatMessage({ id: 'overview.search.searching', defaultMessage: 'Searching' })}
                  className="size-7 text-sm text-muted-foreground"
                />
              ) : (
                text && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={intl.formatMessage({ id: 'overview.search.clear', defaultMessage: 'Clear search' })}
                    className="size-7"
                    onClick={() => onTextChange('')}
                  >
                    <X aria-hidden />
                  </Button>
                )
              )}
            </span>
          </div>
          <GroupingToggle value={grouping} onChange={onGroupingChange} className="self-start sm:ms-auto sm:self-auto" />
        </div>

        <FilterChips
          className="mb-6 sm:mb-8"
          chips={chips}
          selected={activeSelection}
          expanded={chipsExpanded}
          onToggleChip={toggleChip}
          onExpandedChange={setChipsExpanded}
        />

        {search.isError && search.data && (
          <div role="alert" className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-2xl border bg-card px-4 py-3 text-sm">
            <span>
              <FormattedMessage {...OVERVIEW_TEXTS.loadFailed} />
            </span>
            <Button variant="outline" size="sm" disabled={search.isFetching} onClick={() => void search.refetch()}>
              <FormattedMessage id="common.retry" defaultMessage="Retry" />
            </Button>
          </div>
        )}

        {/* without chips the toolbar's bottom margin alone is too tight above a panel or the first group */}
        <div className={cn(chips.length === 0 && 'mt-6 sm:mt-8')}>{body}</div>
      </div>
    </PageLayout>
  )
}

function OverviewFooter({
  count,
  hasMore,
  loadingMore,
  failed,
  onLoadMore,
}: {
  count: number
  hasMore: boolean
  loadingMore: boolean
  failed: boolean
  onLoadMore: () => void
}) {
  const intl = useIntl()
  if (!hasMore) return null
  return (
    <div data-slot="overview-footer" className="flex flex-col items-center gap-2 text-center text-sm text-muted-foreground">
      <p>
        {failed ? (
          <FormattedMessage id="overview.footer.failed" defaultMessage="Older messages could not be loaded." />
        ) : (
          <FormattedMessage
            id="overview.footer.grouped"
            defaultMessage="{count, plural, one {Grouped from your newest # message.} other {Grouped from your newest # messages.}}"
            values={{ count }}
          />
        )}
      </p>
      <Button variant="outline" disabled={loadingMore} onClick={onLoadMore}>
        {loadingMore && <Spinner label={intl.formatMessage({ id: 'overview.footer.loading', defaultMessage: 'Loading older messages' })} />}
        {failed ? (
          <FormattedMessage id="common.retry" defaultMessage="Retry" />
        ) : (
          <FormattedMessage id="overview.footer.loadMore" defaultMessage="Load older messages" />
        )}
      </Button>
    </div>
  )
}
