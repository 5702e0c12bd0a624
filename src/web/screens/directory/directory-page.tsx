import { useIntl } from 'react-intl'
import { Search, UserSearch, X } from 'lucide-react'
import type * as React from 'react'
import { useId, useRef, useState } from 'react'
import { DIRECTORY_QUERY_MAX } from '#shared/directory.ts'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { QueryError } from '#web/components/query-error.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { DirectoryResultRow, DirectoryResultRowSkeleton } from './components/directory-result-row.tsx'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { useDirectorySearchQuery } from './queries.ts'

function Notice({ icon: Icon, title, text, children }: { icon: typeof Search; title: string; text?: string; children?: React.ReactNode }) {
  return (
    <Empty variant="notice">
      <IconBadge tone="muted">
        <Icon aria-hidden />
      </IconBadge>
      <EmptyTitle className="max-w-sm text-base font-medium text-balance">{title}</EmptyTitle>
      {text && <EmptyDescription className="text-wrap">{text}</EmptyDescription>}
      {children}
    </Empty>
  )
}

/** /contacts/add/directory: find people on Hearth by name, or by their exact e-mail address. */
export function DirectoryPage() {
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage({ id: 'directory.pageTitle', defaultMessage: 'Find on Hearth - Hearth' }) })
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const debounced = useDebouncedValue(text.trim())
  const query = text.trim() === '' ? '' : debounced
  const search = useDirectorySearchQuery(query)
  const typing = text.trim() !== debounced

  const clearLabel = intl.formatMessage({ id: 'directory.clear', defaultMessage: 'Clear search' })
  const clear = () => {
    setText('')
    inputRef.current?.focus()
  }

  const results = search.data?.results
  let body: React.ReactNode
  if (text.trim() === '') {
    body = (
      <Notice
        icon={UserSearch}
        title={intl.formatMessage({ id: 'directory.start.title', defaultMessage: 'Look for someone you know' })}
        text={intl.formatMessage({
          id: 'directory.start.text',
          defaultMessage: 'Type a name, or their exact email address. Email addresses are never shown in results.',
        })}
      />
    )
  } else if (search.isError && !search.isFetching) {
    const rateLimited = isApiRequestError(search.error, 429)
    body = (
      <QueryError
        message={rateLimited ? search.error.message : intl.formatMessage({ id: 'directory.failed', defaultMessage: 'Search failed' })}
        detail={rateLimited ? undefined : search.error.message}
        retrying={search.isFetching}
        onRetry={() => void search.refetch()}
      />
    )
  } else if (!results || (typing && search.isPlaceholderData && results.length === 0)) {
    body = (
      <ul
        aria-label={intl.formatMessage({ id: 'directory.loading', defaultMessage: 'Loading results' })}
        aria-busy="true"
        className="divide-y rounded-2xl border bg-card shadow-sm"
      >
        <DirectoryResultRowSkeleton />
        <DirectoryResultRowSkeleton />
        <DirectoryResultRowSkeleton />
      </ul>
    )
  } else if (results.length === 0) {
    body = (
      <Notice
        icon={Search}
        title={intl.formatMessage({ id: 'directory.empty', defaultMessage: 'No users found. Try a different search term.' })}
      >
        <Button variant="outline" size="sm" className="mt-1" onClick={clear}>
          {intl.formatMessage({ id: 'directory.newSearch', defaultMessage: 'New search' })}
        </Button>
      </Notice>
    )
  } else {
    body = (
      <ul
        aria-label={intl.formatMessage({ id: 'directory.results', defaultMessage: 'Search results' })}
        className="divide-y rounded-2xl border bg-card shadow-sm"
      >
        {results.map((person) => (
          <DirectoryResultRow key={person.id} person={person} />
        ))}
      </ul>
    )
  }

  const stale = typing || search.isPlaceholderData || search.isFetching
  const announcement =
    text.trim() === '' || stale || !results
      ? ''
      : intl.formatMessage(
          { id: 'directory.found', defaultMessage: '{count, plural, one {# person found} other {# people found}}' },
          { count: results.length },
        )

  return (
    <PageLayout
      className="gap-4"
      header={<PageHeader back="/contacts/add" title={intl.formatMessage({ id: 'directory.title', defaultMessage: 'Find on Hearth' })} />}
    >
      <div role="search" className="relative">
        <label htmlFor={inputId} className="sr-only">
          {intl.formatMessage({ id: 'directory.label', defaultMessage: 'Search people on Hearth' })}
        </label>
        <Search aria-hidden className="pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          ref={inputRef}
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text) {
              event.preventDefault()
              clear()
            }
          }}
          placeholder={intl.formatMessage({ id: 'directory.placeholder', defaultMessage: 'Search by name or email...' })}
          maxLength={DIRECTORY_QUERY_MAX}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          autoFocus
          className="h-12 rounded-xl bg-card ps-10 pe-20 text-base shadow-sm md:text-base [&::-webkit-search-cancel-button]:hidden"
        />
        <div className="absolute end-1.5 top-1/2 flex -translate-y-1/2 items-center gap-1">
          {text.trim() !== '' && stale && (
            <Spinner
              label={intl.formatMessage({ id: 'directory.searching', defaultMessage: 'Searching' })}
              className="text-muted-foreground"
            />
          )}
          {text && (
            <Button variant="ghost" size="icon" className="size-9" aria-label={clearLabel} title={clearLabel} onClick={clear}>
              <X aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className={stale && results && results.length > 0 ? 'opacity-70 transition-opacity' : 'transition-opacity'}>{body}</div>
    </PageLayout>
  )
}
