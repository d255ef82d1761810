import { describe, expect, it } from 'vitest';
import { isApiWord, isRunOfApiWords, segmentWords, vocabularyShare } from '../src/templating/vocabulary.js';

describe('API vocabulary', () => {
  it('splits segments into lower-case words at separators, camelCase humps and digits', () => {
    expect(segmentWords('getUserById')).toEqual(['get', 'user', 'by', 'id']);
    expect(segmentWords('payment-methods')).toEqual(['payment', 'methods']);
    expect(segmentWords('gold_wonka')).toEqual(['gold', 'wonka']);
    expect(segmentWords('HTMLParser2x')).toEqual(['html', 'parser']);
    expect(segmentWords('42')).toEqual([]);
  });

  it('knows the words many APIs route by, not personal names', () => {
    for (const w of ['users', 'orders', 'members', 'resource', 'group', 'status'])
      expect(isApiWord(w)).toBe(true);
    for (const w of ['liamclark', 'rupert', 'wonka']) expect(isApiWord(w)).toBe(false);
  });

  it('scores a segment by the share of its words that are API words', () => {
    expect(vocabularyShare('payment-methods')).toBe(1);
    expect(vocabularyShare('liamclark')).toBe(0);
    expect(vocabularyShare('users-wonka')).toBe(0.5);
    expect(vocabularyShare('123')).toBe(0);
  });

  it('reads a lower-case run of API words written together as API words, not a run-together name', () => {
    for (const w of [
      'encryptionkey',
      'changenotification',
      'organizationconfiguration',
      'accountpermissions',
    ])
      expect(isRunOfApiWords(w)).toBe(true);
    for (const w of ['liamclark', 'carolking', 'noahwilson', 'users', 'idme'])
      expect(isRunOfApiWords(w)).toBe(false);
    expect(vocabularyShare('encryptionkey')).toBe(0);
    expect(vocabularyShare('encryptionkey', true)).toBe(1);
    // Only a whole segment so run together: words set apart are judged one by one.
    expect(vocabularyShare('Website_started', true)).toBe(vocabularyShare('Website_started'));
  });

  it('counts a plain word in the singular of a plural API word, not inside a longer name', () => {
    expect(isApiWord('hook')).toBe(false);
    expect(vocabularyShare('hook')).toBe(1);
    expect(vocabularyShare('container')).toBe(1);
    expect(vocabularyShare('test_container')).toBe(0.5);
  });
});
