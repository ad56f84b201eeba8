import { describe, expect, it } from 'vitest';

import { isolateLeftToRight, visualRuns } from './visual-runs';

describe('visualRuns', () => {
  it('keeps a left-to-right line as one run', () => {
    expect(visualRuns('Invoice 2026-0001', 'ltr')).toEqual([{ text: 'Invoice 2026-0001', rightToLeft: false }]);
  });

  it('draws an isolated number left of the Arabic words before it, each run in logical order', () => {
    expect(visualRuns(`فاتورة رقم ${isolateLeftToRight('2026-0001')}`, 'rtl')).toEqual([
      { text: '2026-0001', rightToLeft: false },
      { text: 'فاتورة رقم ', rightToLeft: true },
    ]);
  });

  it('drops the direction marks Intl adds and mirrors brackets in a right-to-left run', () => {
    expect(visualRuns('\u200fالمدة (شهر)', 'rtl')).toEqual([{ text: 'المدة )شهر(', rightToLeft: true }]);
  });
});
