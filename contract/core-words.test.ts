// The core's words: English from the table, sentences joined, and a sentence without a key never
// dropped from what is joined.
import { describe, expect, it } from 'vitest';
import { joined, words } from './core-words.ts';

describe('joined', () => {
  it('says keyed sentences one after another, by key and in English', () => {
    expect(joined(words('permAnswered403'), words('permOperatorCanAdd'))).toEqual({
      message: "The instance answered 403. The operator can add it to this client's role.",
      said: [{ key: 'permAnswered403' }, { key: 'permOperatorCanAdd' }],
    });
  });

  it('keeps the whole in English when a part has no key, instead of dropping that part', () => {
    const instanceWords = { message: 'It answered an error: invalid_client.', said: [] };
    expect(joined(words('permAnswered403'), instanceWords)).toEqual({
      message: 'The instance answered 403. It answered an error: invalid_client.',
      said: [],
    });
  });
});
