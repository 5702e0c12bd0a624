import { describe, expect, it } from 'vitest'
import { homeGridLayout } from './home-grid.ts'

describe('homeGridLayout', () => {
  it('follows the spec table on the tile count (contacts + 2)', () => {
    expect(homeGridLayout(0)).toEqual({ tileCount: 2, size: 'large', columns: [1, 2, 4] })
    expect(homeGridLayout(2)).toEqual({ tileCount: 4, size: 'large', columns: [1, 2, 4] })
    expect(homeGridLayout(3)).toEqual({ tileCount: 5, size: 'medium', columns: [1, 2, 3, 4] })
    expect(homeGridLayout(6)).toEqual({ tileCount: 8, size: 'medium', columns: [1, 2, 3, 4] })
    expect(homeGridLayout(7)).toEqual({ tileCount: 9, size: 'small', columns: [1, 2, 3, 4] })
    expect(homeGridLayout(10).size).toBe('small')
  })
})
