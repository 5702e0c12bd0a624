import { describe, expect, it } from 'vitest'
import { playbackTips } from './playback-tips.ts'

describe('playbackTips', () => {
  it('answers a tender feeling gently first, then asks about the topic', () => {
    expect(playbackTips({ emotions: ['stressed', 'tired'], topics: ['work', 'sleep'], sentiment: -0.6, received: true })).toEqual([
      'They sound stressed. Start your reply by saying you heard that, before anything else.',
      'They brought up work. Ask one open question about it in your reply.',
    ])
  })

  it('meets good news and warmth with something concrete to say back', () => {
    expect(playbackTips({ emotions: ['excited'], topics: [], sentiment: 0.8, received: true })).toEqual([
      'They sound excited. Tell them which part you enjoyed hearing most.',
      'The message leans bright. Reply while the mood is fresh.',
    ])
    expect(playbackTips({ emotions: ['Loving'], topics: ['family'], sentiment: 0.5, received: true })[0]).toBe(
      'They sound loving. Tell them one thing you value about them.',
    )
  })

  it('uses a heavy sentiment when no feeling was named', () => {
    expect(playbackTips({ emotions: [], topics: ['health'], sentiment: -0.5, received: true })).toEqual([
      'They brought up health. Ask one open question about it in your reply.',
      'The message leans heavy. A short, gentle reply today helps more than a perfect one later.',
    ])
  })

  it('gives calm general advice when the analysis found nothing, never inventing a feeling or topic', () => {
    const tips = playbackTips({ emotions: [], topics: [], sentiment: null, received: true })
    expect(tips).toEqual(['Listen all the way through before you reply.', 'Pick one thing they said and answer that first.'])
    const neutral = playbackTips({ emotions: [' '], topics: [''], sentiment: 0, received: true })
    expect(neutral).toEqual(tips)
  })

  it('speaks to the sender about their own message', () => {
    expect(playbackTips({ emotions: ['anxious'], topics: ['money'], sentiment: -0.4, received: false })).toEqual([
      'You sounded anxious. It is fine to say so plainly; give them time to answer.',
      'You brought up money. When they answer, listen for what they say about it.',
    ])
    expect(playbackTips({ emotions: [], topics: [], sentiment: -0.9, received: false })).toEqual([
      'Give them time to listen and reply.',
      'A short follow-up later keeps the conversation warm.',
    ])
  })

  it('always gives two different, short tips', () => {
    const inputs = [
      { emotions: ['calm'], topics: ['coffee'], sentiment: 0.1, received: true },
      { emotions: ['surprised'], topics: [], sentiment: undefined, received: true },
      { emotions: ['nostalgic'], topics: ['memories'], sentiment: 0.3, received: false },
      { emotions: [], topics: [], sentiment: 0.9, received: false },
    ]
    for (const input of inputs) {
      const [first, second] = playbackTips(input)
      expect(first).not.toBe(second)
      for (const tip of [first, second]) expect(tip.length).toBeLessThanOrEqual(100)
    }
  })
})
