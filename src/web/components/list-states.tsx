import type * as React from 'react'
import { QueryErrorFor, type RefetchableQuery } from '#web/components/query-error.tsx'

type ListStatesProps<T> = {
  query: RefetchableQuery & { isPending: boolean }
  /** the list's items once the query has them */
  items: readonly T[] | undefined
  /** the skeleton shaped like the list */
  loading: React.ReactNode
  /** what failed, in a human sentence */
  errorMessage: string
  /** the empty state: an icon, one sentence and one next action */
  empty: React.ReactNode
  children: (items: readonly T[]) => React.ReactNode
}

/**
 * The four states of a list read by one query: the skeleton while it loads, the error with Retry (above what was
 * already shown, when a refetch failed), the empty state, or the list itself.
 */
export function ListStates<T>({ query, items, loading, errorMessage, empty, children }: ListStatesProps<T>) {
  if (query.isPending) return loading
  const error = query.error ? <QueryErrorFor query={query} message={errorMessage} /> : null
  if (!items) return error ?? empty
  return (
    <>
      {error}
      {items.length === 0 ? empty : children(items)}
    </>
  )
}
