import { lazy, useEffect, useState, type ComponentType } from 'react'

type Idle = { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void }

/**
 * Runs `run` once the first screen has painted and the browser is idle (at the latest 2 s later): for code the first
 * screen does not show but a tap may soon need. Answers a function that cancels it.
 */
export function afterFirstPaint(run: () => void): () => void {
  const idle = globalThis as Idle
  let idleId: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      if (idle.requestIdleCallback) idleId = idle.requestIdleCallback(run, { timeout: 2_000 })
      else run()
    })
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    if (idleId !== undefined) idle.cancelIdleCallback?.(idleId)
  }
}

let firstScreenPainted = false

/**
 * False until the first screen has painted and the browser was idle (`afterFirstPaint`), then true; true at once in a
 * component mounted after that, so that moving between screens does not hide what is already shown.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(firstScreenPainted)
  useEffect(() => {
    if (painted) return
    return afterFirstPaint(() => {
      firstScreenPainted = true
      setPainted(true)
    })
  }, [painted])
  return painted
}

/**
 * A component whose code loads on demand (the signed-in home's first screen carries only what it shows; docs/performance.md),
 * with `preload()` to fetch it ahead of use and `usePreloadAfterPaint()` to do so once the first screen is painted,
 * so that a tap finds it there.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props, as React.lazy itself takes
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined
  // a failed load (the network dropped) is tried again at the next use
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  const Component = lazy(async () => ({ default: await preload() }))
  const usePreloadAfterPaint = () => useEffect(() => afterFirstPaint(() => void preload()), [])
  return Object.assign(Component, { preload, usePreloadAfterPaint })
}
