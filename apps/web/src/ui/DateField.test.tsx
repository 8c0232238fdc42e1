import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField, dayFirstToIso, isoToDayFirst, maskDayFirst } from './DateField';

function Harness({ initial = '', min, max, onValue }: { initial?: string; min?: string; max?: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="From"
        value={value}
        min={min}
        max={max}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <output aria-label="value">{value}</output>
      <button type="button" onClick={() => setValue('2025-12-25')}>
        Christmas
      </button>
    </>
  );
}

describe('day-first dates', () => {
  it('masks, pads and turns ISO round', () => {
    expect(maskDayFirst('05032026')).toBe('05/03/2026');
    expect(maskDayFirst('5/3/2026')).toBe('05/03/2026');
    expect(maskDayFirst('05.03.2026')).toBe('05/03/2026');
    expect(maskDayFirst('2026-03-05')).toBe('05/03/2026');
    expect(maskDayFirst('05')).toBe('05');
    expect(maskDayFirst('05/')).toBe('05/');
    expect(maskDayFirst('050')).toBe('05/0');
    expect(maskDayFirst('0503202699')).toBe('05/03/2026');
    expect(dayFirstToIso('05/03/2026')).toBe('2026-03-05');
    expect(dayFirstToIso('31/02/2026')).toBeNull();
    expect(dayFirstToIso('05/03/26')).toBeNull();
    expect(isoToDayFirst('2026-03-05')).toBe('05/03/2026');
  });
});

describe('DateField', () => {
  it('is a labelled text field that shows the day first and gives the page ISO', async () => {
    const u = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness initial="2026-03-05" onValue={onValue} />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveValue('05/03/2026');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAccessibleDescription(/Day, month, year/);
    expect(screen.getByRole('button', { name: 'From: open a calendar' })).toBeInTheDocument();

    await u.clear(input);
    expect(screen.getByLabelText('value')).toHaveTextContent('');
    await u.type(input, '25122025');
    expect(input).toHaveValue('25/12/2025');
    expect(screen.getByLabelText('value')).toHaveTextContent('2025-12-25');
    expect(onValue).toHaveBeenLastCalledWith('2025-12-25');
  });

  it('explains a date that is not whole or real, after leaving the field', async () => {
    const u = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('From');
    await u.type(input, '3102');
    expect(screen.queryByText(/Enter the date as dd\/mm\/yyyy/)).not.toBeInTheDocument();
    await u.tab();
    expect(screen.getByText('Enter the date as dd/mm/yyyy, for example 25/12/2025')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await u.type(input, '2026');
    // 31 February does not exist.
    expect(screen.getByLabelText('value')).toHaveTextContent('');
  });

  it('keeps to min and max, and follows the page when it sets the date', async () => {
    const u = userEvent.setup();
    render(<Harness min="2026-01-01" max="2026-12-31" />);
    const input = screen.getByLabelText('From');
    await u.type(input, '15/06/2027');
    expect(screen.getByText('Choose 31/12/2026 or earlier')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Christmas' }));
    expect(input).toHaveValue('25/12/2025');
    expect(screen.getByText('Choose 01/01/2026 or later')).toBeInTheDocument();
  });
});
