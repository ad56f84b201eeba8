import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  chartBars,
  timeZoneOptions,
  totalsBreakdown,
  wallClockIn,
  zonedToInstant,
} from './mailing-helpers';

describe('actionsFor', () => {
  it('offers only what each state allows', () => {
    expect(actionsFor('draft')).toEqual(['edit', 'delete']);
    expect(actionsFor('scheduled')).toEqual(['unschedule', 'cancel']);
    expect(actionsFor('sending')).toEqual(['pause', 'cancel']);
    expect(actionsFor('paused')).toEqual(['resume', 'cancel']);
    expect(actionsFor('sent')).toEqual([]);
    expect(actionsFor('cancelled')).toEqual([]);
  });
});

describe('totalsBreakdown', () => {
  it('splits the recipients into statuses that add up, the rest as other', () => {
    const { parts, other, recipients } = totalsBreakdown({
      recipients: 10,
      queued: 1,
      sent: 2,
      delivered: 3,
      bounced: 1,
      failed: 0,
      optedOut: 1,
      replies: 4,
    });
    expect(parts.map((part) => part.count)).toEqual([1, 2, 3, 1, 0, 1]);
    expect(other).toBe(2);
    expect(parts.reduce((sum, part) => sum + part.count, 0) + other).toBe(recipients);
  });
});

describe('zonedToInstant', () => {
  it('reads a wall-clock time in its zone, across zones and daylight saving', () => {
    expect(zonedToInstant('2026-01-15', '09:30', 'UTC')).toBe('2026-01-15T09:30:00.000Z');
    expect(zonedToInstant('2026-01-15', '09:30', 'Europe/Paris')).toBe('2026-01-15T08:30:00.000Z');
    expect(zonedToInstant('2026-07-15', '09:30', 'Europe/Paris')).toBe('2026-07-15T07:30:00.000Z');
    expect(zonedToInstant('2026-07-15', '09:30', 'America/New_York')).toBe('2026-07-15T13:30:00.000Z');
    expect(zonedToInstant('2026-07-15', '9h', 'UTC')).toBeNull();
  });

  it('is the inverse of wallClockIn', () => {
    const instant = new Date('2026-03-29T01:15:00.000Z');
    const { date, time } = wallClockIn(instant, 'Asia/Dubai');
    expect({ date, time }).toEqual({ date: '2026-03-29', time: '05:15' });
    expect(zonedToInstant(date, time, 'Asia/Dubai')).toBe(instant.toISOString());
  });
});

describe('timeZoneOptions', () => {
  it('puts the own zone first, once', () => {
    const zones = timeZoneOptions('Europe/Paris');
    expect(zones[0]).toBe('Europe/Paris');
    expect(zones.filter((zone) => zone === 'Europe/Paris')).toHaveLength(1);
  });
});

describe('chartBars', () => {
  it('fills the minutes without sends and keeps the latest ones', () => {
    const bars = chartBars([
      { minute: '2026-01-01T10:00', count: 3 },
      { minute: '2026-01-01T10:03', count: 5 },
    ]);
    expect(bars.map((bar) => bar.count)).toEqual([3, 0, 0, 5]);
    expect(bars[0]?.minute).toBe('2026-01-01T10:00:00.000Z');
    expect(chartBars([], 5)).toEqual([]);
    const latest = chartBars(
      [
        { minute: '2026-01-01T10:00', count: 1 },
        { minute: '2026-01-01T10:09', count: 2 },
      ],
      3,
    );
    expect(latest.map((bar) => bar.minute)).toEqual([
      '2026-01-01T10:07:00.000Z',
      '2026-01-01T10:08:00.000Z',
      '2026-01-01T10:09:00.000Z',
    ]);
  });
});
