// The cookies a step's answer set, sent back as they were or with their on/off switches turned over.
import { describe, expect, it } from 'vitest';
import { cookieVars, flipSwitch, setCookiePairs } from '../src/active/cookies.js';

describe('step cookies', () => {
  it('reads each cookie of a comma-joined Set-Cookie header, dates and attributes left out', () => {
    expect(
      setCookiePairs(
        'env=graphiql:disable; Path=/, sid=a1b2; Expires=Wed, 09 Jun 2027 10:18:14 GMT; HttpOnly',
      ),
    ).toEqual([
      ['env', 'graphiql:disable'],
      ['sid', 'a1b2'],
    ]);
    expect(setCookiePairs(undefined)).toEqual([]);
  });

  it('turns a switch over and leaves other values alone', () => {
    expect(flipSwitch('graphiql:disable')).toBe('graphiql:enable');
    expect(flipSwitch('Disabled')).toBe('Enabled');
    expect(flipSwitch('debug=false')).toBe('debug=true');
    expect(flipSwitch('0')).toBe('1');
    expect(flipSwitch('a1b2c3')).toBe('a1b2c3');
  });

  it('names the variables after the step, empty when the answer set none', () => {
    expect(cookieVars('site', { 'set-cookie': 'ide=off; Path=/, sid=x9' })).toEqual({
      'site.cookies': 'ide=off; sid=x9',
      'site.cookies-flipped': 'ide=on; sid=x9',
    });
    expect(cookieVars('site', {})).toEqual({ 'site.cookies': '', 'site.cookies-flipped': '' });
  });
});
