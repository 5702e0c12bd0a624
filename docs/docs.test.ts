import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The decision records are one file each with an index; these checks keep the index and the files in step, so a
// decision added without its row (or a row left pointing at a renamed file) fails here rather than in review.

const decisionsDir = join(import.meta.dirname, 'decisions')

function decisionFiles(): { file: string; number: number; title: string }[] {
  return readdirSync(decisionsDir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .map((file) => {
      const heading = readFileSync(join(decisionsDir, file), 'utf8').split('\n')[0] ?? ''
      const match = /^# (\d+)\. (.+)$/.exec(heading)
      if (!match) throw new Error(`${file} does not open with "# N. Title"`)
      return { file, number: Number(match[1]), title: match[2] ?? '' }
    })
}

describe('docs/decisions', () => {
  it('names each file after the number in its heading, and uses each number once', () => {
    const files = decisionFiles()
    expect(files.length).toBeGreaterThan(0)
    for (const { file, number } of files) expect(file.slice(0, 3)).toBe(String(number).padStart(3, '0'))
    const numbers = files.map(({ number }) => number)
    expect(new Set(numbers).size).toBe(numbers.length)
  })

  it('lists every decision in the index once, under its own number and title', () => {
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8')
    const rows = [...index.matchAll(/^\| (\d+) \| \[(.+?)\]\((.+?)\) \|/gm)].map((row) => ({
      number: Number(row[1]),
      title: row[2],
      file: row[3],
    }))
    const expected = decisionFiles().map(({ file, number, title }) => ({ number, title: title.replace(/\|/g, '/'), file }))
    expect(rows.sort((a, b) => a.number - b.number)).toEqual(expected.sort((a, b) => a.number - b.number))
  })
})
