import { describe, expect, it } from 'vitest'
import { homeGridLayout } from '#shared/home-grid.ts'
import { gridColumnClasses, homeGridClasses, TILE_CLASSES } from './grid-classes.ts'

describe('gridColumnClasses', () => {
  it('maps large tiles (1 / 2 / 4) to base, sm and lg', () => {
    expect(gridColumnClasses([1, 2, 4])).toBe('grid-cols-1 sm:grid-cols-2 lg:grid-cols-4')
  })

  it('maps medium and small tiles (1 / 2 / 3 / 4) to base, sm, md and lg', () => {
    expect(gridColumnClasses([1, 2, 3, 4])).toBe('grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4')
  })

  it('clamps out-of-range counts to the classes that exist', () => {
    expect(gridColumnClasses([0, 9])).toBe('grid-cols-1 sm:grid-cols-4')
  })
})

describe('homeGridClasses', () => {
  it.each([
    [0, 'large', 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4'],
    [2, 'large', 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4'],
    [3, 'medium', 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4'],
    [6, 'medium', 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4'],
    [7, 'small', 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4'],
    [10, 'small', 'grid-cols-1 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4'],
  ] as const)('%i contacts give %s tiles in %s', (contacts, size, grid) => {
    const classes = homeGridClasses(homeGridLayout(contacts))
    expect(classes.grid).toBe(grid)
    expect(classes.tiles).toBe(TILE_CLASSES[size])
  })

  it('writes every tile size out with its own avatar size', () => {
    const avatars = new Set(Object.values(TILE_CLASSES).map((t) => t.avatar))
    expect(avatars.size).toBe(3)
  })
})
