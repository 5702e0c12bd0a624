import { ArrowLeft, Search, UserSearch, X } from 'lucide-react'
import type * as React from 'react'
import { useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { DIRECTORY_QUERY_MAX, DIRECTORY_TEXTS } from '#shared/directory.ts'
import { QueryError } from '#web/components/query-error.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { isApiRequestError } from '#web/lib/api-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { DirectoryResultRow, DirectoryResultRowSkeleton } from './components/directory-result-row.tsx'
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts'
import { useDirectorySearchQuery } from './queries.ts'

export const SEARCH_FAILED = 'Search failed'

function Notice({ icon: Icon, title, text, children }: { icon: typeof Search; title: string; text?: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-6 py-10 text-center shadow-sm">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden className="size-5" />
      </span>
      <p className="max-w-sm font-medium text-balance">{title}</p>
      {text && <p className="max-w-sm text-sm text-muted-foreground">{text}</p>}
      {children}
    </div>
  )
}

/** /contacts/add/directory: find people on Hearth by name, or by their exact e-mail address. */
export function DirectoryPage() {
  usePageMeta({ title: 'Find on Hearth - Hearth' })
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const debounced = useDebouncedValue(text.trim())
  const query = text.trim() === '' ? '' : debounced
  const search = useDirectorySearchQuery(query)
  const typing = text.trim() !== debounced

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
        title="Look for someone you know"
        text="Type a name, or their exact email address. Email addresses are never shown in results."
      />
    )
  } else if (search.isError && !search.isFetching) {
    const rateLimited = isApiRequestError(search.error, 429)
    body = (
      <QueryError
        message={rateLimited ? search.error.message : SEARCH_FAILED}
        detail={rateLimited ? undefined : search.error.message}
        retrying={search.isFetching}
        onRetry={() => void search.refetch()}
      />
    )
  } else if (!results || (typing && search.isPlaceholderData && results.length === 0)) {
    body = (
      <ul aria-label="Loading results" aria-busy="true" className="divide-y rounded-2xl border bg-card shadow-sm">
        <DirectoryResultRowSkeleton />
        <DirectoryResultRowSkeleton />
        <DirectoryResultRowSkeleton />
      </ul>
    )
  } else if (results.length === 0) {
    body = (
      <Notice icon={Search} title={DIRECTORY_TEXTS.empty}>
        <Button variant="outline" size="sm" className="mt-1" onClick={clear}>
          New search
        </Button>
      </Notice>
    )
  } else {
    body = (
      <ul aria-label="Search results" className="divide-y rounded-2xl border bg-card shadow-sm">
        {results.map((person) => (
          <DirectoryResultRow key={person.id} person={person} />
        ))}
      </ul>
    )
  }

  const stale = typing || search.isPlaceholderData || search.isFetching
  const announcement =
    text.trim() === '' || stale || !results ? '' : `${results.length} ${results.length === 1 ? 'person' : 'people'} found`

  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className="mx-auto flex w-full max-w-2xl items-center gap-2 px-4 py-3 sm:px-6">
        <Button asChild variant="ghost" size="icon" className="-ml-2">
          <Link to="/contacts/add" aria-label="Back" title="Back">
            <ArrowLeft aria-hidden className="size-5" />
          </Link>
        </Button>
        <h1 className="flex-1 text-xl font-semibold tracking-tight">Find on Hearth</h1>
      </header>

      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 pt-2 pb-16 sm:px-6">
        <div role="search" className="relative">
          <label htmlFor={inputId} className="sr-only">
            Search people on Hearth
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" />
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
            placeholder={DIRECTORY_TEXTS.placeholder}
            maxLength={DIRECTORY_QUERY_MAX}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            autoFocus
            className="h-12 rounded-xl bg-card pr-20 pl-10 text-base shadow-sm md:text-base [&::-webkit-search-cancel-button]:hidden"
          />
          <div className="absolute top-1/2 right-1.5 flex -translate-y-1/2 items-center gap-1">
            {text.trim() !== '' && stale && <Spinner label="Searching" className="text-muted-foreground" />}
            {text && (
              <Button variant="ghost" size="icon" className="size-9" aria-label="Clear search" title="Clear search" onClick={clear}>
                <X aria-hidden />
              </Button>
            )}
          </div>
        </div>
        <p role="status" className="sr-only">
          {announcement}
        </p>
        <div className={stale && results && results.length > 0 ? 'opacity-70 transition-opacity' : 'transition-opacity'}>{body}</div>
      </main>
    </div>
  )
}
