import { useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarStateContext,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Label,
  Popover,
} from 'react-aria-components';
import { GregorianCalendar, PersianCalendar, parseDate, toCalendar, type CalendarDate, type CalendarIdentifier, type DateValue } from '@internationalized/date';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { CalendarName } from '@app/shared/constants';
import { afghanMonthName } from '@app/shared/afghan-months';
import { intlLocale } from '@app/shared/intl-locale';
import { cn } from '../../lib/cn.ts';
import { formatNumber, parseStoredDate } from '../../lib/format-date.ts';
import { useDateDisplay } from '../../lib/use-format.ts';
import { MONTH_NAMES_ATTRIBUTE, useAfghanMonthNamesForScreenReaders } from './afghan-month-names.ts';

/**
 * The one date input: typed segment by segment from the keyboard or picked in a
 * calendar, shown in the reader's calendar (Solar Hijri or Gregorian) and language, and always
 * handed to the form as an ISO Gregorian 'YYYY-MM-DD' (or '' when empty), which is what the API
 * stores. Built on react-aria's DatePicker, which labels every segment, announces the calendar
 * grid and traps focus in the popover.
 */

/** Only the two calendars a user can choose: the rest of @internationalized/date's calendars stay out of the bundle. */
function createCalendar(identifier: CalendarIdentifier) {
  if (identifier === 'persian') return new PersianCalendar();
  if (identifier === 'gregory') return new GregorianCalendar();
  throw new Error(`Calendar ${identifier} is not offered`);
}

const INTL_CALENDAR: Record<CalendarName, CalendarIdentifier> = { gregorian: 'gregory', persian: 'persian' };

/**
 * The locale react-aria formats and parses with: the language, with the calendar as a Unicode
 * extension ('fa-AF-u-ca-persian', 'en-u-ca-persian', 'fa-AF-u-ca-gregory'). The extension is
 * needed both ways: Dari and Pashto default to the Solar Hijri calendar, English to Gregorian.
 */
export function pickerLocale(language: string, calendar: CalendarName): string {
  return `${intlLocale(language.replace(/-u-.*$/, ''))}-u-ca-${INTL_CALENDAR[calendar]}`;
}

/** A stored ISO date as the picker's value (the calendar it is shown in is the locale's), or null. */
export function isoToDateValue(iso: string | null | undefined): CalendarDate | null {
  const day = iso?.slice(0, 10);
  if (!day || !parseStoredDate(day)?.dateOnly) return null;
  return parseDate(day);
}

/** What the picker gives back, in whatever calendar it was entered, as an ISO Gregorian day. */
export function dateValueToIso(value: DateValue | null | undefined): string {
  if (!value) return '';
  const g = toCalendar(value, new GregorianCalendar());
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(g.year, 4)}-${pad(g.month)}-${pad(g.day)}`;
}

/**
 * A day whose year is typed in full. react-aria hands over a date as soon as every segment holds
 * something, so the first digit of a year is already "year 2": a filter applying that would ask
 * the server for 0002-… and then 0020-… on the way to 2026. Years of fewer than four digits are
 * never meant (in either calendar), so they count as still being typed.
 */
export function isWholeDate(value: DateValue): boolean {
  return value.year >= 1000;
}

const headingClasses = 'text-sm font-semibold';

/**
 * The calendar's month and year. In Solar Hijri, the month by its Afghan name (Hamal, Qaws) in
 * every language, from the shared list: react-aria's own heading gives English the Iranian names.
 */
function MonthHeading({ calendar, language }: { calendar: CalendarName; language: string }) {
  const state = useContext(CalendarStateContext);
  if (calendar !== 'persian' || !state) return <Heading className={headingClasses} />;
  const { month, year } = state.visibleRange.start;
  return <Heading className={headingClasses}>{`${afghanMonthName(month, language)} ${formatNumber(year, language, { useGrouping: false })}`}</Heading>;
}

export interface DateFieldProps {
  label: ReactNode;
  /** ISO Gregorian 'YYYY-MM-DD', or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  /** A message to show and announce under the field (the form's validation or the server's). */
  error?: string;
  /** Earliest and latest ISO days the calendar offers. */
  min?: string;
  max?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
  className?: string;
  /** For the form to focus the field on an error (react-hook-form's field ref). */
  focusRef?: (handle: { focus: () => void } | null) => void;
  /**
   * Hand over only a whole date (or none): a filter, which queries on every change. A year still
   * being typed stays in the field and nothing is handed over until its fourth digit.
   */
  wholeDatesOnly?: boolean;
}

export function DateField({ label, value, onChange, onBlur, error, min, max, isRequired, isDisabled, name, className, focusRef, wholeDatesOnly }: DateFieldProps) {
  const { t } = useTranslation();
  const { language, calendar } = useDateDisplay();
  const locale = pickerLocale(language, calendar);
  const errorId = useId();
  const groupRef = useRef<HTMLDivElement | null>(null);
  const dateValue = useMemo(() => isoToDateValue(value), [value]);
  // A date still being typed (wholeDatesOnly): shown, not handed over. A new value from outside
  // (a reset, the browser's back button) replaces it.
  const [typing, setTyping] = useState<DateValue | null>(null);
  useEffect(() => setTyping(null), [value]);
  const [open, setOpen] = useState(false);
  // Inside a modal (a Radix Dialog), the calendar opens inside it: portalled to <body> it would be
  // "outside" the modal, which closes on a click there and keeps focus from reaching it.
  const [modal, setModal] = useState<Element | undefined>();
  // What react-aria says to a screen reader names the months as the screen does.
  useAfghanMonthNamesForScreenReaders(calendar === 'persian', language);
  const monthNames = calendar === 'persian' ? { [MONTH_NAMES_ATTRIBUTE]: '' } : {};

  // react-hook-form focuses a field with an error through its ref: the first segment is the field.
  const setGroup = useCallback(
    (node: HTMLDivElement | null) => {
      groupRef.current = node;
      setModal(node?.closest('[role="dialog"]') ?? undefined);
      focusRef?.(node ? { focus: () => node.querySelector<HTMLElement>('[role="spinbutton"]')?.focus() } : null);
    },
    [focusRef],
  );

  // Escape in an open calendar closes the calendar only. A modal around it listens for Escape on
  // the document in the capture phase (before the calendar hears it), so it is caught on window first.
  useEffect(() => {
    if (!open || !modal) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, modal]);

  return (
    <I18nProvider locale={locale}>
      <DatePicker
        className={cn('group flex flex-col', className)}
        {...monthNames}
        value={typing ?? dateValue}
        onChange={(next) => {
          if (wholeDatesOnly && next && !isWholeDate(next)) {
            setTyping(next);
            return;
          }
          setTyping(null);
          onChange(dateValueToIso(next));
        }}
        onBlur={onBlur}
        minValue={isoToDateValue(min) ?? undefined}
        maxValue={isoToDateValue(max) ?? undefined}
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={!!error}
        // The form's zod schema (and the server) decide what is valid; react-aria only marks it.
        validationBehavior="aria"
        name={name}
        aria-describedby={error ? errorId : undefined}
        granularity="day"
        isOpen={open}
        onOpenChange={setOpen}
      >
        <Label className="mb-1 block text-sm font-medium text-gray-700 dark:text-gray-200">{label}</Label>
        <Group
          ref={setGroup}
          className={cn(
            'flex w-full items-center rounded-md border border-gray-300 bg-white text-sm text-gray-900 shadow-sm',
            'focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30',
            'data-[disabled]:opacity-60 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100',
            error && 'border-red-500 focus-within:border-red-500 focus-within:ring-red-500/30',
          )}
        >
          {/* Digits and segment order follow the language (۱۴۰۵/۰۹/۰۲ in Dari); Latin digits typed are read too. */}
          <DateInput className="flex flex-1 flex-wrap px-3 py-1.5 tabular-nums">
            {(segment) =>
              // Intl adds the Solar Hijri era ("AP") in English and Pashto; one who chose the calendar knows it.
              segment.type === 'era' && calendar === 'persian' ? (
                <></>
              ) : (
              <DateSegment
                segment={segment}
                className={cn(
                  'rounded px-0.5 outline-none focus:bg-brand-700 focus:text-white',
                  'data-[placeholder]:text-gray-500 dark:data-[placeholder]:text-gray-400',
                  // Each part a thumb-sized target (WCAG 2.2: 24 px); the separators are not targets.
                  segment.type === 'literal' ? 'px-0' : 'min-w-6 text-center leading-6',
                )}
              />
              )
            }
          </DateInput>
          <Button
            aria-label={t('dateField.open')}
            className="me-1 rounded p-1.5 text-gray-600 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600 dark:text-gray-300 dark:hover:bg-gray-800"
          >
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
          </Button>
        </Group>
        {error ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <Popover
          {...monthNames}
          UNSTABLE_portalContainer={modal}
          placement="bottom start"
          className="rounded-lg border border-gray-200 bg-white p-3 text-gray-900 shadow-lg outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          <Dialog aria-label={t('dateField.dialog')} className="outline-none">
            {/* Afghanistan's week starts on Saturday. */}
            <Calendar createCalendar={createCalendar} firstDayOfWeek={calendar === 'persian' ? 'sat' : undefined}>
              <header className="mb-2 flex items-center justify-between gap-2">
                <Button slot="previous" className="rounded p-1.5 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600 dark:hover:bg-gray-800">
                  {/* Chevrons point the way time runs on the page: flipped in right-to-left languages. */}
                  <ChevronLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
                </Button>
                <MonthHeading calendar={calendar} language={language} />
                <Button slot="next" className="rounded p-1.5 outline-none hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-600 dark:hover:bg-gray-800">
                  <ChevronRight className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
                </Button>
              </header>
              <CalendarGrid className="border-separate border-spacing-0.5 text-center text-sm">
                {(date) => (
                  <CalendarCell
                    date={date}
                    className={cn(
                      'flex h-9 w-9 items-center justify-center rounded-md tabular-nums outline-none',
                      'hover:bg-gray-100 dark:hover:bg-gray-800',
                      'data-[outside-month]:hidden data-[disabled]:text-gray-400 data-[unavailable]:text-gray-400',
                      'data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600',
                      'data-[selected]:bg-brand-700 data-[selected]:text-white',
                    )}
                  />
                )}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
    </I18nProvider>
  );
}

/** DateField bound to a react-hook-form field holding an ISO 'YYYY-MM-DD' string. */
export function FormDateField<T extends FieldValues, R extends FieldValues = T>({
  control,
  name,
  ...rest
}: Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'focusRef' | 'name'> & { control: Control<T, unknown, R>; name: FieldPath<T> }) {
  const { field } = useController<T, FieldPath<T>, R>({ control, name });
  return (
    <DateField
      {...rest}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      focusRef={field.ref}
    />
  );
}
