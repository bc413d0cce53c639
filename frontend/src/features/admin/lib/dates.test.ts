import { describe, expect, it } from 'vitest';
import {
  EXPORT_DATES_ORDER,
  EXPORT_END_REQUIRED,
  EXPORT_START_REQUIRED,
  addDays,
  exportRangeProblem,
  formatShortDay,
  isDay,
  lagosToday,
  monthStart,
} from './dates';

describe('Lagos days', () => {
  it('counts today in Lagos (UTC+1)', () => {
    expect(lagosToday(Date.UTC(2026, 10, 23, 22, 59))).toBe('2026-11-23');
    expect(lagosToday(Date.UTC(2026, 10, 23, 23, 0))).toBe('2026-11-24');
  });

  it('moves by whole days across months and years', () => {
    expect(addDays('2026-11-23', -29)).toBe('2026-10-25');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(monthStart('2026-11-23')).toBe('2026-11-01');
    expect(formatShortDay('2026-11-23')).toBe('23 Nov');
  });

  it('checks an export range', () => {
    expect(isDay('2026-02-30')).toBe(false);
    expect(exportRangeProblem('', '2026-11-23')).toBe(EXPORT_START_REQUIRED);
    expect(exportRangeProblem('2026-11-23', '')).toBe(EXPORT_END_REQUIRED);
    expect(exportRangeProblem('2026-11-24', '2026-11-23')).toBe(EXPORT_DATES_ORDER);
    expect(exportRangeProblem('2026-11-23', '2026-11-23')).toBeNull();
  });
});
