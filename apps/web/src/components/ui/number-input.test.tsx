import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../lib/i18n.ts';
import { toLanguageDigits, toLatinDigits } from '../../lib/digits.ts';
import { NumberInput } from './number-input.tsx';

function Harness({ initial, decimal, seen }: { initial: string; decimal?: boolean; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={i18n}>
      <label>
        Present
        <NumberInput
          value={value}
          decimal={decimal}
          onValueChange={(v) => {
            seen.push(v);
            setValue(v);
          }}
        />
      </label>
    </I18nextProvider>
  );
}

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

describe('digits', () => {
  it('reads Latin, Persian and Arabic-Indic digits and the Persian decimal point as Latin', () => {
    expect(toLatinDigits('۱۲٫۵')).toBe('12.5');
    expect(toLatinDigits('٢٠')).toBe('20');
    expect(toLatinDigits('1,250 x')).toBe('1250');
  });

  it("writes a Latin number in the language's digits and point", () => {
    expect(toLanguageDigits('12.5', 'fa-AF')).toBe('۱۲٫۵');
    expect(toLanguageDigits('12.5', 'ps-AF')).toBe('۱۲٫۵');
    expect(toLanguageDigits('12.5', 'en')).toBe('12.5');
  });
});

describe('<NumberInput>', () => {
  it('shows a Dari reader Persian digits, whichever digits are typed, and hands over Latin ones', async () => {
    await act(() => i18n.changeLanguage('fa-AF'));
    const seen: string[] = [];
    render(<Harness initial="18" decimal seen={seen} />);
    const input = screen.getByLabelText('Present') as HTMLInputElement;
    expect(input.value).toBe('۱۸');
    const user = userEvent.setup({ delay: null });
    await user.clear(input);
    await user.type(input, '2۰.5');
    expect(input.value).toBe('۲۰٫۵');
    expect(seen.at(-1)).toBe('20.5');
  });

  it('keeps Latin digits in English, and a whole-number field takes no point', async () => {
    const seen: string[] = [];
    render(<Harness initial="" seen={seen} />);
    const input = screen.getByLabelText('Present') as HTMLInputElement;
    await userEvent.setup({ delay: null }).type(input, '1.7a');
    expect(input.value).toBe('17');
    expect(seen.at(-1)).toBe('17');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });
});
