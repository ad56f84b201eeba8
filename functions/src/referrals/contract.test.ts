import { describe, expect, it } from 'vitest';

import { shortenedName } from './contract';

describe('shortenedName', () => {
  it('keeps the first name and the last name’s initial', () => {
    expect(shortenedName('Maya Rossi')).toBe('Maya R.');
    expect(shortenedName('  Jean-Luc  de la Tour ')).toBe('Jean-Luc T.');
    expect(shortenedName('émile zola')).toBe('émile Z.');
    expect(shortenedName('Cher')).toBe('Cher');
  });

  it('shortens names in any script', () => {
    expect(shortenedName('أمينة حداد')).toBe('أمينة ح.');
  });
});
