import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import UsageChart, {
  binaryIncrs,
  chartData,
  formatSignature,
  isDaily,
  sameData,
  timeRange,
  valueRange,
  withAlpha,
} from '../../src/features/reports/usage-chart';
import { TestI18n } from '../support/i18n';

describe('chart data', () => {
  it('aligns the series on the times in ascending order, a missing value as 0', () => {
    expect(chartData([300, 100, 200], [{ values: [3, 1, 2] }, { values: [30, 10] }])).toEqual([
      [100, 200, 300],
      [1, 2, 3],
      [10, 0, 30],
    ]);
  });

  it('compares figures, not arrays', () => {
    const data = chartData([1, 2], [{ values: [5, 6] }]);
    expect(sameData(chartData([2, 1], [{ values: [6, 5] }]), data)).toBe(true);
    expect(
      sameData(
        [
          [1, 2],
          [5, 7],
        ],
        data,
      ),
    ).toBe(false);
    expect(sameData([[1, 2]], data)).toBe(false);
    expect(
      sameData(
        [
          [1, 2, 3],
          [5, 6, 7],
        ],
        data,
      ),
    ).toBe(false);
  });
});

describe('scales', () => {
  it('steps values by powers of two: whole counts, round binary sizes', () => {
    expect(binaryIncrs.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(binaryIncrs).toContain(1024 ** 2);
    expect(binaryIncrs).toContain(1024 ** 6);
  });

  it('starts values at 0 with room above the highest', () => {
    expect(valueRange(100)).toEqual([0, 108]);
    expect(valueRange(0)).toEqual([0, 1]);
    expect(valueRange(null)).toEqual([0, 1]);
  });

  it('widens the time scale by half a bucket each side', () => {
    expect(timeRange([0, 3600, 7200], 0, 7200)).toEqual([-1800, 9000]);
    expect(timeRange([86_400], 86_400, 86_400)).toEqual([84_600, 88_200]);
  });
});

describe('colours', () => {
  it('adds an opacity to hex and rgb colours', () => {
    expect(withAlpha('#047857', 0.2)).toBe('rgba(4, 120, 87, 0.2)');
    expect(withAlpha(' #fff ', 0.1)).toBe('rgba(255, 255, 255, 0.1)');
    expect(withAlpha('rgb(29 78 216)', 0.5)).toBe('rgba(29, 78, 216, 0.5)');
    expect(withAlpha('rgba(29, 78, 216, 1)', 0.5)).toBe('rgba(29, 78, 216, 0.5)');
    expect(withAlpha('oklch(0.5 0.1 150)', 0.5)).toBeNull();
  });
});

describe('without a canvas (jsdom)', () => {
  it('stays an empty left-to-right box', () => {
    const { container, getByText } = render(
      <TestI18n>
        <p>before</p>
        <UsageChart
          times={[0, 3600]}
          series={[{ label: 'Received', values: [1, 2] }]}
          formatValue={String}
          formatTime={String}
        />
      </TestI18n>,
    );
    expect(getByText('before')).toBeVisible();
    expect(container.querySelector('div[dir="ltr"]')).toBeEmptyDOMElement();
    expect(container.querySelector('canvas')).toBeNull();
  });
});

describe('time axis and labels', () => {
  it('counts in UTC for day buckets only', () => {
    expect(isDaily([0, 86_400])).toBe(true);
    expect(isDaily([0, 3600])).toBe(false);
    expect(isDaily([0])).toBe(false);
  });

  it('tells formatters apart by what they write', () => {
    const english = { formatValue: (value: number) => `${value} B`, formatTime: String };
    expect(formatSignature(english, [60])).toBe(formatSignature({ ...english }, [60]));
    expect(formatSignature(english, [60])).not.toBe(formatSignature({ ...english, formatTime: () => 'x' }, [60]));
    expect(formatSignature(english, [60])).not.toBe(formatSignature(english, [120]));
  });
});
