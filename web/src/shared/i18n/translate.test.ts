import { describe, expect, it } from 'vitest';
import { translate } from './translate';
import { partLoaders } from './translation-parts';

const auth = (await partLoaders.auth.en()).default;

describe('the signed-out pages’ translator', () => {
  it('reads nested keys and fills {{placeholders}}', () => {
    expect(translate(auth, 'auth.signIn.title')).toBe('Sign in');
    expect(translate(auth, 'auth.signIn.throttled', { when: 'in 5 minutes' })).toBe(
      'Too many sign-in attempts. Try again in 5 minutes.',
    );
  });

  it('answers the key itself when it is missing, like i18next', () => {
    expect(translate(auth, 'auth.nope')).toBe('auth.nope');
    expect(translate(undefined, 'auth.signIn.title')).toBe('auth.signIn.title');
  });
});
