import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PersianCalendar, toCalendar, parseDate, CalendarDate } from '@internationalized/date';
import type { CalendarName } from '@app/shared/constants';
import { i18n } from '../../lib/i18n.ts';
import { makeUser, renderWithProviders, storeSession, stubServer } from '../../test/render.tsx';
import { DateField, dateValueToIso, isoToDateValue, pickerLocale } from './date-field.tsx';

function Harness({ initial = '', onValue, error }: { initial?: string; onValue: (iso: string) => void; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Date of Birth"
      value={value}
      error={error}
      onChange={(iso) => {
        setValue(iso);
        onValue(iso);
      }}
    />
  );
}

/** Render for a signed-in user whose profile says `calendar`, in `language`. */
async function renderField(calendar: CalendarName, initial = '', language = 'en', error?: string) {
  await act(() => i18n.changeLanguage(language));
  const user = makeUser({ calendar });
  stubServer(user);
  storeSession(user);
  const onValue = vi.fn();
  renderWithProviders(<Harness initial={initial} onValue={onValue} error={error} />);
  await waitFor(() => expect(screen.getAllByRole('spinbutton').length).toBeGreaterThan(0));
  return onValue;
}

const segments = () =>
  Object.fromEntries(
    screen
      .getAllByRole('spinbutton')
      .filter((s) => !s.className.includes('hidden'))
      .map((s) => [s.getAttribute('data-type'), s.textContent]),
  );

// jsdom has no CSS.escape; react-aria's popover reads a CSP nonce <meta> with it.
const css = (globalThis.CSS ??= {} as typeof CSS);
css.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);

afterEach(async () => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('date field conversions', () => {
  it('reads stored ISO days (or timestamps) and refuses what is not a real day', () => {
    expect(isoToDateValue('2026-11-23')?.toString()).toBe('2026-11-23');
    expect(isoToDateValue('2026-11-23 10:30:00')?.toString()).toBe('2026-11-23');
    expect(isoToDateValue('2026-02-30')).toBeNull();
    expect(isoToDateValue('23/11/2026')).toBeNull();
    expect(isoToDateValue('')).toBeNull();
  });

  it('gives back an ISO Gregorian day whatever calendar the date was entered in', () => {
    expect(dateValueToIso(new CalendarDate(new PersianCalendar(), 1405, 9, 2))).toBe('2026-11-23');
    expect(dateValueToIso(new CalendarDate(new PersianCalendar(), 1405, 1, 1))).toBe('2026-03-21');
    expect(dateValueToIso(new CalendarDate(new PersianCalendar(), 1403, 12, 30))).toBe('2025-03-20');
    expect(dateValueToIso(parseDate('2011-03-21'))).toBe('2011-03-21');
    expect(dateValueToIso(null)).toBe('');
    // And back: the stored day read in the Solar Hijri calendar.
    const back = toCalendar(parseDate('2026-11-23'), new PersianCalendar());
    expect([back.year, back.month, back.day]).toEqual([1405, 9, 2]);
  });

  it('tells react-aria the calendar in the locale, both ways', () => {
    expect(pickerLocale('en', 'persian')).toBe('en-u-ca-persian');
    expect(pickerLocale('fa-AF', 'persian')).toBe('fa-AF-u-ca-persian');
    expect(pickerLocale('fa-AF', 'gregorian')).toBe('fa-AF-u-ca-gregory');
  });
});

// Typing and the popover take seconds of jsdom work on a busy machine; a limit, not a measurement.
describe('<DateField>', { timeout: 30_000 }, () => {
  it('shows a stored Gregorian day as its Solar Hijri date for a user of that calendar', async () => {
    await renderField('persian', '2026-11-23');
    expect(segments()).toEqual({ month: '9', day: '2', year: '1405' });
    expect(screen.getByRole('group').textContent).not.toContain('AP');
  });

  it('shows it as it is for a Gregorian user', async () => {
    await renderField('gregorian', '2026-11-23');
    expect(segments()).toEqual({ month: '11', day: '23', year: '2026' });
  });

  it('takes a Solar Hijri date typed from the keyboard and hands the form its ISO Gregorian day', async () => {
    const user = userEvent.setup({ delay: null });
    const onValue = await renderField('persian');
    await user.click(screen.getAllByRole('spinbutton')[0]!);
    // Nowruz 1390: 1 Farvardin.
    await user.keyboard('01011390');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2011-03-21'));
    // The last day of the leap year 1403 (30 Esfand) is the day before Nowruz 1404.
    const month = screen.getAllByRole('spinbutton')[0]!;
    await user.click(month);
    await user.keyboard('12301403');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2025-03-20'));
  });

  it('takes a Gregorian date typed by a Gregorian user unchanged', async () => {
    const user = userEvent.setup({ delay: null });
    const onValue = await renderField('gregorian');
    await user.click(screen.getAllByRole('spinbutton')[0]!);
    await user.keyboard('03212011');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2011-03-21'));
  });

  it('writes Dari digits and still reads digits typed on a Latin keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const onValue = await renderField('persian', '2026-11-23', 'fa-AF');
    expect(segments()).toEqual({ year: '۱۴۰۵', month: '۹', day: '۲' });
    const year = screen.getAllByRole('spinbutton').find((s) => s.getAttribute('data-type') === 'year')!;
    await user.click(year);
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}1404');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2025-11-23'));
  });

  it('picks a day in a Solar Hijri calendar popover', async () => {
    const user = userEvent.setup({ delay: null });
    const onValue = await renderField('persian', '2026-11-23');
    await user.click(screen.getByRole('button', { name: 'Choose a date Date of Birth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar' });
    // The month shown is Qaws 1405 (Intl's Azar), and its 10th is 2026-12-01: a screen reader
    // hears the Afghan names the screen shows, in the month, every day and the month segment.
    await waitFor(() => expect(within(dialog).getByRole('heading').textContent).toMatch(/^Qaws 1405/));
    expect(within(dialog).getByRole('grid').getAttribute('aria-label')).toMatch(/Qaws 1405/);
    const spoken = () => [...document.querySelectorAll('[aria-label], [aria-valuetext]')].map((el) => `${el.getAttribute('aria-label')} ${el.getAttribute('aria-valuetext')}`).join(' | ');
    expect(spoken()).not.toMatch(/Azar|Dey|Farvardin/);
    expect(document.querySelector('[role="spinbutton"][data-type="month"]')?.getAttribute('aria-valuetext')).toBe('9 – Qaws');
    await user.click(within(dialog).getByRole('button', { name: /Qaws 10, 1405/ }));
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2026-12-01'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('empties to an empty string when every segment is cleared', async () => {
    const user = userEvent.setup({ delay: null });
    const onValue = await renderField('gregorian', '2026-11-23');
    await user.click(screen.getAllByRole('spinbutton')[0]!);
    await user.keyboard('{Backspace}{Backspace}{Tab}{Backspace}{Backspace}{Tab}{Backspace}{Backspace}{Backspace}{Backspace}');
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(''));
  });

  it('announces an error and ties it to the field', async () => {
    await renderField('persian', '', 'en', 'Date of birth is required');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Date of birth is required');
    const group = screen.getByRole('group');
    expect(group.getAttribute('aria-describedby') ?? screen.getAllByRole('spinbutton')[0]!.getAttribute('aria-describedby')).toContain(alert.id);
    expect(screen.getAllByRole('spinbutton')[0]!.getAttribute('aria-invalid')).toBe('true');
  });
});
